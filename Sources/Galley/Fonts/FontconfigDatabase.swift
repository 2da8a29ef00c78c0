import CFontconfig

/// Galley's one door to fontconfig: a private configuration holding, when asked, the system's configured fonts.
/// The bundled fonts are not in it: ``FontLibrary`` searches them itself, before asking fontconfig.
///
/// Not thread-safe; ``FontLibrary`` keeps it behind a lock.
final class FontconfigDatabase {
    /// A face fontconfig pointed at: its file and face index.
    struct Match: Hashable {
        let path: String
        let index: Int
        let families: [String]
    }

    private let config: OpaquePointer

    init(includeSystemFonts: Bool) throws {
        // Without system fonts the configuration is still loaded (not built), for its cache directory and aliases.
        let made = includeSystemFonts ? FcInitLoadConfigAndFonts() : FcInitLoadConfig()
        guard let config = made else { throw FontError.fontconfigFailed(operation: "load the configuration") }
        self.config = config
    }

    deinit { FcConfigDestroy(config) }

    /// The best face for a family name at a weight (OpenType 100–900) and slant, or nil when none matches.
    func match(family: String, weight: Double, italic: Bool) -> Match? {
        let pattern = makePattern(weight: weight, italic: italic)
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        return Self.match(in: found)
    }

    /// The first face, in fontconfig's order of preference for the weight and slant, whose character set
    /// contains `scalar`. Emoji-presentation characters ask for the `emoji` family first.
    /// The best face for `scalar` at `weight` and slant, a colour-emoji one first when `preferEmoji`, and one made
    /// for `language` (fontconfig's tag, from ``language(for:)``; "" for none) among faces that cover it alike.
    func fallback(for scalar: Unicode.Scalar, weight: Double, italic: Bool, preferEmoji: Bool, language: String)
        -> Match?
    {
        let pattern = makePattern(weight: weight, italic: italic)
        defer { FcPatternDestroy(pattern) }
        if !language.isEmpty { FcPatternAddString(pattern, FC_LANG, language) }
        let charset = FcCharSetCreate()
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar.value)
        FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        if preferEmoji { FcPatternAddString(pattern, FC_FAMILY, "emoji") }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(config, pattern, 1, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for position in 0..<Int(sorted.pointee.nfont) {
            guard let candidate = sorted.pointee.fonts[position] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(candidate, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                FcCharSetHasChar(fontCharset, scalar.value) != 0
            else { continue }
            let rendered = FcFontRenderPrepare(config, pattern, candidate)
            defer { if let rendered { FcPatternDestroy(rendered) } }
            if let match = Self.match(in: rendered ?? candidate) { return match }
        }
        return nil
    }

    /// fontconfig's language tag for a BCP 47 one: fontconfig knows Chinese by region (`zh-cn`, `zh-tw`,
    /// `zh-hk`), so a script subtag picks the region that writes it; other tags keep their language subtag.
    static func language(for tag: String) -> String {
        let parts = tag.lowercased().split { $0 == "-" || $0 == "_" }
        guard let primary = parts.first else { return "" }
        guard primary == "zh" else { return String(primary) }
        if parts.contains("hk") || parts.contains("mo") { return "zh-hk" }
        if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
        return "zh-cn"
    }

    /// Every face in the system set (application fonts excluded), one entry per face, sorted by family.
    func systemFaces() -> [FontDescription] {
        guard let set = FcConfigGetFonts(config, FcSetSystem) else { return [] }
        var faces = Set<FontDescription>()
        for position in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[position], let match = Self.match(in: pattern) else { continue }
            var style: UnsafeMutablePointer<FcChar8>?
            let styleName =
                FcPatternGetString(pattern, FC_STYLE, 0, &style) == FcResultMatch
                ? style.map { String(cString: $0) } ?? "" : ""
            faces.insert(
                FontDescription(
                    family: match.families.first ?? "", style: styleName, path: match.path, index: match.index,
                    isBundled: false))
        }
        return faces.sorted { ($0.family, $0.style, $0.path, $0.index) < ($1.family, $1.style, $1.path, $1.index) }
    }

    private func makePattern(weight: Double, italic: Bool) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(weight).rounded().clampedInt32)
        FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        return pattern
    }

    private static func match(in pattern: OpaquePointer) -> Match? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        var families: [String] = []
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, Int32(families.count), &family) == FcResultMatch, let family {
            families.append(String(cString: family))
        }
        // The high 16 bits of a variable font's index name an instance; Galley sets coordinates itself.
        return Match(path: String(cString: file), index: Int(index & 0xFFFF), families: families)
    }
}

extension Double {
    fileprivate var clampedInt32: Int32 { Int32(Swift.min(Swift.max(self, -1_000_000), 1_000_000)) }
}

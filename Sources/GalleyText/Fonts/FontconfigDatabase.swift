import CFontconfig

/// Galley's one door to fontconfig: a private configuration holding the system's configured fonts. The bundled
/// fonts are not in it: ``FontLibrary`` searches them itself, before asking fontconfig.
///
/// Not thread-safe; ``FontLibrary`` keeps it behind a lock.
final class FontconfigDatabase {
    /// A face fontconfig pointed at: its file and face index.
    struct Match: Hashable {
        let path: String
        let index: Int
        let families: [String]
    }

    /// What a fallback request is sorted by, besides the character.
    private struct Preference: Hashable {
        let weight: Int32
        let italic: Bool
        let preferEmoji: Bool
        let language: String
    }

    /// A request's pattern and fontconfig's faces in order of preference for it.
    private struct SortedFaces {
        let pattern: OpaquePointer
        let fonts: UnsafeMutablePointer<FcFontSet>
    }

    private let config: OpaquePointer
    /// The sorted faces per preference, kept so a character costs a walk of character-set lookups, not a sort of
    /// the whole set (about a millisecond). At most ``sortedPreferenceLimit`` kept.
    private var sortedFaces: [Preference: SortedFaces] = [:]
    private static let sortedPreferenceLimit = 64

    init() throws {
        guard let config = FcInitLoadConfigAndFonts() else {
            throw FontError.fontconfigFailed(operation: "load the configuration")
        }
        self.config = config
    }

    deinit {
        forgetSortedFaces()
        FcConfigDestroy(config)
    }

    private func forgetSortedFaces() {
        for entry in sortedFaces.values {
            FcFontSetDestroy(entry.fonts)
            FcPatternDestroy(entry.pattern)
        }
        sortedFaces.removeAll()
    }

    /// The best face for a family name at a weight (OpenType 100–900) and slant, or nil when none matches.
    func match(family: String, weight: Double, italic: Bool) -> Match? {
        let pattern = makePattern(weight: Self.weight(weight), italic: italic)
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        return Self.match(in: found)
    }

    /// The best face for `scalar` at `weight` and slant, a colour-emoji one first when `preferEmoji`, and one made
    /// for `language` (fontconfig's tag, from ``language(for:)``; "" for none) among faces that cover it alike:
    /// the first face covering it in fontconfig's order for the request.
    ///
    /// That order is sorted once per request without the character: fontconfig ranks coverage of a pattern's
    /// character set above family, language and style, so asking with the character in the pattern would order
    /// the faces covering it exactly as they stand here, and trimming never removes the first face to cover one.
    func fallback(for scalar: Unicode.Scalar, weight: Double, italic: Bool, preferEmoji: Bool, language: String)
        -> Match?
    {
        let preference = Preference(
            weight: Self.weight(weight), italic: italic,
            preferEmoji: preferEmoji, language: language)
        guard let sorted = sortedFaces[preference] ?? sort(for: preference) else { return nil }
        for position in 0..<Int(sorted.fonts.pointee.nfont) {
            guard let candidate = sorted.fonts.pointee.fonts[position] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(candidate, FC_CHARSET, 0, &fontCharset) == FcResultMatch,
                FcCharSetHasChar(fontCharset, scalar.value) != 0
            else { continue }
            let rendered = FcFontRenderPrepare(config, sorted.pattern, candidate)
            defer { if let rendered { FcPatternDestroy(rendered) } }
            if let match = Self.match(in: rendered ?? candidate) { return match }
        }
        return nil
    }

    private func sort(for preference: Preference) -> SortedFaces? {
        let pattern = makePattern(weight: preference.weight, italic: preference.italic)
        if !preference.language.isEmpty { FcPatternAddString(pattern, FC_LANG, preference.language) }
        if preference.preferEmoji { FcPatternAddString(pattern, FC_FAMILY, "emoji") }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let fonts = FcFontSort(config, pattern, 1, nil, &result) else {
            FcPatternDestroy(pattern)
            return nil
        }
        if sortedFaces.count >= Self.sortedPreferenceLimit { forgetSortedFaces() }
        let sorted = SortedFaces(pattern: pattern, fonts: fonts)
        sortedFaces[preference] = sorted
        return sorted
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

    /// fontconfig's weight for an OpenType one (100–900).
    private static func weight(_ weight: Double) -> Int32 { FcWeightFromOpenTypeDouble(weight).rounded().clampedInt32 }

    private func makePattern(weight: Int32, italic: Bool) -> OpaquePointer {
        let pattern = FcPatternCreate()!
        FcPatternAddInteger(pattern, FC_WEIGHT, weight)
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

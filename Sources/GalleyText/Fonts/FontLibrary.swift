import Foundation

/// Finds fonts: Galley's bundled fonts first, then the system's fonts through fontconfig, and the fallback
/// font for characters a font lacks.
///
/// A library opens each font file once and keeps its faces for its own lifetime. Every method is safe to call
/// from several threads: the face table, the fallback cache and fontconfig sit behind one lock.
///
/// ```swift
/// let library = try FontLibrary.standard
/// let body = try library.font(family: "Inter", size: 17)
/// let heading = try library.font(family: "Inter", size: 22, weight: 600)
/// ```
public final class FontLibrary: @unchecked Sendable {
    /// The family used when text names no font: the bundled Inter.
    public let defaultFamily: String
    /// The family for code: the bundled JetBrains Mono.
    public let monospacedFamily: String
    /// The bundled faces, in a fixed order (by path).
    public let bundledFaces: [FontFace]
    /// The most bytes a font file may have (Noto Sans CJK's collection is 20 MB, Noto Color Emoji's 10 MB): a file
    /// over it is refused before it is read. Faces are shared by every piece of work, so their bound is too.
    public static let fontFileByteLimit = 128 << 20
    /// Whether fontconfig's system fonts are searched after the bundled ones.
    public let includesSystemFonts: Bool
    /// Why each file or face of a fonts directory (``BundledFonts/directory(_:)``) that was left out could not be
    /// used: damaged, truncated, too large, not a font. The command line prints them as warnings.
    public let skippedBundledFaces: [FontError]

    private struct State {
        /// Faces opened from paths, by file identity (device and inode) and face index: spellings of one path
        /// (`a/./b`, symbolic links) share a face. Bounded; fonts made from a dropped face keep it alive.
        var faces = BoundedTable<FaceKey, FontFace>(costLimit: FontLibrary.faceCacheLimit)
        var fallbacks = BoundedTable<FallbackKey, FontFace?>(costLimit: FontLibrary.fallbackCacheLimit)
        var families = BoundedTable<FamilyRequest, Font>(costLimit: FontLibrary.familyCacheLimit)
    }

    private struct FamilyRequest: Hashable {
        let family: String
        let size: Double
        let weight: Double
        let italic: Bool
    }

    private struct FaceKey: Hashable {
        let file: FileIdentity
        let index: Int
    }

    private struct BundledKey: Hashable {
        let path: String
        let index: Int
    }

    /// The bundled faces by their path (compiled-in paths name no file on disk) and index.
    private let bundledByPath: [BundledKey: FontFace]

    /// How many faces opened from paths the library keeps before it starts over.
    public static let faceCacheLimit = 256

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let weightClass: Int
        let italic: Bool
        let emoji: Bool
        /// fontconfig's language for the text (`zh-cn`, `ja`…), or "" when none.
        let language: String
    }

    /// How many fallback answers the cache keeps before it starts over.
    public static let fallbackCacheLimit = 65_536

    /// How many family lookups the cache keeps before it starts over: each keeps its font's HarfBuzz instance
    /// alive, and requests can name any weight (21,504 rows of distinct weights once held 609 MB in 65,536).
    public static let familyCacheLimit = 4_096

    private let state = Locked(State())
    /// ``bundledFacesNearestFirst(weight:italic:)``'s orders.
    private let nearestFirstOrders = Locked<[NearestKey: [FontFace]]>([:])
    /// The system's fonts, loaded when first asked for: loading reads fontconfig's configuration and caches (a
    /// noticeable share of every `galley` run's start), which text the bundled fonts cover never needs.
    private let fontconfig = Locked<FontconfigDatabase?>(nil)

    /// A library over the bundled fonts (searched first) and, when `includeSystemFonts` is true, the system's
    /// fonts as fontconfig configures them.
    ///
    /// - Parameters:
    ///   - bundledFonts: where the bundled fonts come from: by default the fonts compiled into Galley, so a
    ///     built program needs no Fonts/ directory wherever it runs.
    ///   - includeSystemFonts: false gives a library that sees only the bundled fonts, for results that are
    ///     the same on every machine (tests, golden images, `--no-system-fonts`).
    ///   - defaultFamily: the family used when text names no font (``defaultFamily``).
    ///   - monospacedFamily: the family for code (``monospacedFamily``).
    /// - Throws: ``FontError/fontsDirectoryUnusable(path:)`` when a fonts directory holds no readable font;
    ///   ``FontError/invalidFontFile(path:reason:)`` when a compiled-in font cannot be opened.
    public init(
        bundledFonts: BundledFonts = .compiledIn, includeSystemFonts: Bool = true,
        defaultFamily: String = "Inter", monospacedFamily: String = "JetBrains Mono"
    ) throws {
        let (faces, skipped) = try bundledFonts.faces()
        bundledFaces = faces
        skippedBundledFaces = skipped
        includesSystemFonts = includeSystemFonts
        self.defaultFamily = defaultFamily
        self.monospacedFamily = monospacedFamily
        bundledByPath = Dictionary(
            faces.map { (BundledKey(path: $0.path, index: $0.index), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The library over the bundled fonts and the system's fonts, made on first use and shared. The bundled
    /// fonts are ``BundledFonts/fromEnvironment``: the compiled-in ones unless `$GALLEY_FONTS_DIR` names a
    /// directory.
    public static var standard: FontLibrary {
        get throws { try standardLibrary.get() }
    }

    /// The library over the bundled fonts alone (``BundledFonts/fromEnvironment``, no system fonts), made on
    /// first use and shared: layout and images that are the same on every machine.
    public static var bundledOnly: FontLibrary {
        get throws { try bundledOnlyLibrary.get() }
    }

    private static let standardLibrary = Result { try FontLibrary(bundledFonts: .fromEnvironment) }
    private static let bundledOnlyLibrary = Result {
        try FontLibrary(bundledFonts: .fromEnvironment, includeSystemFonts: false)
    }

    // MARK: Finding fonts

    /// A font of `family` at `size` points, the face nearest to `weight` (OpenType 100–900) and `italic`.
    ///
    /// Bundled families are searched first, then fontconfig's. A variable face gets `weight` on its `wght` axis.
    /// Generic names (`sans-serif`, `serif`, `monospace`, `emoji`, `system-ui`) take whatever fontconfig picks.
    ///
    /// - Throws: ``FontError/unknownFamily(name:bundledFamilies:)`` when no font of the family exists;
    ///   ``FontError/invalidSize(_:limit:)`` for a bad size; ``FontError/fontconfigFailed(operation:)`` when
    ///   the system's fonts are searched and fontconfig cannot load its configuration.
    public func font(family: String, size: Double, weight: Double = 400, italic: Bool = false) throws -> Font {
        let request = FamilyRequest(family: family, size: size, weight: weight, italic: italic)
        if let font = state.withLock({ $0.families[request] }) { return font }
        let font = try findFont(family: family, size: size, weight: weight, italic: italic)
        state.withLock { state in
            state.families.insert(font, for: request)
        }
        return font
    }

    private func findFont(family: String, size: Double, weight: Double, italic: Bool) throws -> Font {
        guard size.isFinite, Font.sizeLimit.contains(size) else {
            throw FontError.invalidSize(size, limit: Font.sizeLimit)
        }
        if let face = bestBundledFace(family: family, weight: weight, italic: italic) {
            return try Self.font(face: face, size: size, weight: weight)
        }
        if includesSystemFonts,
            let match = try withFontconfig({ $0.match(family: family, weight: weight, italic: italic) }),
            Self.genericFamilies.contains(family.lowercased())
                || match.families.contains(where: { $0.caseInsensitiveCompare(family) == .orderedSame })
        {
            return try Self.font(
                face: face(path: match.path, index: match.index, foundByFontconfig: true), size: size, weight: weight)
        }
        throw FontError.unknownFamily(name: family, bundledFamilies: bundledFamilies)
    }

    /// A font from the file at `path` (face `index` of a collection) at `size` points.
    ///
    /// - Throws: ``FontError/fileNotFound(path:)``, ``FontError/invalidFontFile(path:reason:)``,
    ///   ``FontError/faceIndexOutOfRange(path:index:faceCount:)``, ``FontError/invalidSize(_:limit:)``.
    public func font(path: String, index: Int = 0, size: Double, weight: Double? = nil) throws -> Font {
        let face = try face(path: path, index: index)
        return try weight.map { try Self.font(face: face, size: size, weight: $0) } ?? Font(face: face, size: size)
    }

    /// The face at `path` and `index`: a bundled face by its path, else the file opened once per file identity
    /// (device and inode, so other spellings of the path share it) and kept, up to ``faceCacheLimit`` faces.
    public func face(path: String, index: Int = 0) throws -> FontFace {
        try face(path: path, index: index, foundByFontconfig: false)
    }

    /// The face at `path` and `index`; one fontconfig found (which indexed it with FreeType) opens in FreeType
    /// only when drawn, one named by a caller is proved a font by FreeType now.
    private func face(path: String, index: Int, foundByFontconfig: Bool) throws -> FontFace {
        if let bundled = bundledByPath[BundledKey(path: path, index: index)] { return bundled }
        guard let file = FileIdentity(path: path) else { throw FontError.fileNotFound(path: path) }
        let key = FaceKey(file: file, index: index)
        if let face = state.withLock({ $0.faces[key] }) { return face }
        let face = try FontFace(
            path: path, index: index, isBundled: false, freeType: foundByFontconfig ? .whenDrawn : .verifiedAndKept)
        return state.withLock { state in
            if let existing = state.faces[key] { return existing }
            state.faces.insert(face, for: key)
            return face
        }
    }

    /// The names of the bundled families, in the order their faces are searched.
    public var bundledFamilies: [String] {
        var seen = Set<String>()
        return bundledFaces.map(\.familyName).filter { seen.insert($0).inserted }
    }

    /// Every face Galley can use: the bundled faces first, then the system's (when included), for `galley fonts`.
    public func availableFaces() -> [FontDescription] {
        let bundled = bundledFaces.map {
            FontDescription(family: $0.familyName, style: $0.styleName, path: $0.path, index: $0.index, isBundled: true)
        }
        guard includesSystemFonts else { return bundled }
        let bundledPaths = Set(bundledFaces.map(\.path))
        let system = (try? withFontconfig { $0.systemFaces() }) ?? []
        return bundled + system.filter { !bundledPaths.contains($0.path) }
    }

    /// Whether the system fonts' database has been loaded (by a lookup the bundled fonts could not answer).
    var hasLoadedSystemFonts: Bool { fontconfig.withLock { $0 != nil } }

    /// `body`'s answer from the system fonts' database, which the first call loads.
    ///
    /// - Throws: ``FontError/fontconfigFailed(operation:)`` when fontconfig cannot load its configuration.
    private func withFontconfig<Answer>(_ body: (FontconfigDatabase) -> Answer) throws -> Answer {
        // The database is not thread-safe: `body` runs inside the lock.
        try fontconfig.withLock { database in
            let loaded = try database ?? FontconfigDatabase()
            database = loaded
            return body(loaded)
        }
    }

    // MARK: Fallback

    /// The font to draw `scalar` with when `font` lacks it: the nearest bundled face in weight and slant that has
    /// it, then fontconfig's best face for the character in `language` (a BCP 47 tag: Chinese, Japanese and
    /// Korean text get their own region's CJK face) at the same weight and slant. Nil when no font on the
    /// machine covers it.
    ///
    /// The answer is `font` itself when it covers the character, unless `preferringEmoji` asks for a colour-emoji
    /// font first (a character followed by U+FE0F). Answers are cached per character, weight class, slant, emoji
    /// preference and fontconfig language (at most ``fallbackCacheLimit`` entries).
    public func fallbackFont(
        for scalar: Unicode.Scalar, replacing font: Font, preferringEmoji: Bool = false, language: String? = nil
    ) -> Font? {
        var fallbacks = FallbackFonts(library: self)
        return fallbacks.font(for: scalar, replacing: font, preferringEmoji: preferringEmoji, language: language)
    }

    /// The face ``fallbackFont(for:replacing:preferringEmoji:language:)`` draws `scalar` with, for a character
    /// `font` lacks (or one preferring emoji), the bundled faces in the order
    /// ``bundledFacesNearestFirst(weight:italic:)`` gives for `font`'s weight and slant, and the language in
    /// fontconfig's form (``FontconfigDatabase/language(for:)``), asked only when the system's fonts are: the
    /// itemizer asks it per character, keeps the order for its paragraph and makes a font of a face only when the
    /// face changes.
    func fallbackFace(
        for scalar: Unicode.Scalar, replacing font: Font, preferringEmoji: Bool,
        bundledNearestFirst: @autoclosure () -> [FontFace], fontconfigLanguage: @autoclosure () -> String
    ) -> FontFace? {
        let italic = font.face.isItalic
        // No character below U+231A, nor an ideograph, has Emoji_Presentation: the commonest skip the lookup.
        let emoji =
            preferringEmoji
            || (scalar.value >= 0x231A && !CharacterClasses.isUnifiedIdeograph(scalar.value)
                && scalar.properties.isEmojiPresentation)
        if !emoji {
            // The nearest bundled face in weight and slope that covers it (the first in path order among equals),
            // asking the nearest first: a face's character map is read only when asked, and a bold Chinese face
            // need not be when a regular one answers. Asked before the cache: a bit per face is cheaper than a key.
            // Each face asked unretained: the array holds them, and a retain and release cost more than the bit test
            // (with the itemizer's and autospace's unretained references, 1.6% of `galley measure`: ARCHITECTURE.md).
            let faces = bundledNearestFirst()
            for face in faces.lazy.map(Unmanaged.passUnretained)
            where face._withUnsafeGuaranteedRef({ $0.covers(scalar) }) {
                return face.takeUnretainedValue()
            }
        }
        guard includesSystemFonts else { return nil }
        let key = FallbackKey(
            scalar: scalar.value, weightClass: Int((font.weight / 100).rounded()), italic: italic, emoji: emoji,
            language: fontconfigLanguage())
        if let cached = state.withLock({ $0.fallbacks[key] }) { return cached }
        let face = systemFallbackFace(
            for: scalar, weight: font.weight, italic: italic, preferEmoji: emoji, language: key.language)
        state.withLock { $0.fallbacks.insert(face, for: key) }
        return face
    }

    /// A font of `face` at `size`, at `weight` on its `wght` axis when it has one (as fallback fonts are made).
    static func font(face: FontFace, size: Double, weight: Double) throws -> Font {
        let font = try Font(face: face, size: size)
        return try font.withWeight(weight)
    }

    /// The face fontconfig proposes for `scalar`, when it covers it.
    private func systemFallbackFace(
        for scalar: Unicode.Scalar, weight: Double, italic: Bool, preferEmoji: Bool, language: String
    ) -> FontFace? {
        let match = try? withFontconfig {
            $0.fallback(for: scalar, weight: weight, italic: italic, preferEmoji: preferEmoji, language: language)
        }
        guard let match, let face = try? face(path: match.path, index: match.index, foundByFontconfig: true),
            face.covers(scalar)
        else {
            return nil
        }
        return face
    }

    /// The bundled faces nearest first in weight and slope to `weight` and `italic` (path order among equals):
    /// sorted once per weight and slope asked for, not once per character that misses the fallback cache.
    func bundledFacesNearestFirst(weight: Double, italic: Bool) -> [FontFace] {
        let key = NearestKey(weight: weight, italic: italic)
        if let known = nearestFirstOrders.withLock({ $0[key] }) { return known }
        let order = bundledFaces.enumerated().sorted {
            (Self.distance($0.element, weight, italic), $0.offset)
                < (Self.distance($1.element, weight, italic), $1.offset)
        }.map(\.element)
        nearestFirstOrders.withLock { orders in
            // Weights come from user input: kept to a few dozen orders.
            if orders.count >= 64 { orders.removeAll() }
            orders[key] = order
        }
        return order
    }

    private struct NearestKey: Hashable {
        let weight: Double
        let italic: Bool
    }

    // MARK: Choosing among faces

    private static let genericFamilies: Set<String> = ["sans-serif", "serif", "monospace", "emoji", "system-ui"]

    private func bestBundledFace(family: String, weight: Double, italic: Bool) -> FontFace? {
        bundledFaces
            .filter { $0.familyName.caseInsensitiveCompare(family) == .orderedSame }
            .min { Self.distance($0, weight, italic) < Self.distance($1, weight, italic) }
    }

    /// How far a face is from a wanted weight and slant: slant dominates, then weight (0 inside a variable range).
    private static func distance(_ face: FontFace, _ weight: Double, _ italic: Bool) -> Double {
        let slant = face.isItalic == italic ? 0.0 : 10_000
        if let axis = face.axis("wght") {
            return slant + max(0, axis.minimum - weight, weight - axis.maximum)
        }
        return slant + abs(Double(face.weightClass) - weight)
    }

}

/// The fallback fonts of one paragraph, as the itemizer asks for them character by character: the library's
/// answer per character (cached there), the language turned into fontconfig's form once per tag rather than per
/// character, and a face made into a font at the run's size and weight once for as long as it keeps being the
/// answer (a run of Chinese in an English paragraph asks for every ideograph), and the bundled faces' order for a
/// weight and slant fetched once (the library's is behind a lock and a hash).
package struct FallbackFonts {
    let library: FontLibrary
    private var language: (tag: String?, fontconfig: String)?
    private var bundledOrder: (weight: Double, italic: Bool, faces: [FontFace])?
    private var last: (face: FontFace, size: Double, weight: Double, font: Font)?

    package init(library: FontLibrary) { self.library = library }

    /// The fallback font for `scalar` in a run of `base`, as
    /// ``FontLibrary/fallbackFont(for:replacing:preferringEmoji:language:)`` describes it (which answers through a
    /// memo of one call).
    package mutating func font(
        for scalar: Unicode.Scalar, replacing base: Font, preferringEmoji: Bool = false, language tag: String?
    ) -> Font? {
        if !preferringEmoji, base.covers(scalar) { return base }
        if let face = library.fallbackFace(
            for: scalar, replacing: base, preferringEmoji: preferringEmoji,
            bundledNearestFirst: bundledNearestFirst(for: base), fontconfigLanguage: fontconfigLanguage(for: tag)),
            let font = font(of: face, as: base)
        {
            return font
        }
        // No face found (or opened): a character preferring emoji keeps the base font's glyph, when it has one.
        return preferringEmoji && base.covers(scalar) ? base : nil
    }

    /// The bundled faces nearest first to `base`'s weight and slant, fetched once for as long as they stay.
    private mutating func bundledNearestFirst(for base: Font) -> [FontFace] {
        let (weight, italic) = (base.weight, base.face.isItalic)
        if let bundledOrder, bundledOrder.weight == weight, bundledOrder.italic == italic { return bundledOrder.faces }
        let faces = library.bundledFacesNearestFirst(weight: weight, italic: italic)
        bundledOrder = (weight, italic, faces)
        return faces
    }

    /// fontconfig's form of language `tag`, made once per tag (and only when the system's fonts are asked).
    private mutating func fontconfigLanguage(for tag: String?) -> String {
        if let language, language.tag == tag { return language.fontconfig }
        let fontconfig = tag.map(FontconfigDatabase.language(for:)) ?? ""
        language = (tag, fontconfig)
        return fontconfig
    }

    /// `face` at `base`'s size and weight, made once for as long as the same face is asked for.
    private mutating func font(of face: FontFace, as base: Font) -> Font? {
        let (size, weight) = (base.size, base.weight)
        if let last, last.face === face, last.size == size, last.weight == weight { return last.font }
        guard let font = try? FontLibrary.font(face: face, size: size, weight: weight) else { return nil }
        last = (face, size, weight, font)
        return font
    }
}

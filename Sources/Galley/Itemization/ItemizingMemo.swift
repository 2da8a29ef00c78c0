/// What itemizing one paragraph after another on one thread keeps between paragraphs: rows measured one after
/// another mostly share their fonts and language, and each paragraph made them again (a base font behind the
/// library's lock and a hash of its family name, the bundled faces' order, a fallback font at the run's size, the
/// language made canonical). Held by a ``Shaper``, which serves one thread; bounded, as it keeps one of each.
struct ItemizingMemo {
    /// The library the memo's fonts come from: a paragraph itemized with another starts it over.
    private(set) var library: FontLibrary?
    /// The fallback fonts, their state kept from paragraph to paragraph.
    var fallbacks: FallbackFonts?
    /// The font resolved last, and for what.
    private var baseFont: (specifier: FontSpecifier, settings: DynamicTypeSettings, font: Font)?
    /// The language tag made canonical last, and what it gave.
    private var language: (tag: String, canonical: String?)?

    /// Starts over unless the memo holds `library`'s fonts.
    mutating func use(_ library: FontLibrary) {
        guard self.library !== library else { return }
        self = ItemizingMemo()
        self.library = library
        fallbacks = FallbackFonts(library: library)
    }

    /// The library's font for `specifier` under `settings`, resolved once while it is asked again.
    mutating func font(for specifier: FontSpecifier, settings: DynamicTypeSettings, in library: FontLibrary) throws
        -> Font
    {
        if let baseFont, baseFont.specifier == specifier, baseFont.settings == settings { return baseFont.font }
        let font = try library.font(for: specifier, settings: settings)
        baseFont = (specifier, settings, font)
        return font
    }

    /// ``LanguageTag/canonical(_:)`` of `tag`, made once while it is asked again.
    mutating func canonical(_ tag: String) -> String? {
        if let language, language.tag == tag { return language.canonical }
        let canonical = LanguageTag.canonical(tag)
        language = (tag, canonical)
        return canonical
    }
}

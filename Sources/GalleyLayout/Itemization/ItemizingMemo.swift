@_spi(Stages) import GalleyText

/// What itemizing one paragraph after another on one thread keeps between paragraphs: rows measured one after
/// another mostly share their fonts and language, and each paragraph made them again (a base font behind the
/// library's lock and a hash of its family name, the bundled faces' order, a fallback font at the run's size, the
/// language made canonical). Held by a `Shaper`, which serves one thread; bounded, as it keeps one of each.
struct ItemizingMemo {
    /// The library the memo's fonts come from: a paragraph itemized with another starts it over.
    private(set) var library: FontLibrary?
    /// The fallback fonts, their state kept from paragraph to paragraph.
    var fallbacks: FallbackFonts?
    /// The font resolved last, and for what.
    private var baseFont: (specifier: FontSpecifier, settings: DynamicTypeSettings, font: Font)?
    /// The language tag made canonical last, and what it gave.
    private var language: (tag: String, canonical: String?)?
    /// The run styles made last, taken by each paragraph's item builder and given back after it (taken, not
    /// copied: a copy left here would make the builder's first change copy the list).
    var recentStyles: RecentRunStyles?

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

/// The run styles made for the last few attribute runs, most recent last: rows mostly repeat a few runs' attributes
/// and fonts, and a style made again for each retained its three fonts and copied its attributes (and its items,
/// differing from the last row's, missed the shaper's comparison by identity).
struct RecentRunStyles {
    private var styles: [RunStyle] = []
    /// How many are kept: a row of Chinese with English and code has a few (text and code, each in a Latin and a
    /// Chinese font).
    static let limit = 8

    /// The style of a run of `shaping` and `styleLineHeight` whose attributes ask for `primaryFont` and whose
    /// characters match `font`: one kept, or made and kept. Not for superscripts, whose styles depend on their
    /// characters.
    mutating func style(font: Font, primaryFont: Font, shaping: ShapingKey, styleLineHeight: Double?) -> RunStyle {
        var index = styles.count - 1
        while index >= 0 {
            if styles[index].isMade(
                font: font, primaryFont: primaryFont, shaping: shaping, styleLineHeight: styleLineHeight)
            {
                return styles[index]
            }
            index -= 1
        }
        let style = RunStyle(font: font, primaryFont: primaryFont, shaping: shaping, styleLineHeight: styleLineHeight)
        if styles.count == Self.limit { styles.removeFirst() }
        styles.append(style)
        return style
    }
}

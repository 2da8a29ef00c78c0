import CHarfBuzz

/// What a ``Shaper`` learns as it shapes, kept between paragraphs and handed `inout` down each call: tables asked
/// at every item, word or character, each cheaper than what it stands for (hashing a context under the shape
/// cache's lock, a HarfBuzz call, a language parsed from its tag).
struct ShapingMemos {
    /// The last few shaping contexts asked of the cache, as a run style (its font and attributes), a script and a
    /// direction, with their numbers: items take turns among a few (Chinese and Latin in a mixed note), and
    /// comparing costs less than hashing a context under the cache's lock; the items of one attribute run in one
    /// font share their style, so most compare by identity (the style is held, so its identity is not reused). A
    /// number is never reused, so one held here stays right when the cache starts over.
    var recentContexts: [(style: RunStyle, script: Script, rightToLeft: Bool, number: Int)] = []
    /// The words met lately, asked before the shape cache.
    var recentWords = RecentWords()
    /// What characters shaped by characters shape alone as, nil for those that do not.
    var isolatedGlyphs = Shaper.IsolatedGlyphs()
    /// What `halt` does to punctuation, per face, script and language, asked before the face's own table (which
    /// takes a lock).
    var halfWidth = HalfWidthMemo()
    /// The fonts and language the paragraphs itemized last shared.
    var itemizing = ItemizingMemo()
    /// The HarfBuzz language last asked for and its tag: a paragraph's items share one, and making it reads the tag
    /// as a C string.
    private var lastLanguage: (tag: String, language: hb_language_t?)?

    /// HarfBuzz's language for BCP 47 tag `tag`.
    mutating func harfBuzzLanguage(_ tag: String) -> hb_language_t? {
        if let last = lastLanguage, last.tag == tag { return last.language }
        let language = hb_language_from_string(tag, -1)
        lastLanguage = (tag, language)
        return language
    }
}

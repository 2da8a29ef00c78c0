/// The role of a full-width punctuation mark in trimming, from what the font's `halt` feature does to it.
package enum PunctuationKind: Sendable {
    /// Blank on its left half (`（` `“` `「`): `halt` moves it left.
    case opening
    /// Blank on its right half (`）` `”` `、` `。`, and `，` `：` in Simplified Chinese forms).
    case closing
    /// Blank on both sides (`・`, and `：` `；` in Japanese forms).
    case middle
}

/// What `halt` does to one character in one face and language, in ems: its role (nil when it is not a full-width
/// mark that `halt` halves) and the changes to its advance and x offset.
package struct HalfWidthEffect: Sendable {
    package var kind: PunctuationKind?
    package var advance = 0.0
    package var xOffset = 0.0
    /// Whether the character is a closing bracket or quotation mark (Unicode's Pe or Pf), which a line's end may
    /// trim: kept here, found once with the effect, as the character's category is a table lookup.
    package var isClosingBracketOrQuote = false

    package static let none = HalfWidthEffect(kind: nil)

    package init(
        kind: PunctuationKind?, advance: Double = 0, xOffset: Double = 0, isClosingBracketOrQuote: Bool = false
    ) {
        self.kind = kind
        self.advance = advance
        self.xOffset = xOffset
        self.isClosingBracketOrQuote = isClosingBracketOrQuote
    }
}

/// The key of a face's ``HalfWidthEffect`` table: a character and the script and language it was shaped in (a
/// font's `halt` and `locl` lookups hang under a script and language).
package struct HalfWidthKey: Hashable, Sendable {
    package let scalar: UInt32
    package let script: Int32
    /// HarfBuzz's interned language (`hb_language_t`, one pointer per tag), as a number: cheap to hash.
    package let language: UInt
    /// Whether the mark stands upright in a vertical line, where `vhal` halves it down the column.
    package var vertical = false

    package init(scalar: UInt32, script: Int32, language: UInt, vertical: Bool = false) {
        self.scalar = scalar
        self.script = script
        self.language = language
        self.vertical = vertical
    }
}

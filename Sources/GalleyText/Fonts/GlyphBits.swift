import CHarfBuzz

/// A set of a face's glyph ids, one bit each. The facts read from a face's lookups are asked per glyph while text is
/// shaped, where a hashed set cost a hash per question and thousands of insertions to build; this is a bit test,
/// and filled from HarfBuzz's sets a range at a time.
struct GlyphBits: Sendable, Equatable {
    /// Bit `g & 63` of word `g >> 6` is set when glyph `g` is a member.
    private var words: [UInt64] = []

    /// Whether glyph `glyph` is a member.
    func contains(_ glyph: UInt32) -> Bool {
        let word = Int(glyph >> 6)
        return word < words.count && words[word] & (1 << UInt64(glyph & 63)) != 0
    }

    /// Adds the members of HarfBuzz set `set`.
    mutating func formUnion(_ set: OpaquePointer) {
        var first = hb_codepoint_t.max, last = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next_range(set, &first, &last) != 0 { insert(first...last) }
    }

    /// Adds glyphs `range`, a word at a time.
    mutating func insert(_ range: ClosedRange<UInt32>) {
        let lastWord = Int(range.upperBound >> 6)
        if words.count <= lastWord { words.append(contentsOf: repeatElement(0, count: lastWord + 1 - words.count)) }
        var glyph = range.lowerBound
        while true {
            let word = Int(glyph >> 6), low = glyph & 63
            let high = word == lastWord ? range.upperBound & 63 : 63
            words[word] |= (UInt64.max >> (63 - UInt64(high))) & (UInt64.max << UInt64(low))
            guard word < lastWord else { return }
            glyph = UInt32(word + 1) << 6
        }
    }
}

@_spi(Stages) import GalleyText

/// The gaps of a justified line that take a share of its extra space, as JLREQ and CLREQ set them (the one rule the
/// ``Justifier`` spreads slack by and `optimal` breaking weighs lines by), and a paragraph's gaps counted ahead.
struct JustificationGaps {
    /// gapsBefore[i]: the paragraph's gaps from `start` whose following character starts before the UTF-16
    /// offset `start + i`.
    private let gapsBefore: [Int32]
    private let start: Int

    /// The gaps of `paragraph` from `start` (UTF-16 offset) to its end, between neighbouring characters.
    init(_ paragraph: Paragraph, from start: Int) {
        self.start = start
        var counts = [Int32](repeating: 0, count: paragraph.length - start + 1)
        var previous: UInt32? = nil
        var total: Int32 = 0
        var offset = start
        while offset < paragraph.length {
            let value = Self.scalar(at: offset, in: paragraph)
            counts[offset - start] = total
            if let previous, Self.takesSpace(after: previous, before: value) { total += 1 }
            if value > 0xFFFF { counts[offset + 1 - start] = total }
            previous = value
            offset += value > 0xFFFF ? 2 : 1
        }
        counts[paragraph.length - start] = total
        gapsBefore = counts
    }

    /// The gaps between the characters of `range` (UTF-16 offsets from the paragraph's start, inside what this
    /// counted): none before its first character or after its last.
    func count(in range: Range<Int>) -> Int {
        guard range.count > 1 else { return 0 }
        return Int(gapsBefore[range.upperBound - start] - gapsBefore[range.lowerBound + 1 - start])
    }

    /// Whether the gap between two neighbouring characters (Unicode scalar values) takes a share of a justified
    /// line's extra space: after a space, or beside an ideographic character, unless the two keep together. The
    /// justifier spreads a line's slack over them; `optimal` breaking counts them to know how far a line may
    /// stretch.
    static func takesSpace(after before: UInt32, before after: UInt32) -> Bool {
        guard CharacterClasses.separatesWords(before) || CharacterClasses.isCJK(before) || CharacterClasses.isCJK(after)
        else { return false }
        return !keepsTogether(before, after)
    }

    /// The character at `offset` (UTF-16) of `paragraph`, a surrogate pair read as one (Extension B ideographs
    /// and beyond).
    static func scalar(at offset: Int, in paragraph: Paragraph) -> UInt32 {
        let unit = UInt32(paragraph.unit(at: offset))
        guard (0xD800...0xDBFF).contains(unit), offset + 1 < paragraph.length else { return unit }
        let low = UInt32(paragraph.unit(at: offset + 1))
        guard (0xDC00...0xDFFF).contains(low) else { return unit }
        return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
    }

    /// Whether no space may go between `before` and `after` (Unicode scalar values): `after` closes (a closing
    /// bracket or quotation mark, or a comma, full stop, colon, semicolon, exclamation or question mark, middle
    /// dot), `before` opens (an opening bracket or quotation mark), or both are one dash or ellipsis set in two
    /// halves (JLREQ's inseparable characters).
    static func keepsTogether(_ before: UInt32, _ after: UInt32) -> Bool {
        guard let first = Unicode.Scalar(before), let second = Unicode.Scalar(after) else { return false }
        switch second.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: break
        }
        switch first.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return true
        default: break
        }
        if before == after, [0x2014, 0x2015, 0x2025, 0x2026].contains(before) { return true }
        return closingMarks.contains(after)
    }

    /// The marks other than closing brackets and quotation marks that no space may precede: `、。，．：；！？・` and
    /// their half- and full-width forms.
    private static let closingMarks: Set<UInt32> = [
        0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0x30FB, 0xFF61, 0xFF64, 0xFF65, 0x2C, 0x2E,
        0x3A, 0x3B, 0x21, 0x3F,
    ]
}

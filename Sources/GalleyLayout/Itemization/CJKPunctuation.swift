@_spi(Stages) import GalleyText

/// The punctuation Chinese and Japanese share with Western text (`“ ” ‘ ’ … — · ‥`): one code point each, drawn
/// proportional by a Latin font and full-width by a CJK font. CSS gives each to the first font of the run that has
/// it (Inter, beside ideographs); CLREQ, JLREQ and word processors set them in the CJK face, which is what
/// ``ParagraphStyle/PunctuationFont/cjk`` asks for.
enum CJKPunctuation {
    /// Whether `scalar` is one of the shared marks: the curly quotes, the ellipsis and two-dot leader, the em dash
    /// and horizontal bar, and the middle dots.
    static func isShared(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201C, 0x201D, 0x2026, 0x2025, 0x2014, 0x2015, 0x00B7, 0x2027, 0x2E3A: return true
        default: return false
        }
    }

    /// Whether `tag` (canonical) is a Chinese or Japanese language.
    static func isChineseOrJapanese(_ tag: String?) -> Bool {
        guard let tag else { return false }
        return LanguageTag.hasPrimaryLanguage(tag, "zh") || LanguageTag.hasPrimaryLanguage(tag, "ja")
    }

    /// Whether the shared mark at `offset` (of `length` units) in `text` stands between or beside CJK characters:
    /// the nearest character before it or after it that is not itself a shared mark is an ideograph, kana,
    /// bopomofo or CJK punctuation (so both marks of `……` and `——` count, and a quote around `你好`).
    static func isInCJKContext(_ text: UnsafeBufferPointer<UInt16>, at offset: Int, length: Int) -> Bool {
        var before = offset
        while before > 0 {
            let (scalar, start) = UTF16Decoding.scalar(in: text, endingAt: before)
            if !isShared(scalar) { return isCJK(scalar) || after(text, from: offset + length) }
            before = start
        }
        return after(text, from: offset + length)
    }

    private static func after(_ text: UnsafeBufferPointer<UInt16>, from start: Int) -> Bool {
        var offset = start
        while offset < text.count {
            let (scalar, length) = UTF16Decoding.scalar(in: text, at: offset)
            if !isShared(scalar) { return isCJK(scalar) }
            offset += length
        }
        return false
    }

    /// Whether `scalar` is CJK text set in ems (``CharacterClasses/isCJK(_:)``).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool { CharacterClasses.isCJK(scalar.value) }
}

/// Decoding Unicode scalars from UTF-16 at an offset, tolerating unpaired surrogates.
@_spi(Stages) public enum UTF16Decoding {
    /// The scalar starting at `offset` (relative to the slice's start) and its length in UTF-16 units.
    /// An unpaired surrogate decodes as U+FFFD with length 1, so malformed text never stops a loop.
    @inlinable public static func scalar<Units: RandomAccessCollection<UInt16>>(in text: Units, at offset: Int) -> (
        Unicode.Scalar, Int
    )
    where Units.Index == Int {
        let index = text.startIndex + offset
        let unit = text[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < text.endIndex, UTF16.isTrailSurrogate(text[index + 1]) {
            let value = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(text[index + 1] - 0xDC00)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
        }
        return (Unicode.Scalar(unit) ?? "\u{FFFD}", 1)
    }

    /// The scalar ending just before `offset` (relative to the slice's start) and the offset it starts at; an
    /// unpaired surrogate decodes as U+FFFD, one unit long.
    @inlinable public static func scalar<Units: RandomAccessCollection<UInt16>>(in text: Units, endingAt offset: Int)
        -> (
            Unicode.Scalar, Int
        ) where Units.Index == Int
    {
        let index = text.startIndex + offset - 1
        let unit = text[index]
        if UTF16.isTrailSurrogate(unit), index > text.startIndex, UTF16.isLeadSurrogate(text[index - 1]) {
            return (scalar(in: text, at: offset - 2).0, offset - 2)
        }
        return (Unicode.Scalar(unit) ?? "\u{FFFD}", offset - 1)
    }
}

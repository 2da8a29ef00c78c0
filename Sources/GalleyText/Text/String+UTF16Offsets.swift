extension String {
    /// The index at UTF-16 offset `offset` (Galley's index space for ranges), or nil when the offset is outside
    /// the string or falls between the two halves of a surrogate pair.
    public func index(atUTF16Offset offset: Int) -> String.Index? {
        guard offset >= 0, offset <= utf16.count,
            let index = utf16.index(utf16.startIndex, offsetBy: offset, limitedBy: utf16.endIndex),
            index.samePosition(in: unicodeScalars) != nil
        else { return nil }
        return index
    }

    /// The UTF-16 offset of `index` from the string's start.
    public func utf16Offset(of index: String.Index) -> Int { utf16.distance(from: utf16.startIndex, to: index) }

    /// The range of UTF-16 offsets `range` as string indices, or nil when either end is not a scalar boundary
    /// inside the string.
    public func range(ofUTF16Offsets range: Range<Int>) -> Range<String.Index>? {
        guard let lower = index(atUTF16Offset: range.lowerBound), let upper = index(atUTF16Offset: range.upperBound)
        else { return nil }
        return lower..<upper
    }

    /// The UTF-16 offsets of `range`, Galley's index space.
    public func utf16Offsets(of range: Range<String.Index>) -> Range<Int> {
        utf16Offset(of: range.lowerBound)..<utf16Offset(of: range.upperBound)
    }
}

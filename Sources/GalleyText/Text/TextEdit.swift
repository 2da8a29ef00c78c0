/// What one editing batch of a ``TextStorage`` changed, as `NSTextStorage`'s edited range, change in length and
/// edited mask.
public struct TextEdit: Hashable, Sendable {
    /// Whether characters, attributes or both changed.
    public struct Kind: OptionSet, Hashable, Sendable {
        /// The kinds as bits.
        public let rawValue: Int
        /// The kinds in `rawValue`'s bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Characters were inserted, deleted or replaced.
        public static let characters = Kind(rawValue: 1)
        /// Attributes changed.
        public static let attributes = Kind(rawValue: 2)
    }

    /// What changed.
    public var kind: Kind
    /// The changed characters, as UTF-16 offsets into the text after the edit, grown to whole paragraphs.
    public var editedRange: Range<Int>
    /// The text's length after the edit minus its length before, in UTF-16 units.
    public var changeInLength: Int

    /// The edited range in the text before the edit.
    public var rangeBeforeEdit: Range<Int> { editedRange.lowerBound..<(editedRange.upperBound - changeInLength) }
}

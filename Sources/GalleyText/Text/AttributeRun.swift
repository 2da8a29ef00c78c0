/// A stretch of characters sharing one set of attributes.
public struct AttributeRun: Hashable, Sendable {
    /// The characters, as UTF-16 offsets into the text the run belongs to.
    public var utf16Range: Range<Int>
    /// The run's attributes.
    public var attributes: TextAttributes

    /// A run of `attributes` over `utf16Range` (UTF-16 offsets).
    public init(utf16Range: Range<Int>, attributes: TextAttributes) {
        self.utf16Range = utf16Range
        self.attributes = attributes
    }
}

/// Why a text storage refused a change.
public enum TextStorageError: GalleyError, Equatable, Sendable {
    /// A UTF-16 range reaches outside the text.
    case rangeOutOfBounds(Range<Int>, length: Int)

    public var description: String {
        switch self {
        case .rangeOutOfBounds(let range, let length):
            return "UTF-16 range \(range.lowerBound)..<\(range.upperBound) is outside the text (length \(length))"
        }
    }
}

/// Why a paragraph-style value was refused.
public enum ParagraphStyleError: GalleyError, Equatable, Sendable {
    /// A tab stop's location is negative, not finite, or above `limit` points.
    case invalidTabLocation(Double, limit: Double)
    /// A paragraph is nested in more lists than ``ParagraphStyle/listNestingLimit``.
    case listNestingTooDeep(Int, limit: Int)
    /// The list indent is negative, not finite, or over ``ParagraphStyle/tabLocationLimit``.
    case invalidListIndent(Double, limit: Double)

    public var description: String {
        switch self {
        case .invalidTabLocation(let location, let limit):
            return "tab stop location \(location) pt is outside 0...\(limit) pt"
        case .listNestingTooDeep(let depth, let limit):
            return "list nesting of \(depth) levels is over the limit of \(limit)"
        case .invalidListIndent(let indent, let limit):
            return "list indent \(indent) pt is outside 0...\(limit) pt"
        }
    }
}

/// Why a paragraph-style value was refused.
public enum ParagraphStyleError: GalleyError, Equatable, Sendable {
    /// A tab stop's location is negative, not finite, or above `limit` points.
    case invalidTabLocation(Double, limit: Double)

    public var description: String {
        switch self {
        case .invalidTabLocation(let location, let limit):
            return "tab stop location \(location) pt is outside 0...\(limit) pt"
        }
    }
}

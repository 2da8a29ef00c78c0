/// Why a path was refused.
public enum PathError: GalleyError, Equatable, Sendable {
    /// SVG path data could not be read; `offset` counts the characters before the one where reading stopped.
    case invalidPathData(offset: Int, reason: String)
    /// The path has more segments than ``BezierPath/segmentLimit``.
    case tooManySegments(count: Int, limit: Int)
    /// A coordinate is NaN or infinite, or beyond ``BezierPath/coordinateLimit`` points from the origin.
    case coordinateOutOfRange(Double, limit: Double)
    /// The paths' curves, cut into chords for layout, make more chords than ``TextContainer/flattenedSegmentLimit``.
    case tooManyFlattenedSegments(count: Int, limit: Int)

    public var description: String {
        switch self {
        case .invalidPathData(let offset, let reason):
            return "invalid SVG path data at offset \(offset): \(reason)"
        case .tooManySegments(let count, let limit):
            return "path has \(count) segments; the limit is \(limit)"
        case .coordinateOutOfRange(let value, let limit):
            return "path coordinate \(value) is not within ±\(limit) points"
        case .tooManyFlattenedSegments(let count, let limit):
            return "exclusion paths flatten into \(count) chords; the limit is \(limit) (fewer or gentler curves)"
        }
    }
}

extension BezierPath {
    /// The most segments a path from input may have.
    public static let segmentLimit = 100_000
    /// The largest coordinate magnitude a path from input may use, in points.
    public static let coordinateLimit = 1_000_000.0

    /// Throws when the path breaks ``segmentLimit`` or ``coordinateLimit``, or holds a non-finite coordinate.
    public func validate() throws {
        guard elements.count <= Self.segmentLimit else {
            throw PathError.tooManySegments(count: elements.count, limit: Self.segmentLimit)
        }
        for point in allPoints {
            for value in [point.x, point.y] where !(abs(value) <= Self.coordinateLimit) {
                throw PathError.coordinateOutOfRange(value, limit: Self.coordinateLimit)
            }
        }
    }
}

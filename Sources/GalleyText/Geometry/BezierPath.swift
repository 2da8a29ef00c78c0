/// A shape made of straight lines and quadratic and cubic Bézier curves, in points, y down.
///
/// Paths are values. Build them with the drawing methods, the shape constructors (``rect(_:)``, ``circle(center:radius:)``
/// …) or from SVG path data (``init(svgPathData:fillRule:)``). A path's interior is decided by its ``fillRule``; text flows
/// around the interior of an exclusion path.
public struct BezierPath: Hashable, Sendable {
    /// One drawing step.
    public enum Element: Hashable, Sendable {
        /// Starts a subpath at the point.
        case move(to: Point)
        /// A straight line to the point.
        case line(to: Point)
        /// A quadratic Bézier curve to `to`.
        case quadCurve(to: Point, control: Point)
        /// A cubic Bézier curve to `to`.
        case curve(to: Point, control1: Point, control2: Point)
        /// Closes the subpath with a line to its start.
        case close

        /// The points the element names, control points included.
        var points: [Point] {
            switch self {
            case .move(let point), .line(let point): return [point]
            case .quadCurve(let point, let control): return [point, control]
            case .curve(let point, let control1, let control2): return [point, control1, control2]
            case .close: return []
            }
        }
    }

    /// How the interior is decided where subpaths overlap.
    public enum FillRule: String, Hashable, Sendable, CaseIterable, Codable {
        /// Inside where the winding number is not zero (overlaps stay filled).
        case nonZero
        /// Inside where a ray crosses the outline an odd number of times (overlaps become holes).
        case evenOdd
    }

    /// The path's drawing steps, in points, in the order they were added.
    public private(set) var elements: [Element] = []
    /// How the path's interior is decided where it overlaps itself or has holes.
    public var fillRule: FillRule = .nonZero
    private var subpathStart: Point?
    /// The pen position; nil before the first move.
    public private(set) var currentPoint: Point?

    /// An empty path with `fillRule`.
    public init(fillRule: FillRule = .nonZero) { self.fillRule = fillRule }

    /// Whether the path draws nothing.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(to: point))
        subpathStart = point
        currentPoint = point
    }

    /// A straight line from the pen to `point` (a move if there is no pen yet).
    public mutating func addLine(to point: Point) {
        guard currentPoint != nil else { return move(to: point) }
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// A quadratic Bézier curve from the pen to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// A cubic Bézier curve from the pen to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func close() {
        guard currentPoint != nil else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// Appends every subpath of `other` (its fill rule is not taken).
    public mutating func append(_ other: BezierPath) {
        for element in other.elements {
            switch element {
            case .move(let point): move(to: point)
            case .line(let point): addLine(to: point)
            case .quadCurve(let point, let control): addQuadCurve(to: point, control: control)
            case .curve(let point, let control1, let control2):
                addCurve(to: point, control1: control1, control2: control2)
            case .close: close()
            }
        }
    }

    /// The path with every point transformed.
    public func applying(_ transform: AffineTransform) -> BezierPath {
        var result = BezierPath(fillRule: fillRule)
        for element in elements {
            switch element {
            case .move(let point): result.move(to: transform.apply(to: point))
            case .line(let point): result.addLine(to: transform.apply(to: point))
            case .quadCurve(let point, let control):
                result.addQuadCurve(to: transform.apply(to: point), control: transform.apply(to: control))
            case .curve(let point, let control1, let control2):
                result.addCurve(
                    to: transform.apply(to: point), control1: transform.apply(to: control1),
                    control2: transform.apply(to: control2))
            case .close: result.close()
            }
        }
        return result
    }

    /// Every point the path names, control points included.
    var allPoints: [Point] { elements.flatMap(\.points) }

    /// The smallest rectangle holding the path's control polygon (which holds the curves); `.zero` when empty.
    public var bounds: Rect {
        let points = allPoints
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points.dropFirst() {
            minX = min(minX, point.x)
            maxX = max(maxX, point.x)
            minY = min(minY, point.y)
            maxY = max(maxY, point.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether every coordinate is a finite number.
    public var isFinite: Bool { allPoints.allSatisfy(\.isFinite) }
}

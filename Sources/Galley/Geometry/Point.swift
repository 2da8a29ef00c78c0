/// A point in points (1/72 inch), y growing downward, in whatever space the API states (usually a container's).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Hashable, Sendable {
    public var width: Double, height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in points, y down: `origin` is the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    /// The x of the rectangle's centre, in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the rectangle's centre, in points.
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The smallest rectangle holding both; an empty rectangle adds nothing.
    public func union(_ other: Rect) -> Rect {
        if isEmpty && origin == .zero { return other }
        if other.isEmpty && other.origin == .zero { return self }
        let left = min(minX, other.minX), top = min(minY, other.minY)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Whether the rectangles overlap with positive area.
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `point` lies inside or on the edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    public var description: String { "(\(minX), \(minY), \(width) × \(height))" }
}

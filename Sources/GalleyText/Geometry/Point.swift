/// A point in points (1/72 inch), y growing downward, in whatever space the API states (usually a container's).
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The coordinates in points: x right, y down.
    public var x: Double, y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite numbers.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height in points.
public struct Size: Hashable, Sendable {
    /// The width and height in points.
    public var width: Double, height: Double

    /// A size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in points, y down: `origin` is the top-left corner.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// The rectangle with top-left corner (`x`, `y`) and the given size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The x of the rectangle's centre, in points.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y of the rectangle's centre, in points.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width in points.
    public var width: Double { size.width }
    /// The height in points.
    public var height: Double { size.height }
    /// Whether the rectangle has no area.
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

@_spi(Stages) import GalleyText

/// How a layout's line coordinates lie in a container: the one mapping between the two, for drawing, editing
/// geometry and exclusions.
///
/// A layout places lines in *line coordinates*: x runs along each line, y across the lines from the block-start
/// edge. In horizontal text they are the container's own coordinates. In vertical text x runs down each column
/// (the container's y) and y across the columns: leftwards from the container's right edge in `vertical-rl`,
/// rightwards from its left edge in `vertical-lr`. So a vertical layout's line fragments, carets and hit-test points
/// are in line coordinates, as TextKit's vertical layout works in a turned text container; ``containerPoint(_:)``
/// and ``containerRect(_:)`` give where they are drawn, ``linePoint(_:)`` turns a container point (a tap) back.
public struct WritingFrame: Hashable, Sendable {
    /// The writing mode the frame maps.
    public let writingMode: WritingMode
    /// The container's width in points: where `vertical-rl` columns start, at its right edge.
    public let width: Double

    /// The frame of `writingMode` in a container `width` points wide.
    public init(writingMode: WritingMode, width: Double) {
        self.writingMode = writingMode
        self.width = width
    }

    /// The frame of horizontal text, where line coordinates are the container's.
    public static let horizontal = WritingFrame(writingMode: .horizontalTB, width: 0)

    /// Whether lines are columns.
    public var isVertical: Bool { writingMode.isVertical }

    /// Where `point` (line coordinates) is in the container.
    public func containerPoint(_ point: Point) -> Point {
        switch writingMode {
        case .horizontalTB: return point
        case .verticalRL: return Point(x: width - point.y, y: point.x)
        case .verticalLR: return Point(x: point.y, y: point.x)
        }
    }

    /// Where `point` (container coordinates) is in line coordinates: ``containerPoint(_:)`` undone.
    public func linePoint(_ point: Point) -> Point {
        switch writingMode {
        case .horizontalTB: return point
        case .verticalRL: return Point(x: point.y, y: width - point.x)
        case .verticalLR: return Point(x: point.y, y: point.x)
        }
    }

    /// The container's rectangle covering `rect` (line coordinates).
    public func containerRect(_ rect: Rect) -> Rect {
        switch writingMode {
        case .horizontalTB: return rect
        case .verticalRL: return Rect(x: width - rect.maxY, y: rect.minX, width: rect.height, height: rect.width)
        case .verticalLR: return Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
        }
    }

    /// Line coordinates to the container's, as an affine transform (for paths): ``containerPoint(_:)``.
    public var containerTransform: AffineTransform {
        switch writingMode {
        case .horizontalTB: return .identity
        case .verticalRL: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: width, ty: 0)
        case .verticalLR: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        }
    }

    /// Container coordinates to line coordinates, as an affine transform (for exclusion paths): ``linePoint(_:)``.
    public var lineTransform: AffineTransform {
        switch writingMode {
        case .horizontalTB: return .identity
        case .verticalRL: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: width)
        case .verticalLR: return AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)
        }
    }

    /// The caret movement in line coordinates that `movement` (as on screen) is: in vertical text up and down run
    /// along the column (to the previous and next cluster down it), left and right across the columns (to the
    /// next line where lines progress that way); other movements are their own.
    func lineMovement(_ movement: CaretMovement) -> CaretMovement {
        guard isVertical else { return movement }
        let nextLine: CaretMovement = writingMode == .verticalRL ? .left : .right
        switch movement {
        case .up: return .left
        case .down: return .right
        case .left, .right: return movement == nextLine ? .down : .up
        default: return movement
        }
    }
}

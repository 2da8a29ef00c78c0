import Foundation

// Conversions to and from Foundation's CoreGraphics types (present on Linux), for code written against TextKit's
// CGPoint, CGSize and CGRect. Galley's geometry is in points, y down, as theirs is in UIKit.

extension Point {
    /// The point `point` names.
    public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
}

extension Size {
    /// The size `size` names.
    public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
}

extension Rect {
    /// The rectangle `rect` names (its origin and size as given, not standardized).
    public init(_ rect: CGRect) {
        self.init(
            x: Double(rect.origin.x), y: Double(rect.origin.y), width: Double(rect.size.width),
            height: Double(rect.size.height))
    }
}

extension CGPoint {
    /// The point `point` names.
    public init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
}

extension CGSize {
    /// The size `size` names.
    public init(_ size: Size) { self.init(width: CGFloat(size.width), height: CGFloat(size.height)) }
}

extension CGRect {
    /// The rectangle `rect` names.
    public init(_ rect: Rect) {
        self.init(
            x: CGFloat(rect.minX), y: CGFloat(rect.minY), width: CGFloat(rect.width), height: CGFloat(rect.height))
    }
}

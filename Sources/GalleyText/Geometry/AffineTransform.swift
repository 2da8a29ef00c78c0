import Foundation

/// A 2-D affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (CoreGraphics' layout).
public struct AffineTransform: Hashable, Sendable {
    /// The matrix entries: `a`, `b`, `c`, `d` scale, rotate and shear; `tx`, `ty` translate, in points.
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    /// A transform with these matrix entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by `x` and `y` points.
    public static func translation(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `x` horizontally and `y` vertically, about the origin.
    public static func scale(x: Double, y: Double) -> AffineTransform {
        AffineTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive turns +x toward +y (clockwise on screen, where y is down).
    public static func rotation(_ angle: Double) -> AffineTransform {
        AffineTransform(a: cos(angle), b: sin(angle), c: -sin(angle), d: cos(angle), tx: 0, ty: 0)
    }

    /// This transform followed by `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// `point` transformed.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}

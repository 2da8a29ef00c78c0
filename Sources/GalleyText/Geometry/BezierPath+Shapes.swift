import Foundation

extension BezierPath {
    /// The magic number for a quarter circle as one cubic: 4/3 · tan(π/8).
    static let kappa = 0.552_284_749_830_793_4

    /// A rectangle, drawn clockwise on screen from its top-left corner.
    public static func rect(_ rect: Rect) -> BezierPath {
        var path = BezierPath()
        path.move(to: Point(x: rect.minX, y: rect.minY))
        path.addLine(to: Point(x: rect.maxX, y: rect.minY))
        path.addLine(to: Point(x: rect.maxX, y: rect.maxY))
        path.addLine(to: Point(x: rect.minX, y: rect.maxY))
        path.close()
        return path
    }

    /// A rectangle with quarter-ellipse corners of `cornerRadius` (clamped to half the shorter side).
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> BezierPath {
        let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
        guard radius > 0 else { return .rect(rect) }
        let k = radius * (1 - kappa)
        var path = BezierPath()
        path.move(to: Point(x: rect.minX + radius, y: rect.minY))
        path.addLine(to: Point(x: rect.maxX - radius, y: rect.minY))
        path.addCurve(
            to: Point(x: rect.maxX, y: rect.minY + radius), control1: Point(x: rect.maxX - k, y: rect.minY),
            control2: Point(x: rect.maxX, y: rect.minY + k))
        path.addLine(to: Point(x: rect.maxX, y: rect.maxY - radius))
        path.addCurve(
            to: Point(x: rect.maxX - radius, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - k),
            control2: Point(x: rect.maxX - k, y: rect.maxY))
        path.addLine(to: Point(x: rect.minX + radius, y: rect.maxY))
        path.addCurve(
            to: Point(x: rect.minX, y: rect.maxY - radius), control1: Point(x: rect.minX + k, y: rect.maxY),
            control2: Point(x: rect.minX, y: rect.maxY - k))
        path.addLine(to: Point(x: rect.minX, y: rect.minY + radius))
        path.addCurve(
            to: Point(x: rect.minX + radius, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + k),
            control2: Point(x: rect.minX + k, y: rect.minY))
        path.close()
        return path
    }

    /// The ellipse inscribed in `rect`, as four cubic curves.
    public static func ellipse(in rect: Rect) -> BezierPath {
        let cx = rect.minX + rect.width / 2, cy = rect.minY + rect.height / 2
        let rx = rect.width / 2, ry = rect.height / 2
        let ox = rx * kappa, oy = ry * kappa
        var path = BezierPath()
        path.move(to: Point(x: cx + rx, y: cy))
        path.addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + oy),
            control2: Point(x: cx + ox, y: cy + ry))
        path.addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - ox, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + oy))
        path.addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - oy),
            control2: Point(x: cx - ox, y: cy - ry))
        path.addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + ox, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - oy))
        path.close()
        return path
    }

    /// A circle of `radius` points around `center`.
    public static func circle(center: Point, radius: Double) -> BezierPath {
        ellipse(in: Rect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius))
    }

    /// A star with `points` tips on a circle of `outerRadius` and notches at `innerRadius`, the first tip straight
    /// up: a concave shape, drawn without self-intersection.
    public static func star(center: Point, points: Int = 5, outerRadius: Double, innerRadius: Double) -> BezierPath {
        var path = BezierPath()
        let count = max(2, points)
        for index in 0..<(2 * count) {
            let radius = index.isMultiple(of: 2) ? outerRadius : innerRadius
            let angle = -Double.pi / 2 + Double(index) * Double.pi / Double(count)
            let point = Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.close()
        return path
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians; 0 is +x, positive angles
    /// turn toward +y, clockwise on screen), as cubic curves of at most a quarter turn each. Joined to the pen with
    /// a line, or started with a move.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool = true
    ) {
        var sweep = endAngle - startAngle
        if clockwise, sweep < 0 { sweep += 2 * .pi * (floor(-sweep / (2 * .pi)) + 1) }
        if !clockwise, sweep > 0 { sweep -= 2 * .pi * (floor(sweep / (2 * .pi)) + 1) }
        addEllipticalArc(
            center: center, radiusX: radius, radiusY: radius, rotation: 0, startAngle: startAngle, sweep: sweep)
    }

    /// An elliptical arc in centre form, split into cubic curves of at most 90° each.
    mutating func addEllipticalArc(
        center: Point, radiusX: Double, radiusY: Double, rotation: Double, startAngle: Double, sweep: Double
    ) {
        let cosR = cos(rotation), sinR = sin(rotation)
        func point(_ angle: Double) -> Point {
            let x = radiusX * cos(angle), y = radiusY * sin(angle)
            return Point(x: center.x + x * cosR - y * sinR, y: center.y + x * sinR + y * cosR)
        }
        func derivative(_ angle: Double) -> Point {
            let x = -radiusX * sin(angle), y = radiusY * cos(angle)
            return Point(x: x * cosR - y * sinR, y: x * sinR + y * cosR)
        }
        let start = point(startAngle)
        if currentPoint == nil { move(to: start) } else { addLine(to: start) }
        guard sweep.isFinite, sweep != 0 else { return }
        let segments = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / Double(segments)
        let alpha = 4.0 / 3.0 * tan(step / 4)
        var angle = startAngle
        for _ in 0..<segments {
            let next = angle + step
            let from = point(angle), to = point(next)
            let d1 = derivative(angle), d2 = derivative(next)
            addCurve(
                to: to, control1: Point(x: from.x + alpha * d1.x, y: from.y + alpha * d1.y),
                control2: Point(x: to.x - alpha * d2.x, y: to.y - alpha * d2.y))
            angle = next
        }
    }
}

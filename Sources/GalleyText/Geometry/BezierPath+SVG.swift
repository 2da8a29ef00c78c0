import Foundation

extension BezierPath {
    /// A path from SVG path data: `M L H V C S Q T A Z` and their relative lower-case forms, in points.
    ///
    /// ```swift
    /// let badge = try BezierPath(svgPathData: "M 300 40 A 30 30 0 1 1 300 40.01 Z")
    /// ```
    ///
    /// - Throws: ``PathError/invalidPathData(offset:reason:)`` naming the character where reading failed;
    ///   ``PathError/tooManySegments(count:limit:)``; ``PathError/coordinateOutOfRange(_:limit:)``.
    public init(svgPathData: String, fillRule: FillRule = .nonZero) throws {
        var reader = SVGPathReader(Array(svgPathData.utf8))
        self = try reader.read()
        self.fillRule = fillRule
        try validate()
    }
}

/// Reads SVG path data (SVG 1.1, section 8.3) into a ``BezierPath``.
private struct SVGPathReader {
    let bytes: [UInt8]
    var position = 0
    var path = BezierPath()
    var current = Point.zero
    var subpathStart = Point.zero
    /// The reflected control point for S and T, from the previous curve.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() throws -> BezierPath {
        skipSeparators()
        var command: UInt8?
        while position < bytes.count {
            if isCommandLetter(bytes[position]) {
                command = bytes[position]
                position += 1
            } else if command == nil {
                throw fail("expected a command letter (M, L, C, …)")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw fail("expected a command letter after Z")
            }
            if path.isEmpty, let letter = command, letter | 0x20 != UInt8(ascii: "m") {
                position -= 1
                throw fail("path data must start with M or m")
            }
            guard let letter = command else { break }
            try perform(letter)
            if letter == UInt8(ascii: "M") { command = UInt8(ascii: "L") }
            if letter == UInt8(ascii: "m") { command = UInt8(ascii: "l") }
            if path.elements.count > BezierPath.segmentLimit {
                throw PathError.tooManySegments(count: path.elements.count, limit: BezierPath.segmentLimit)
            }
            skipSeparators()
        }
        return path
    }

    private mutating func perform(_ letter: UInt8) throws {
        let relative = letter >= UInt8(ascii: "a")
        func absolute(_ x: Double, _ y: Double) -> Point {
            relative ? Point(x: current.x + x, y: current.y + y) : Point(x: x, y: y)
        }
        var cubicControl: Point?
        var quadControl: Point?
        switch letter | 0x20 {
        case UInt8(ascii: "m"):
            let point = absolute(try number(), try number())
            path.move(to: point)
            current = point
            subpathStart = point
        case UInt8(ascii: "l"):
            current = absolute(try number(), try number())
            path.addLine(to: current)
        case UInt8(ascii: "h"):
            let x = try number()
            current = Point(x: relative ? current.x + x : x, y: current.y)
            path.addLine(to: current)
        case UInt8(ascii: "v"):
            let y = try number()
            current = Point(x: current.x, y: relative ? current.y + y : y)
            path.addLine(to: current)
        case UInt8(ascii: "c"):
            let control1 = absolute(try number(), try number())
            let control2 = absolute(try number(), try number())
            current = absolute(try number(), try number())
            path.addCurve(to: current, control1: control1, control2: control2)
            cubicControl = control2
        case UInt8(ascii: "s"):
            let control1 = reflect(lastCubicControl)
            let control2 = absolute(try number(), try number())
            current = absolute(try number(), try number())
            path.addCurve(to: current, control1: control1, control2: control2)
            cubicControl = control2
        case UInt8(ascii: "q"):
            let control = absolute(try number(), try number())
            current = absolute(try number(), try number())
            path.addQuadCurve(to: current, control: control)
            quadControl = control
        case UInt8(ascii: "t"):
            let control = reflect(lastQuadControl)
            current = absolute(try number(), try number())
            path.addQuadCurve(to: current, control: control)
            quadControl = control
        case UInt8(ascii: "a"):
            let radiusX = try number(), radiusY = try number(), rotation = try number()
            let largeArc = try flag(), sweep = try flag()
            let end = absolute(try number(), try number())
            let before = path.elements.count
            addArc(
                to: end, radiusX: radiusX, radiusY: radiusY, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep
            )
            // Each number is within the limit, but a large arc's curve can sweep beyond it.
            let limit = BezierPath.coordinateLimit
            let reach = path.elements[before...].flatMap(\.points).lazy.map { max(abs($0.x), abs($0.y)) }.max() ?? 0
            guard reach <= limit else {
                throw fail(
                    "the arc's curve reaches \(Int(reach.rounded(.up))) points from the origin, beyond the limit of "
                        + "±\(Int(limit)) (use a smaller radius)")
            }
            current = end
        case UInt8(ascii: "z"):
            path.close()
            current = subpathStart
        default:
            throw fail("unknown command")
        }
        lastCubicControl = cubicControl
        lastQuadControl = quadControl
    }

    private func reflect(_ control: Point?) -> Point {
        guard let control else { return current }
        return Point(x: 2 * current.x - control.x, y: 2 * current.y - control.y)
    }

    /// SVG's endpoint arc, converted to centre form (SVG 1.1 appendix F.6.5) and then to cubic curves.
    private mutating func addArc(
        to end: Point, radiusX: Double, radiusY: Double, rotationDegrees: Double, largeArc: Bool, sweep: Bool
    ) {
        var rx = abs(radiusX), ry = abs(radiusY)
        guard rx > 0, ry > 0, end != current else { return path.addLine(to: end) }
        let phi = rotationDegrees * .pi / 180
        let cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (current.x - end.x) / 2, dy = (current.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coefficient = (largeArc != sweep ? 1.0 : -1.0) * max(0, numerator / denominator).squareRoot()
        let cx1 = coefficient * rx * y1 / ry, cy1 = -coefficient * ry * x1 / rx
        let center = Point(
            x: cosPhi * cx1 - sinPhi * cy1 + (current.x + end.x) / 2,
            y: sinPhi * cx1 + cosPhi * cy1 + (current.y + end.y) / 2)
        let startAngle = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - startAngle
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        path.addEllipticalArc(
            center: center, radiusX: rx, radiusY: ry, rotation: phi, startAngle: startAngle, sweep: delta)
    }

    // MARK: Tokens

    private func isCommandLetter(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {
        case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "c"),
            UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "z"):
            return byte != UInt8(ascii: "e") && byte != UInt8(ascii: "E")
        default: return false
        }
    }

    private mutating func skipSeparators() {
        while position < bytes.count,
            [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ",")]
                .contains(bytes[position])
        {
            position += 1
        }
    }

    private mutating func number() throws -> Double {
        skipSeparators()
        let start = position
        if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            position += 1
        }
        var digits = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
            digits += 1
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
                digits += 1
            }
        }
        guard digits > 0 else {
            position = start
            throw fail(position < bytes.count ? "expected a number" : "path data ends where a number was expected")
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            var lookahead = position + 1
            if lookahead < bytes.count, bytes[lookahead] == UInt8(ascii: "+") || bytes[lookahead] == UInt8(ascii: "-") {
                lookahead += 1
            }
            if lookahead < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[lookahead]) {
                position = lookahead
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    position += 1
                }
            }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            position = start
            throw fail("\"\(text)\" is not a finite number")
        }
        guard abs(value) <= BezierPath.coordinateLimit else {
            throw PathError.coordinateOutOfRange(value, limit: BezierPath.coordinateLimit)
        }
        return value
    }

    private mutating func flag() throws -> Bool {
        skipSeparators()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "0") || bytes[position] == UInt8(ascii: "1")
        else { throw fail("expected an arc flag, 0 or 1") }
        position += 1
        return bytes[position - 1] == UInt8(ascii: "1")
    }

    private func fail(_ reason: String) -> PathError {
        // Offsets count characters, not bytes, for data with non-ASCII text in it.
        let offset = String(decoding: bytes[..<min(position, bytes.count)], as: UTF8.self).count
        return PathError.invalidPathData(offset: offset, reason: reason)
    }
}

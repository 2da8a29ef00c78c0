import CHarfBuzz

/// A glyph's outline as path elements, in points relative to the glyph origin on the baseline, y down.
public struct GlyphOutline: Hashable, Sendable {
    /// A point in points, y down.
    public struct Point: Hashable, Sendable {
        /// The coordinates, in points.
        public var x: Double, y: Double
    }

    /// One drawing step of the outline.
    public enum Element: Hashable, Sendable {
        /// Starts a contour at the point.
        case move(Point)
        /// A straight line to the point.
        case line(Point)
        /// A quadratic Bézier curve to `to`.
        case quadratic(control: Point, to: Point)
        /// A cubic Bézier curve to `to`.
        case cubic(control1: Point, control2: Point, to: Point)
        /// Closes the contour with a line to its start.
        case close
    }

    /// The drawing steps, in order.
    public var elements: [Element] = []

    /// The enclosed area in square points (non-zero winding), with curves flattened to 16 segments each.
    public var area: Double {
        var total = 0.0, start = Point(x: 0, y: 0), current = start
        func edge(to point: Point) {
            total += current.x * point.y - point.x * current.y
            current = point
        }
        for element in elements {
            switch element {
            case .move(let point):
                edge(to: start)
                start = point
                current = point
            case .line(let point): edge(to: point)
            case .quadratic(let control, let to):
                let from = current
                for step in 1...16 {
                    let t = Double(step) / 16, u = 1 - t
                    edge(
                        to: Point(
                            x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                            y: u * u * from.y + 2 * u * t * control.y + t * t * to.y))
                }
            case .cubic(let c1, let c2, let to):
                let from = current
                for step in 1...16 {
                    let t = Double(step) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    edge(
                        to: Point(
                            x: a * from.x + b * c1.x + c * c2.x + d * to.x,
                            y: a * from.y + b * c1.y + c * c2.y + d * to.y))
                }
            case .close: edge(to: start)
            }
        }
        edge(to: start)
        return abs(total) / 2
    }
}

/// A rectangle in points, y down: the ink box of a glyph relative to its origin on the baseline.
public struct GlyphBounds: Hashable, Sendable {
    /// The box's top-left corner (x right, y down from the baseline) and size, in points.
    public var x: Double, y: Double, width: Double, height: Double
}

extension Font {
    /// The outline of `glyph` at this font's size and variations, from HarfBuzz's glyph drawing; nil when the
    /// glyph has no outline (a space, a bitmap-only emoji).
    public func outline(of glyph: UInt32) -> GlyphOutline? {
        var sink = OutlineSink(scale: pointsPerUnit / FontInstance.subunits)
        withUnsafeMutablePointer(to: &sink) { pointer in
            hb_font_get_glyph_shape(instance.hbFont, glyph, OutlineSink.functions, pointer)
        }
        return sink.outline.elements.isEmpty ? nil : sink.outline
    }

    /// The ink bounds of `glyph` in points (y down), or nil when it draws nothing.
    public func inkBounds(of glyph: UInt32) -> GlyphBounds? {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(instance.hbFont, glyph, &extents) != 0, extents.width != 0 else { return nil }
        let scale = pointsPerUnit / FontInstance.subunits
        return GlyphBounds(
            x: Double(extents.x_bearing) * scale, y: -Double(extents.y_bearing) * scale,
            width: Double(extents.width) * scale, height: -Double(extents.height) * scale)
    }
}

/// Collects HarfBuzz draw callbacks into a ``GlyphOutline``, converting to points with y down.
private struct OutlineSink {
    let scale: Double
    var outline = GlyphOutline()

    func point(_ x: Float, _ y: Float) -> GlyphOutline.Point {
        GlyphOutline.Point(x: Double(x) * scale, y: -Double(y) * scale)
    }

    static func sink(_ data: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<OutlineSink> {
        data!.assumingMemoryBound(to: OutlineSink.self)
    }

    /// One immutable set of callbacks, shared by every call.
    nonisolated(unsafe) static let functions: OpaquePointer = {
        let functions = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(
            functions,
            { _, data, _, x, y, _ in
                let sink = OutlineSink.sink(data)
                sink.pointee.outline.elements.append(.move(sink.pointee.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_line_to_func(
            functions,
            { _, data, _, x, y, _ in
                let sink = OutlineSink.sink(data)
                sink.pointee.outline.elements.append(.line(sink.pointee.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(
            functions,
            { _, data, _, cx, cy, x, y, _ in
                let sink = OutlineSink.sink(data)
                sink.pointee.outline.elements.append(
                    .quadratic(control: sink.pointee.point(cx, cy), to: sink.pointee.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(
            functions,
            { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
                let sink = OutlineSink.sink(data)
                sink.pointee.outline.elements.append(
                    .cubic(
                        control1: sink.pointee.point(c1x, c1y), control2: sink.pointee.point(c2x, c2y),
                        to: sink.pointee.point(x, y)))
            }, nil, nil)
        hb_draw_funcs_set_close_path_func(
            functions,
            { _, data, _, _ in
                OutlineSink.sink(data).pointee.outline.elements.append(.close)
            }, nil, nil)
        hb_draw_funcs_make_immutable(functions)
        return functions
    }()
}

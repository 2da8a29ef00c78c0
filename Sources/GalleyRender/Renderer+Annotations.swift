import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws the line's emphasis marks (``LineFragment/emphasisMarks``), each in its character's mark colour
    /// (``TextPaint/emphasisColor``, else the character's colour). Filled as shapes, not set as text: a PDF's or
    /// SVG's text is then the characters alone, without a `•` after each.
    func drawEmphasisMarks(_ fragment: LineFragment, on canvas: inout some DrawingTarget) {
        for mark in fragment.emphasisMarks {
            let paint = fragment.paint(at: mark.characterRange.lowerBound)
            fill(mark, color: paint.emphasisColor ?? paint.foregroundColor ?? .black, on: &canvas)
        }
    }

    /// Draws the line's ruby annotations (``LineFragment/rubyAnnotations``) in their bases' colour, filled as
    /// shapes as emphasis marks are: a PDF's or SVG's text is the base text alone, in order.
    func drawRubyAnnotations(_ fragment: LineFragment, on canvas: inout some DrawingTarget) {
        for annotation in fragment.rubyAnnotations {
            fill(
                annotation, color: fragment.paint(at: annotation.characterRange.lowerBound).foregroundColor ?? .black,
                on: &canvas)
        }
    }

    /// Fills the outlines of `run`'s glyphs in `color`.
    private func fill(_ run: PositionedRun, color: Color, on canvas: inout some DrawingTarget) {
        var path = BezierPath()
        for (glyph, penX) in zip(run.glyphRun.glyphs, run.glyphPositions) {
            guard let outline = run.glyphRun.font.outline(of: glyph.glyphID) else { continue }
            path.append(outline, at: Point(x: penX + glyph.xOffset, y: run.origin.y - glyph.yOffset))
        }
        if !path.isEmpty { canvas.fill(path, color: color) }
    }
}

extension BezierPath {
    /// Appends `outline` (points, y down from its origin) with its origin at `origin`.
    fileprivate mutating func append(_ outline: GlyphOutline, at origin: Point) {
        func point(_ point: GlyphOutline.Point) -> Point { Point(x: origin.x + point.x, y: origin.y + point.y) }
        for element in outline.elements {
            switch element {
            case .move(let to): move(to: point(to))
            case .line(let to): addLine(to: point(to))
            case .quadratic(let control, let to): addQuadCurve(to: point(to), control: point(control))
            case .cubic(let control1, let control2, let to):
                addCurve(to: point(to), control1: point(control1), control2: point(control2))
            case .close: close()
            }
        }
    }
}

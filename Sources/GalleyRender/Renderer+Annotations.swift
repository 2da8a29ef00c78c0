import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws the line's emphasis marks (``LineFragment/emphasisMarks``), each in its character's mark colour
    /// (``TextPaint/emphasisColor``, else the character's colour), on a target in the line coordinates of `frame`.
    /// Filled as shapes, not set as text: a PDF's or SVG's text is then the characters alone, without a `•` after
    /// each.
    func drawEmphasisMarks(_ fragment: LineFragment, frame: WritingFrame, on canvas: inout some DrawingTarget) {
        for mark in fragment.emphasisMarks {
            let paint = fragment.paint(at: mark.characterRange.lowerBound)
            fill(mark, color: paint.emphasisColor ?? paint.foregroundColor ?? .black, frame: frame, on: &canvas)
        }
    }

    /// Draws the line's ruby annotations (``LineFragment/rubyAnnotations``) in their bases' colour, filled as
    /// shapes as emphasis marks are: a PDF's or SVG's text is the base text alone, in order.
    func drawRubyAnnotations(_ fragment: LineFragment, frame: WritingFrame, on canvas: inout some DrawingTarget) {
        for annotation in fragment.rubyAnnotations {
            fill(
                annotation, color: fragment.paint(at: annotation.characterRange.lowerBound).foregroundColor ?? .black,
                frame: frame, on: &canvas)
        }
    }

    /// Fills the outlines of `run`'s glyphs in `color`, each standing as its glyph would (``GlyphStance``: upright
    /// or turned in a column), on a target in the line coordinates of `frame`.
    private func fill(_ run: PositionedRun, color: Color, frame: WritingFrame, on canvas: inout some DrawingTarget) {
        let stance = GlyphStance(run.glyphRun, frame: frame)
        var path = BezierPath()
        for (glyph, penX) in zip(run.glyphRun.glyphs, run.glyphPositions) {
            guard let outline = run.glyphRun.font.outline(of: glyph.glyphID) else { continue }
            let origin = stance.origin(of: glyph, pen: penX, baseline: run.origin.y)
            // The outline's points (y down) in the container, turned a quarter clockwise for a turned glyph, then
            // in line coordinates, which the target turns back.
            path.append(outline) { point in
                frame.linePoint(
                    stance.form.turnsClockwise
                        ? Point(x: origin.x - point.y, y: origin.y + point.x)
                        : Point(x: origin.x + point.x, y: origin.y + point.y))
            }
        }
        if !path.isEmpty { canvas.fill(path, color: color) }
    }
}

extension BezierPath {
    /// Appends `outline` (points, y down from its origin), each of its points where `place` puts it.
    fileprivate mutating func append(_ outline: GlyphOutline, place: (GlyphOutline.Point) -> Point) {
        for element in outline.elements {
            switch element {
            case .move(let to): move(to: place(to))
            case .line(let to): addLine(to: place(to))
            case .quadratic(let control, let to): addQuadCurve(to: place(to), control: place(control))
            case .cubic(let control1, let control2, let to):
                addCurve(to: place(to), control1: place(control1), control2: place(control2))
            case .close: close()
            }
        }
    }
}

import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws a continuation mark (↳, faint, in the line's text colour) in the indent of a line that continues a
    /// wrapped source line (``LineFragment/continuesSourceLine``), as code editors mark a soft wrap; mirrored in
    /// right-to-left text. Sized from the line's first font.
    func drawContinuationMark(_ fragment: LineFragment, on canvas: inout some DrawingTarget) {
        guard fragment.continuesSourceLine, let size = fragment.runs.first?.glyphRun.font.size else { return }
        var color = fragment.paint(at: fragment.characterRange.lowerBound).foregroundColor ?? .black
        color.alpha *= 0.35
        // Drawn left to right for left-to-right text, then mirrored about the text's edge for right-to-left.
        let edge = fragment.isRightToLeft ? fragment.usedRect.maxX : fragment.usedRect.minX
        let direction = fragment.isRightToLeft ? -1.0 : 1.0
        func point(_ x: Double, _ y: Double) -> Point { Point(x: edge + direction * x, y: fragment.baselineY + y) }
        let (left, right, top, bottom) = (-0.75 * size, -0.25 * size, -0.62 * size, -0.28 * size)
        let head = 0.12 * size
        var mark = BezierPath()
        mark.move(to: point(left, top))
        mark.addLine(to: point(left, bottom))
        mark.addLine(to: point(right, bottom))
        mark.move(to: point(right - head, bottom - head))
        mark.addLine(to: point(right, bottom))
        mark.addLine(to: point(right - head, bottom + head))
        canvas.stroke(mark, lineWidth: 0.07 * size, color: color)
    }
}

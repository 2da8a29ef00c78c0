import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws the line's list marker, if it has one, in the colour of its paragraph's first character: text markers
    /// as glyphs, check boxes as a rounded square outlined (empty) or filled with a white tick (checked).
    func drawListMarker(_ fragment: LineFragment, frame: WritingFrame, on canvas: inout some DrawingTarget) {
        guard let marker = fragment.listMarker else { return }
        let color = fragment.paint(at: fragment.paragraphStart).foregroundColor ?? .black
        switch marker.kind {
        case .text:
            let markerPaint = TextPaint(TextAttributes(foregroundColor: color))
            var glyphs: [PlacedGlyph] = []
            for run in marker.runs {
                place(run, paragraphStart: 0, on: canvas.grid, frame: frame, into: &glyphs) { _ in markerPaint }
            }
            canvas.drawGlyphs(glyphs) { _ in nil }
        case .checkbox(let isChecked):
            // Drawn upright where the box lies in the container, and handed to the target in line coordinates.
            let box = frame.containerRect(marker.frame)
            let upright = frame.lineTransform
            let line = max(1 / canvas.grid.scale, box.width * 0.08)
            let rounded = BezierPath.roundedRect(
                Rect(
                    x: box.minX + line / 2, y: box.minY + line / 2, width: box.width - line,
                    height: box.height - line), cornerRadius: box.width * 0.22)
            guard isChecked else { return canvas.stroke(rounded.applying(upright), lineWidth: line, color: color) }
            canvas.fill(rounded.applying(upright), color: color)
            var tick = BezierPath()
            tick.move(to: Point(x: box.minX + box.width * 0.25, y: box.minY + box.height * 0.52))
            tick.addLine(to: Point(x: box.minX + box.width * 0.43, y: box.minY + box.height * 0.70))
            tick.addLine(to: Point(x: box.minX + box.width * 0.76, y: box.minY + box.height * 0.32))
            canvas.stroke(tick.applying(upright), lineWidth: line * 1.6, color: .white)
        }
    }
}

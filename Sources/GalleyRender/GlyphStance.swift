import GalleyLayout
@_spi(Stages) import GalleyText

/// How a run's glyphs stand where they are drawn: the one place a glyph's origin in the container is worked out
/// from its pen position in line coordinates (``WritingFrame``).
///
/// In a horizontal line a glyph's origin is its pen position plus its offsets. In a vertical line the line's
/// baseline is the column's centre line: upright glyphs (shaped top to bottom, their offsets from the pen on
/// that line) stand as they are; combined ones too, narrowed to their em; turned ones lie a quarter turn
/// clockwise, top to the right, their alphabetic baseline half an em left of the central line, as Chromium sets
/// them.
struct GlyphStance {
    let frame: WritingFrame
    /// For a turned run, how far its alphabetic baseline lies left of the column's central line, in points (half
    /// an em).
    let baselineShift: Double
    /// The glyph form the run's glyphs start from: turned, or narrowed to one em.
    let form: GlyphForm

    init(_ run: GlyphRun, frame: WritingFrame) {
        self.frame = frame
        let font = run.font
        let orientation = frame.isVertical ? run.shaping.orientation : .horizontal
        var form = GlyphForm()
        switch orientation {
        case .horizontal where frame.isVertical, .sideways:
            form.turnsClockwise = true
        case .combined:
            form.horizontalScale = CombinedUpright(font: font).squeeze(run.glyphs.map(\.glyphID))
        default:
            break
        }
        self.form = form
        // The central baseline lies half an em above the alphabetic one (Chromium's), for every font.
        baselineShift = form.turnsClockwise ? font.size / 2 : 0
    }

    /// The container point where `glyph`'s origin goes, its pen at `pen` along a line whose baseline is at
    /// `baseline` (line coordinates).
    func origin(of glyph: ShapedGlyph, pen: Double, baseline: Double) -> Point {
        guard frame.isVertical else { return Point(x: pen + glyph.xOffset, y: baseline + glyph.yOffset) }
        let column = frame.containerPoint(Point(x: pen, y: baseline))
        if form.turnsClockwise {
            // Down the glyph is leftwards once turned.
            return Point(x: column.x - baselineShift - glyph.yOffset, y: column.y + glyph.xOffset)
        }
        return Point(x: column.x + glyph.yOffset, y: column.y + glyph.xOffset)
    }
}

@_spi(Stages) import GalleyText

extension VerticalShaping {
    /// Sets the advance of every upright glyph of `run` whose face has no vertical metrics to its font's ascent
    /// and descent each rounded to whole points, when ``roundsFallbackAdvances``.
    func roundFallbackAdvances(of run: inout GlyphRun) {
        guard roundsFallbackAdvances, run.shaping.orientation == .upright, !run.font.face.hasVerticalMetrics else {
            return
        }
        let font = run.font
        let (ascent, descent, _) = LineMetrics.webRounded(ascent: font.ascender, descent: -font.descender, gap: 0)
        let unrounded = font.ascender - font.descender
        for index in run.glyphs.indices where run.glyphs[index].advance != 0 {
            run.glyphs[index].advance += ascent + descent - unrounded
        }
    }
}

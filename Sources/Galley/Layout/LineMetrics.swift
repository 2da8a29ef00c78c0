/// The vertical measure of one line: the tallest ascent and descent among the fonts on it (fallback fonts
/// included) and the paragraph's primary font, the line gap, the text style's leading, and the paragraph style's
/// multiple and limits.
struct LineMetrics {
    /// Distance from the line's top to its baseline, in points.
    let baselineFromTop: Double
    /// The line's height in points (without line spacing).
    let height: Double

    /// The metrics of a line drawing `runs`, never less than the paragraph's primary font gives (CSS's strut).
    ///
    /// The natural height is the largest ascent plus the largest descent plus the largest line gap among `runs`
    /// and `strut`, the paragraph's primary font: so a line of fallback glyphs only (emoji, say) or an empty line
    /// is as tall as a line of primary-font text. A text style's leading (`strutLeading` for the primary font)
    /// raises it (iOS's figures), then `lineHeightMultiple`, `minimumLineHeight` and `maximumLineHeight` apply.
    /// Extra height goes above the text, as in TextKit; the line gap stays below it.
    init<Runs: Collection<GlyphRun>>(runs: Runs, style: ParagraphStyle, strut: Font, strutLeading: Double?) {
        var ascent = max(0, strut.ascender)
        var descent = max(0, -strut.descender)
        var gap = max(0, strut.lineGap)
        var leading = strutLeading ?? 0
        for run in runs {
            let style = run.style
            ascent = max(ascent, style.ascender)
            descent = max(descent, -style.descender)
            gap = max(gap, style.lineGap)
            leading = max(leading, style.styleLineHeight ?? 0)
        }
        let natural = ascent + descent + gap
        var height = max(natural, leading)
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        self.height = height
        baselineFromTop = height - descent - gap
    }
}

/// The vertical measure of one line: the tallest ascent and descent among the fonts on it (fallback fonts
/// included), the line gap, the text style's leading, and the paragraph style's multiple and limits.
struct LineMetrics {
    /// Distance from the line's top to its baseline, in points.
    let baselineFromTop: Double
    /// The line's height in points (without line spacing).
    let height: Double

    /// The metrics of a line drawing `runs`; an empty line uses `fallback`'s metrics and `fallbackLeading`.
    ///
    /// The natural height is ascent + descent + line gap. A text style's leading raises it (iOS's figures), then
    /// `lineHeightMultiple`, `minimumLineHeight` and `maximumLineHeight` apply. Extra height goes above the text,
    /// as in TextKit; the line gap stays below it.
    init<Runs: Collection<GlyphRun>>(runs: Runs, style: ParagraphStyle, fallback: Font, fallbackLeading: Double? = nil)
    {
        var ascent = 0.0, descent = 0.0, gap = 0.0, leading = 0.0
        var isEmpty = true
        for run in runs {
            let style = run.style
            ascent = max(ascent, style.ascender)
            descent = max(descent, -style.descender)
            gap = max(gap, style.lineGap)
            leading = max(leading, style.styleLineHeight ?? 0)
            isEmpty = false
        }
        if isEmpty {
            ascent = max(0, fallback.ascender)
            descent = max(0, -fallback.descender)
            gap = max(0, fallback.lineGap)
            leading = fallbackLeading ?? 0
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

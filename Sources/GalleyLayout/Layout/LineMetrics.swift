@_spi(Stages) import GalleyText

/// The block measure of one line (its height; a column's width in vertical text): the tallest ascent and descent
/// among the fonts on it (fallback fonts included) and the paragraph's primary font, the line gap, the text style's
/// leading, and the paragraph style's multiple and limits. In vertical text each font's box is centred across the
/// column (the widest sets the column's width), the baseline is the central one, half an em over the alphabetic
/// baseline, and ``baselineFromTop`` its distance from the column's block-start edge (the right in `vertical-rl`,
/// the left in `vertical-lr`).
struct LineMetrics: Equatable {
    /// Distance from the line's top to its baseline, in points.
    let baselineFromTop: Double
    /// The line's height in points (without line spacing).
    let height: Double
    /// Where the line's annotations (emphasis marks, ruby) are measured from, in points from the line's top: the
    /// baseline in horizontal lines. In vertical lines, the central baseline where Blink lays it out: the tallest
    /// font box centred on it with its odd pixel under web metrics on the over side (the right), which is not quite
    /// the centre line Chromium draws glyphs on (``baselineFromTop``).
    let annotationBaseline: Double

    /// The metrics of a line drawing `runs`, never less than the paragraph's primary font gives (CSS's strut).
    ///
    /// The natural height is the largest ascent plus the largest descent plus the largest line gap among `runs`
    /// and `strut`, the paragraph's primary font: so a line of fallback glyphs only (emoji, say) or an empty line
    /// is as tall as a line of primary-font text. A text style's leading (`strutLeading` for the primary font)
    /// raises it (iOS's figures), then `lineHeightMultiple`, `minimumLineHeight` and `maximumLineHeight` apply.
    /// Extra height goes above the text, as in TextKit; the line gap stays below it.
    ///
    /// With ``ParagraphStyle/LineHeightMetrics/web`` each font's figures are first rounded as Blink rounds them
    /// (``webRounded(ascent:descent:gap:)``), and text styles' leading does not apply (CSS's `line-height:
    /// normal`).
    init<Runs: Collection<GlyphRun>>(runs: Runs, style: ParagraphStyle, strut: Font, strutLeading: Double?) {
        self.init(
            figures: runs.lazy.map { RunFigures($0.style) }, rules: Rules(style), strut: RunFigures(strut),
            strutLeading: strutLeading)
    }

    /// What of a paragraph style a line's height follows.
    struct Rules {
        let web: Bool
        let lineHeightMultiple: Double
        let minimumLineHeight: Double
        let maximumLineHeight: Double
        /// The writing mode when lines are vertical (nil for horizontal lines): each font's box is then centred
        /// on the line, and glyphs sit on a central baseline half an em over the alphabetic one (see
        /// ``init(figures:rules:strut:strutLeading:)``); a line's top is its over side (the right) in
        /// `vertical-rl`, its under side in `vertical-lr`.
        let vertical: WritingMode?

        init(_ style: ParagraphStyle) {
            vertical = style.writingMode.isVertical ? style.writingMode : nil
            web = style.lineHeightMetrics == .web
            lineHeightMultiple = style.lineHeightMultiple
            minimumLineHeight = style.minimumLineHeight
            maximumLineHeight = style.maximumLineHeight
        }
    }

    /// What of a run (or a strut font) a line's metrics take: its font's ascender, descender (negative below the
    /// baseline) and line gap, and its text style's leading, in points.
    struct RunFigures: Equatable {
        let ascender: Double
        let descender: Double
        let lineGap: Double
        let styleLineHeight: Double?
        let em: Double

        init(_ style: RunStyle) {
            (ascender, descender, lineGap, styleLineHeight) =
                (style.ascender, style.descender, style.lineGap, style.styleLineHeight)
            em = style.font.size
        }

        init(_ font: Font) {
            (ascender, descender, lineGap, styleLineHeight) = (font.ascender, font.descender, font.lineGap, nil)
            em = font.size
        }
    }

    /// The metrics of a line whose runs have `figures`, the strut's figures being `strut` (see
    /// ``init(runs:style:strut:strutLeading:)``) and the paragraph style's `rules`.
    init<Figures: Sequence<RunFigures>>(
        figures: Figures, rules style: Rules, strut: RunFigures, strutLeading: Double?
    ) {
        let web = style.web
        func extents(_ ascender: Double, _ descender: Double, _ lineGap: Double) -> (Double, Double, Double) {
            let exact = (max(0, ascender), max(0, -descender), max(0, lineGap))
            return web ? Self.webRounded(ascent: exact.0, descent: exact.1, gap: exact.2) : exact
        }
        var (ascent, descent, gap) = extents(strut.ascender, strut.descender, strut.lineGap)
        // In vertical lines each font's box is centred on the line: the widest sets its size.
        var half = (ascent + descent) / 2
        // A text style's leading is TextKit's; CSS's `line-height: normal` has only the fonts' figures, so web
        // metrics leave it out, and a font given by style or by size gives the same line.
        var leading = web ? 0 : strutLeading ?? 0
        for run in figures {
            let (runAscent, runDescent, runGap) = extents(run.ascender, run.descender, run.lineGap)
            ascent = max(ascent, runAscent)
            descent = max(descent, runDescent)
            gap = max(gap, runGap)
            half = max(half, (runAscent + runDescent) / 2)
            if !web { leading = max(leading, run.styleLineHeight ?? 0) }
        }
        let natural = style.vertical == nil ? ascent + descent + gap : 2 * half + gap
        var height = max(natural, leading)
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        self.height = height
        guard let vertical = style.vertical else {
            baselineFromTop = height - descent - gap
            annotationBaseline = baselineFromTop
            return
        }
        // Glyphs hang from the alphabetic baseline the fonts' ascents and descents give, centred as the boxes are,
        // and the central baseline lies half an em over it (towards the right), as Chromium sets them: upright
        // glyphs centred on it, turned Latin half an em under it. Measured towards the under side from the boxes'
        // centre, which lies where extra height leaves it (above, as in horizontal lines).
        let central = (ascent - descent) / 2 - strut.em / 2
        let centre = height - gap - half
        baselineFromTop = vertical == .verticalRL ? centre + central : centre - central
        let underHalf = web ? half.rounded(.down) : half
        annotationBaseline = vertical == .verticalRL ? height - gap - underHalf : centre - half + underHalf
    }

    /// What every line of a paragraph is measured against besides its runs: the style's rules, the primary
    /// font's figures (the strut) and its text style's leading in points.
    struct Strut {
        let rules: Rules
        let figures: RunFigures
        let leading: Double?

        init(style: ParagraphStyle, font: Font, leading: Double?) {
            rules = Rules(style)
            figures = RunFigures(font)
            self.leading = leading
        }

        /// The metrics of a line whose runs have `runs` figures.
        func metrics<Figures: Sequence<RunFigures>>(of runs: Figures) -> LineMetrics {
            LineMetrics(figures: runs, rules: rules, strut: figures, strutLeading: leading)
        }
    }

    /// A font's ascent, descent and line gap (points, positive) rounded as Blink's `FontMetrics` rounds them to
    /// pixels, each to the nearest whole number. (Blink moves a unit from ascent to descent when subpixel glyph
    /// positioning is on; Chromium on Linux at 1× does not do it, and its line heights show it: Inter with Noto
    /// Sans Devanagari is 16 + 7 = 23 px there.)
    static func webRounded(ascent: Double, descent: Double, gap: Double) -> (Double, Double, Double) {
        (ascent.rounded(), descent.rounded(), gap.rounded())
    }
}

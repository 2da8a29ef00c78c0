@_spi(Stages) import GalleyText

/// What a line's annotations (emphasis marks) need past the line's box, and the room between the box's edges and
/// its text's em boxes that a neighbouring line's may use, in points: Blink's annotation overflow and space
/// (`ComputeAnnotationOverflow` in Blink's inline layout). A side with marks has no room to give; TextKit's lines
/// (exact metrics) lend none, so marks between them add to their leading rather than eat into it.
struct LineAnnotation: Equatable {
    var overflowOver = 0.0, overflowUnder = 0.0
    var spaceOver = 0.0, spaceUnder = 0.0
    /// A line that needs nothing and lends nothing.
    static let none = LineAnnotation()

    /// How far the line's box moves down from where the line before it ended (negative: up), when that line left
    /// `before` (Blink's block-start annotation space: its free room under it, or minus what its marks overflowed):
    /// the line's marks over it take the room left free, and the line moves up into the marks under the line
    /// before where its own text leaves room.
    func shift(after before: Double) -> Double {
        if before < 0, spaceOver > 0 { return -min(spaceOver, -before) }
        if overflowOver > 0, before > 0 { return max(0, overflowOver - before) }
        return overflowOver
    }

    /// What this line leaves the next one (the next line's `before` in ``shift(after:)``).
    var after: Double { overflowUnder > 0 ? -overflowUnder : spaceUnder }

    /// Whether placing a line needs its annotation, where the line is the paragraph's first (`first`) or the last
    /// before another paragraph (`last`), the paragraph has emphasis marks (`marked`), the line before left
    /// `before`, and `web` says whether lines lend room: a line with marks does, and under web metrics a first line
    /// after marks that reach below the line before (it may move up into them) and a paragraph's last line before
    /// another (whose marks may take its room). Any other line of a paragraph without marks needs nothing and lends
    /// nothing a line of its own paragraph would take.
    static func isNeeded(first: Bool, last: Bool, marked: Bool, before: Double, web: Bool) -> Bool {
        marked || (web && (last || (first && before < 0)))
    }

    /// The annotation of a line of `metrics` drawing runs in `styles`, in a paragraph whose primary font is `em`
    /// points, under web metrics when `web`.
    init<Styles: Sequence<RunStyle>>(styles: Styles, metrics: LineMetrics, em: Double, web: Bool) {
        let baseline = metrics.baselineFromTop, height = metrics.height
        var top = baseline, bottom = baseline
        var marksOver: Double?, marksUnder: Double?
        for style in styles {
            // Exact metrics lend no room, so only marks count there.
            guard web || style.hasEmphasisMarks else { continue }
            let reach = TextReach(style, web: web)
            top = min(top, baseline + reach.over)
            bottom = max(bottom, baseline + reach.under)
            guard let marks = reach.marks else { continue }
            if reach.marksUnder {
                marksUnder = max(marksUnder ?? 0, marks)
            } else {
                marksOver = max(marksOver ?? 0, marks)
            }
        }
        if let marksOver { top = min(top, baseline - marksOver) }
        if let marksUnder { bottom = max(bottom, baseline + marksUnder) }
        // A line whose text is shorter than an em (an empty one) keeps an em of it, centred.
        if bottom - top < em {
            let halfLeading = max(0, (height - em) / 2)
            (top, bottom) = (halfLeading, height - halfLeading)
        }
        // A side with marks gives no room; text alone never reaches past the box.
        top = marksOver != nil ? min(top, 0) : max(top, 0)
        bottom = marksUnder != nil ? max(bottom, height) : min(bottom, height)
        (overflowOver, overflowUnder) = (max(0, -top), max(0, bottom - height))
        (spaceOver, spaceUnder) = web ? (max(0, top), max(0, height - bottom)) : (0, 0)
    }

    init() {}
}

/// How far a run's text box and emphasis marks reach from the baseline, in points (up negative): Blink's text box
/// (the primary font's box drawn in to the em box of the run's font, in whole pixels under web metrics, which
/// Blink floors so as never to cut into the em box) and the far edge of the marks, half the font's size, standing
/// on the em box (its extent rounded up to pixels under web metrics, within the box).
struct TextReach {
    var over = 0.0, under = 0.0
    /// The marks' far edge from the baseline, over or under the line as ``marksUnder`` says; nil without marks.
    var marks: Double?
    /// The edge of the em box the marks stand on, from the baseline on the marks' side (0 without marks).
    var marksBase = 0.0
    var marksUnder = false

    /// The reach of a run in `style`, rounded as Blink rounds when `web`.
    init(_ style: RunStyle, web: Bool) {
        let box = style.primaryFont, emBox = style.font.emBox, size = style.font.size
        let boxAscent = web ? box.ascender.rounded() : box.ascender
        let boxDescent = web ? (-box.descender).rounded() : -box.descender
        let inOver = max(0, boxAscent - emBox.ascent), inUnder = max(0, boxDescent - emBox.descent)
        over = -boxAscent + (web ? inOver.rounded(.down) : inOver)
        under = boxDescent - (web ? inUnder.rounded(.down) : inUnder)
        guard let emphasis = style.shaping.emphasis else { return }
        marksUnder = emphasis.isUnder
        marksBase =
            emphasis.isUnder
            ? min(web ? emBox.descent.rounded(.up) : emBox.descent, boxDescent)
            : min(web ? emBox.ascent.rounded(.up) : emBox.ascent, boxAscent)
        marks = marksBase + (web ? (size / 2).rounded(.up) : size / 2)
    }
}

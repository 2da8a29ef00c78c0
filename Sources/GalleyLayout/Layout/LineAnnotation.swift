@_spi(Stages) import GalleyText

/// What a line's annotations (emphasis marks and ruby) need past the line's box, and the room between the box's edges and
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
    /// before another paragraph (`last`), the paragraph has emphasis marks or ruby (`marked`), the line before left
    /// `before`, and `web` says whether lines lend room: a line with marks does, and under web metrics a first line
    /// after marks that reach below the line before (it may move up into them) and a paragraph's last line before
    /// another (whose marks may take its room). Any other line of a paragraph without marks needs nothing and lends
    /// nothing a line of its own paragraph would take.
    static func isNeeded(first: Bool, last: Bool, marked: Bool, before: Double, web: Bool) -> Bool {
        marked || (web && (last || (first && before < 0)))
    }

    /// The annotation of a line of `metrics` drawing runs in `styles` and the ruby `rubies`, in a paragraph whose
    /// primary font is `em` points, under web metrics when `web`, in a column of `vertical` when it is given.
    ///
    /// A vertical line is worked out with its right side as the over side (CSS's line-relative over, where `right`
    /// marks and `over` ruby are in either vertical mode), then turned into line coordinates, whose top is the left
    /// in `vertical-lr`.
    init<Styles: Sequence<RunStyle>>(
        styles: Styles, rubies: RubyReach = RubyReach(), metrics: LineMetrics, em: Double, web: Bool,
        vertical: WritingMode? = nil
    ) {
        let height = metrics.height
        let baseline =
            vertical == .verticalLR ? height - metrics.annotationBaseline : metrics.annotationBaseline
        var top = baseline, bottom = baseline
        var marksOver: Double?, marksUnder: Double?
        // The tallest marks of each side: marks beside ruby stand outside it.
        var markHeightOver = 0.0, markHeightUnder = 0.0
        for style in styles {
            // Exact metrics lend no room, so only marks count there.
            guard web || style.hasEmphasisMarks else { continue }
            let reach = TextReach(style, web: web, vertical: vertical != nil)
            top = min(top, baseline + reach.over)
            bottom = max(bottom, baseline + reach.under)
            guard let marks = reach.marks else { continue }
            if reach.marksUnder {
                marksUnder = max(marksUnder ?? 0, marks)
                markHeightUnder = max(markHeightUnder, marks - reach.marksBase)
            } else {
                marksOver = max(marksOver ?? 0, marks)
                markHeightOver = max(markHeightOver, marks - reach.marksBase)
            }
        }
        // Ruby reaches past the box and lends what room its line leaves (Blink's annotation metrics), with the
        // line's marks of its side beyond it.
        if let over = rubies.over { top = min(top, baseline - over - markHeightOver) }
        if let under = rubies.under { bottom = max(bottom, baseline + under + markHeightUnder) }
        if let beside = rubies.beside {
            (top, bottom) = (min(top, baseline - beside.over), max(bottom, baseline + beside.under))
        }
        if let marksOver { top = min(top, baseline - marksOver) }
        if let marksUnder { bottom = max(bottom, baseline + marksUnder) }
        // A line whose text is shorter than an em (an empty one) keeps an em of it, centred.
        if bottom - top < em {
            let halfLeading = max(0, (height - em) / 2)
            (top, bottom) = (halfLeading, height - halfLeading)
        }
        // A side with marks gives no room; text alone never reaches past the box, ruby may.
        if marksOver != nil { top = min(top, 0) } else if rubies.over == nil, rubies.beside == nil { top = max(top, 0) }
        if marksUnder != nil {
            bottom = max(bottom, height)
        } else if rubies.under == nil, rubies.beside == nil {
            bottom = min(bottom, height)
        }
        (overflowOver, overflowUnder) = (max(0, -top), max(0, bottom - height))
        (spaceOver, spaceUnder) = web ? (max(0, top), max(0, height - bottom)) : (0, 0)
        if vertical == .verticalLR {
            (overflowOver, overflowUnder) = (overflowUnder, overflowOver)
            (spaceOver, spaceUnder) = (spaceUnder, spaceOver)
        }
    }

    init() {}
}

/// How far a run's text box and emphasis marks reach from the baseline, in points (up negative): Blink's text box
/// (the primary font's box drawn in to the em box of the run's font, in whole pixels under web metrics, which
/// Blink floors so as never to cut into the em box) and the far edge of the marks, half the font's size, standing
/// on the em box (its extent rounded up to pixels under web metrics, within the box).
///
/// In vertical lines the baseline is the central one, over is the right, and every box is centred on it: the
/// primary font's with its odd pixel over (web metrics), the em box half the size each side, as Blink's central
/// baseline splits them; marks on the left of a column are under.
struct TextReach {
    var over = 0.0, under = 0.0
    /// The marks' far edge from the baseline, over or under the line as ``marksUnder`` says; nil without marks.
    var marks: Double?
    /// The edge of the em box the marks stand on, from the baseline on the marks' side (0 without marks).
    var marksBase = 0.0
    var marksUnder = false

    /// The reach of a run in `style`, rounded as Blink rounds when `web`, in a vertical line when `vertical`.
    init(_ style: RunStyle, web: Bool, vertical: Bool = false) {
        let boxes = Boxes(style, web: web, vertical: vertical)
        let inOver = max(0, boxes.over - boxes.emOver), inUnder = max(0, boxes.under - boxes.emUnder)
        over = -boxes.over + (web ? inOver.rounded(.down) : inOver)
        under = boxes.under - (web ? inUnder.rounded(.down) : inUnder)
        guard let emphasis = style.shaping.emphasis else { return }
        marksUnder = vertical ? emphasis.isLeftInColumns : emphasis.isUnder
        marksBase = boxes.emEdge(under: marksUnder, web: web)
        marks = marksBase + (web ? (style.font.size / 2).rounded(.up) : style.font.size / 2)
    }

    /// How far the em box of `style`'s font reaches from the baseline on one side (`under` or over), within the
    /// primary font's box: Blink's em height of a text item (rounded up to pixels under web metrics, within the box
    /// rounded to pixels), on which emphasis marks and ruby stand; about the central baseline in a vertical line
    /// when `vertical` (over is the right).
    static func emEdge(of style: RunStyle, under: Bool, web: Bool, vertical: Bool = false) -> Double {
        Boxes(style, web: web, vertical: vertical).emEdge(under: under, web: web)
    }

    /// A run's primary font box and its font's em box about the baseline, in points (positive), rounded to pixels
    /// as Blink rounds the box when `web`.
    private struct Boxes {
        let over: Double, under: Double, emOver: Double, emUnder: Double

        init(_ style: RunStyle, web: Bool, vertical: Bool) {
            let box = style.primaryFont
            let ascent = web ? box.ascender.rounded() : box.ascender
            let descent = web ? (-box.descender).rounded() : -box.descender
            guard vertical else {
                let emBox = style.font.emBox
                (over, under, emOver, emUnder) = (ascent, descent, emBox.ascent, emBox.descent)
                return
            }
            let size = style.font.size
            // Blink halves the size in layout units (1/64 px), flooring; the odd pixel of the box goes over.
            under = web ? ((ascent + descent) / 2).rounded(.down) : (ascent + descent) / 2
            over = ascent + descent - under
            emUnder = web ? (size * 32).rounded(.down) / 64 : size / 2
            emOver = size - emUnder
        }

        /// The em box's edge on one side, within the box (Blink's `ComputeEmHeight`).
        func emEdge(under side: Bool, web: Bool) -> Double {
            let em = side ? emUnder : emOver
            return min(web ? em.rounded(.up) : em, side ? under : over)
        }
    }
}

/// How far a line's ruby reaches from its baseline over and under it, in points (nil for a side without ruby):
/// Blink's ruby block positions. The annotations of one side sit on the em box of all the bases on that side
/// (the farthest edge), and take the line of their own em boxes (their fonts' farthest ascent and descent). In a
/// vertical line the baseline is the central one and over is the right (``TextReach``).
struct RubyReach {
    var over: Double?, under: Double?
    /// How far annotations beside their bases (``RubyAnnotation/Position/interCharacter``) reach over and under
    /// the baseline; nil without them.
    var beside: (over: Double, under: Double)?

    /// No ruby.
    init() {}

    /// The reach of `columns`, whose bases' runs are given by `baseStyles`, rounded as Blink rounds when `web`, in a
    /// vertical line when `vertical`.
    init<Columns: Sequence<RubyColumn>>(
        _ columns: Columns, baseStyles: (RubyColumn) -> [RunStyle], web: Bool, vertical: Bool = false
    ) {
        var overSide: (base: Double, ascent: Double, descent: Double)?
        var underSide: (base: Double, ascent: Double, descent: Double)?
        for column in columns where !column.annotation.isEmpty {
            if column.isBeside {
                guard let style = baseStyles(column).first, let font = column.annotation.first?.font else { continue }
                let stack = column.besideStack(size: font.size)
                let centre = RubyColumn.besideCentre(over: style.font.emBox)
                beside = (
                    max(beside?.over ?? 0, centre + stack.over), max(beside?.under ?? 0, stack.under - centre)
                )
                continue
            }
            let under = column.position == .under
            var side = (under ? underSide : overSide) ?? (0, 0, 0)
            for style in baseStyles(column) {
                side.base = max(side.base, TextReach.emEdge(of: style, under: under, web: web, vertical: vertical))
            }
            for run in column.annotation {
                side.ascent = max(
                    side.ascent, TextReach.emEdge(of: run.style, under: false, web: web, vertical: vertical))
                side.descent = max(
                    side.descent, TextReach.emEdge(of: run.style, under: true, web: web, vertical: vertical))
            }
            if under { underSide = side } else { overSide = side }
        }
        over = overSide.map { $0.base + $0.ascent + $0.descent }
        under = underSide.map { $0.base + $0.ascent + $0.descent }
        (overBase, underBase) = (overSide?.base ?? 0, underSide?.base ?? 0)
        (overDescent, underAscent) = (overSide?.descent ?? 0, underSide?.ascent ?? 0)
    }

    /// The bases' em edge over (under) the baseline, and the annotations' descent over (ascent under): where the
    /// annotations' baselines are, from the line's baseline.
    private var overBase = 0.0, underBase = 0.0, overDescent = 0.0, underAscent = 0.0

    /// The baseline of the annotations on `side`, from the line's baseline (up negative).
    func annotationBaseline(under: Bool) -> Double {
        under ? underBase + underAscent : -(overBase + overDescent)
    }
}

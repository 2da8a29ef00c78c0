@_spi(Stages) import GalleyText

/// The one line placer: asked for the next band of a paragraph in a ``BandSpace``, it yields the band's lines.
/// Every decision about a line is made here, for layout, measuring and prepared text alike: which of the band's
/// free segments take text (slivers, wrap side, a word skipped past an exclusion), where each line ends (greedy,
/// or the plan of ``ParagraphStyle/textWrap``, with the consecutive-hyphen limit), the refit when re-shaping an
/// edge widens a line, and how tall the band grows. It reads the paragraph through a ``LineSource``: the live
/// line breaker or a prepared text's packed breaks.
///
/// The placer is the working state of one paragraph: the plan not yet placed and the hyphenated lines in a row.
struct LinePlacer<Source: LineSource> {
    /// The paragraph's lines and figures.
    private(set) var source: Source
    let context: ParagraphContext
    private let shaper: Shaper
    /// Whether lines keep their glyph runs (the typesetter's output keeps fragments, ``TypesetterOutput/keepsFragments``).
    private let keepsGlyphs: Bool
    private var flow: ParagraphFlow
    /// Every line's metrics, when the paragraph's runs share their figures (``LineSource/uniformFigures``).
    private let uniformMetrics: LineMetrics?
    /// Whether the paragraph has emphasis marks or ruby, so that every line's annotation is needed
    /// (``LineAnnotation/isNeeded(first:last:marked:before:web:)``).
    private let hasAnnotations: Bool
    /// The lines of the band placed last, in order along the inline axis (several beside exclusions), and the
    /// segments a band offers: buffers kept from band to band, and handed from paragraph to paragraph
    /// (``PlacerBuffers``), so that placing a band allocates nothing.
    private(set) var lines: [PlacedLine]
    private var segments: [FreeSegment]

    /// A placer reading `source`, for the paragraph `context` describes, filling `buffers`.
    init(
        source: consuming Source, context: ParagraphContext, shaper: Shaper, keepsGlyphs: Bool,
        buffers: consuming PlacerBuffers = PlacerBuffers()
    ) {
        (lines, segments) = (buffers.lines, buffers.segments)
        self.context = context
        self.source = source
        self.shaper = shaper
        self.keepsGlyphs = keepsGlyphs
        let strut = context.strut
        uniformMetrics = self.source.uniformFigures.map { strut.metrics(of: CollectionOfOne($0)) }
        hasAnnotations = self.source.hasAnnotations
        flow = ParagraphFlow(wantsPlan: context.style.textWrap != .auto && context.lineBreakMode == .wordWrap)
    }

    /// The metrics of a line drawing the characters in `range` (not empty). Mutating though it changes nothing:
    /// asked from a mutating method, a non-mutating one was given a copy of the whole placer, through the generic
    /// value witnesses, at every paragraph.
    private mutating func lineMetrics(of range: Range<Int>) -> LineMetrics {
        uniformMetrics ?? source.metrics(of: range, strut: context.strut)
    }

    /// The placer's buffers, handed over for the next paragraph's placer (this one keeps none).
    mutating func takeBuffers() -> PlacerBuffers {
        defer { (lines, segments) = ([], []) }
        return PlacerBuffers(lines: lines, segments: segments)
    }

    /// The band from `start` (UTF-16 offset) in `space`: reserved for its first character, grown while its lines
    /// need more; nil when `space` has no room left.
    mutating func placeBand(from start: Int, in space: inout some BandSpace) -> PlacedBand? {
        if flow.needsPlan { flow.plan(plannedLines(from: start, space), from: start) }
        var height = lineMetrics(of: start..<(start + 1)).height
        var attempts = 0
        let flowBefore = flow.mark
        while true {
            flow.restore(flowBefore)  // a band tried again at another height places its lines again
            let wrapIndent = context.indentsWrappedLines ? source.breaker.wrapIndent(at: start) : 0
            guard let room = space.reserve(blockSize: height, firstLine: start == 0, wrapIndent: wrapIndent) else {
                return nil
            }
            let end = placeLines(from: start, in: room)
            if lines.isEmpty {
                space.skip(to: room.blockOffset + max(1, height / 4))
                continue
            }
            // One line is the common band: its metrics are the band's.
            let only = lines.count == 1 ? lineMetrics(of: lines[0].line.utf16Range) : nil
            // Walked, not mapped: a closure over the placer copied it whole for every band.
            var needed = only?.height ?? 0
            if only == nil {
                for placed in lines { needed = max(needed, lineMetrics(of: placed.line.utf16Range).height) }
            }
            if LineFit.bandGrows(from: height, to: needed), attempts < 4 {
                height = needed
                attempts += 1
                // Elsewhere a taller band may meet an exclusion or pass the container's end: it is tried again.
                if !room.growsInPlace { continue }
            }
            // Placed lines are consecutive, so the band's runs are those of the span they cover together.
            let metrics =
                only ?? lineMetrics(of: lines[0].line.utf16Range.lowerBound..<end)
            // Emphasis marks and ruby over the line move it down, by what the line before left free less; the line
            // moves up into those under the line before where its text leaves room; those under it lengthen the band.
            let annotation =
                LineAnnotation.isNeeded(
                    first: start == 0, last: end >= context.paragraph.length && !context.isLast,
                    marked: hasAnnotations,
                    before: space.annotationSpace, web: context.strut.rules.web)
                ? source.annotation(
                    of: lines[0].line.utf16Range.lowerBound..<end, metrics: metrics, strut: context.strut)
                : .none
            let top = room.blockOffset + annotation.shift(after: space.annotationSpace)
            space.annotationSpace = annotation.after
            return PlacedBand(
                room: room, top: top, blockSize: height + annotation.overflowUnder, metrics: metrics,
                annotation: annotation, start: start, end: end, wrapIndent: wrapIndent)
        }
    }

    /// Places the lines from `start` in the segments of `room` that take text, in ``lines``; returns where the
    /// next line starts.
    private mutating func placeLines(from start: Int, in room: BandRoom) -> Int {
        let mode = context.lineBreakMode
        let length = context.paragraph.length
        let obstructed = room.isObstructed
        setUsableSegments(of: room, from: start)
        let segments = self.segments
        // Emptied from the end: a band holds a line or two, and `removeAll(keepingCapacity:)` goes through the
        // array's generic range replacement, which cost more than placing the line.
        while !lines.isEmpty { lines.removeLast() }
        var cursor = start
        for (position, segment) in segments.enumerated() where cursor < length {
            source.tabOrigin = room.tabOrigin(of: segment, rightToLeft: context.isRightToLeft)
            let hyphenates = flow.hyphenatedInARow < context.hyphenatedLineLimit
            var line: LineBreak
            if let planned = flow.plannedLine(at: cursor),
                let fitting = source.breaker.plannedLine(
                    from: cursor, to: planned.end, hyphenated: planned.isHyphenated, width: segment.width)
            {
                line = fitting
            } else {
                line = source.nextLine(
                    from: cursor, width: segment.width, mode: mode, limit: nil, hyphenates: hyphenates)
            }
            if line.isEmergencyBreak && obstructed {
                // A word too long for a segment beside an exclusion: try the next segment or band, unless it would
                // not fit even the whole line, where cutting it is the only way on.
                let whole = source.nextLine(
                    from: cursor, width: room.span.width - 2 * room.padding, mode: mode, limit: nil,
                    hyphenates: true)
                if !whole.isEmergencyBreak || position < segments.count - 1 { continue }
            }
            var content = lineContent(line)
            // Re-shaping at the edges can widen a line past what the summed advances promised; give back whole
            // opportunities (or clusters) until it fits, but never the line's first cluster.
            var firstClusterEnd: Int?
            // With `overflow-wrap: normal` a word wider than the line is left whole, overflowing.
            let overflowsByDesign = context.overflowsWhole && !LineFit.fits(line.width, in: segment.width)
            while context.wraps, !overflowsByDesign, !LineFit.fits(content.usedWidth, in: segment.width) {
                let clusterEnd = firstClusterEnd ?? firstCluster(from: cursor).utf16Range.upperBound
                firstClusterEnd = clusterEnd
                guard line.utf16Range.upperBound > clusterEnd else { break }
                line = source.nextLine(
                    from: cursor, width: segment.width, mode: mode,
                    limit: line.utf16Range.upperBound - 1, hyphenates: hyphenates)
                content = lineContent(line)
            }
            lines.append(PlacedLine(segment: segment, line: line, content: content))
            flow.placed(line, from: cursor)
            cursor = line.utf16Range.upperBound
            if line.endsAtMandatoryBreak { break }
        }
        return cursor
    }

    /// Sets ``segments`` to those of `room`'s free segments a line from `start` may use, in the order lines fill
    /// them: inside the padding, wide enough for the first cluster and (beside an exclusion) the container's
    /// narrowest segment, as the wrap side allows, in reading order.
    private mutating func setUsableSegments(of room: BandRoom, from start: Int) {
        let obstructed = room.isObstructed
        let span = room.span, padding = room.padding
        while !segments.isEmpty { segments.removeLast() }  // as the lines are
        // The span inside the padding; when that leaves nothing, a point from its start, so a line still goes
        // somewhere.
        let inner = FreeSegment(minX: span.minX + padding, maxX: span.maxX - padding)
        let fallback = FreeSegment(minX: inner.minX, maxX: max(inner.minX + 1, inner.maxX))
        guard let free = room.free else {
            segments.append(inner.width > 0 ? inner : fallback)
            return
        }
        // Beside an exclusion, a segment too narrow for even the first cluster is skipped, and a sliver narrower
        // than the container's minimum takes no text.
        let (firstClusterWidth, minimumWidth, side) =
            obstructed
            ? (firstCluster(from: start).width, room.minimumSegmentWidth ?? 2 * context.baseFont.size, room.wrapSide)
            : (0, 0, TextContainer.WrapSide.both)
        var segments = Self.usableSegments(
            free, padding: padding, firstClusterWidth: firstClusterWidth, minimumWidth: minimumWidth,
            wraps: context.wraps, side: side, rtl: context.isRightToLeft)
        if context.isRightToLeft { segments.reverse() }
        if segments.isEmpty && !obstructed { segments = [fallback] }
        self.segments = segments
    }

    /// Of a band's `free` segments (left to right, before `padding`), those a line may use, left to right: inside
    /// the padding, at least `firstClusterWidth` and `minimumWidth` wide, the widest alone when the paragraph does
    /// not wrap, and those `side` lets text use.
    static func usableSegments(
        _ free: [FreeSegment], padding: Double, firstClusterWidth: Double, minimumWidth: Double, wraps: Bool,
        side: TextContainer.WrapSide, rtl: Bool
    ) -> [FreeSegment] {
        var segments = free.map { FreeSegment(minX: $0.minX + padding, maxX: $0.maxX - padding) }
            .filter {
                $0.width > 0 && LineFit.fits(firstClusterWidth, in: $0.width)
                    && LineFit.fits(minimumWidth, in: $0.width)
            }
        if !wraps, let widest = segments.max(by: { $0.width < $1.width }) { segments = [widest] }
        return Self.segments(segments, side: side, rtl: rtl)
    }

    /// The line holding only the first grapheme cluster from `start`.
    private mutating func firstCluster(from start: Int) -> LineBreak {
        source.nextLine(from: start, width: 0, mode: .charWrap, limit: nil, hyphenates: true)
    }

    /// Of a band's free `segments` (left to right), those `side` lets text use: all, the widest (the one nearer the
    /// line's start among equals), or the one at the line's start or end (mirrored for right-to-left text).
    static func segments(_ segments: [FreeSegment], side: TextContainer.WrapSide, rtl: Bool) -> [FreeSegment] {
        guard segments.count > 1 else { return segments }
        let inReadingOrder = rtl ? segments.reversed() : segments
        switch side {
        case .both: return segments
        case .start: return [inReadingOrder.first!]
        case .end: return [inReadingOrder.last!]
        case .largest:
            var widest = inReadingOrder.first!
            for segment in inReadingOrder.dropFirst() where segment.width > widest.width { widest = segment }
            return [widest]
        }
    }

    /// The lines a paragraph-level strategy (``ParagraphStyle/textWrap``) chooses from `start`, in lines as wide as
    /// the space gives them: beside an exclusion (a date badge, a picture), each line as wide as the segment it
    /// would have, bands taken a line of the paragraph's first character tall; elsewhere as wide as the space
    /// beside no exclusion. Nil for greedy breaking.
    private mutating func plannedLines(from start: Int, _ space: some BandSpace) -> [ParagraphBreaker.PlannedLine]? {
        guard space.lineSize(firstLine: start == 0) != nil else { return nil }
        let style = context.style
        let bandHeight = lineMetrics(of: start..<(start + 1)).height
        let lineSpacing = style.lineSpacing
        var probe = space
        var bandWidths: [Double] = []
        let probes = space.hasExclusions
        let (fontSize, wraps, rtl) = (context.baseFont.size, context.wraps, context.isRightToLeft)
        func width(_ line: Int) -> Double {
            guard probes else { return max(0, space.lineSize(firstLine: start == 0 && line == 0) ?? 0) }
            while bandWidths.count <= line {
                let firstLine = start == 0 && bandWidths.isEmpty
                guard let room = probe.reserve(blockSize: bandHeight, firstLine: firstLine, wrapIndent: 0) else {
                    bandWidths.append(bandWidths.last ?? 0)
                    continue
                }
                probe.skip(to: room.blockOffset + bandHeight + lineSpacing)
                let inner = room.span.width - 2 * room.padding
                guard room.isObstructed, let free = room.free else {
                    bandWidths.append(max(0, inner))
                    continue
                }
                // Lines fill a band's segments one after another where the wrap side lets text use several: the
                // plan then keeps to the widest.
                let usable = Self.usableSegments(
                    free, padding: room.padding, firstClusterWidth: 0,
                    minimumWidth: room.minimumSegmentWidth ?? 2 * fontSize, wraps: wraps, side: room.wrapSide,
                    rtl: rtl)
                bandWidths.append(usable.map(\.width).max() ?? 0)
            }
            return bandWidths[line]
        }
        let strategy = ParagraphBreaker(
            strategy: style.textWrap, fontSize: context.baseFont.size, isJustified: style.alignment == .justified,
            hyphenationLineLimit: style.hyphenatedLineLimit,
            firstWidth: max(0, space.lineSize(firstLine: false) ?? 0))
        return source.plan(strategy, from: start, width: width)
    }

    // MARK: Lines

    /// The content of `line`: its width alone when measuring, unless an edge cuts joined glyphs (re-shaping
    /// changes the width) or the line may be justified; else its runs.
    private func lineContent(_ line: LineBreak) -> LineContent {
        source.content(of: line, shaper: shaper, keepsGlyphs: keepsGlyphs, isJustified: context.isJustified)
    }

    /// `line` placed in `segment`, cut to fit with an ellipsis in `mode` as a truncating line break mode does
    /// (reaching to the paragraph's end when `toParagraphEnd`, the last line a container allows): the line
    /// and content to draw and the first hidden offset; nil when it fits and nothing is cut.
    func truncated(
        _ line: LineBreak, in segment: FreeSegment, mode: ParagraphStyle.LineBreakMode, toParagraphEnd: Bool,
        moreTextFollows: Bool
    ) -> (line: LineBreak, content: LineContent, hiddenStart: Int)? {
        var breaker = source.breaker
        breaker.tabOrigin = source.tabOrigin
        let end = toParagraphEnd ? context.paragraph.length : line.utf16Range.upperBound
        let whole = breaker.line(line.utf16Range.lowerBound..<end, mandatory: line.endsAtMandatoryBreak)
        let result = Truncator(breaker: breaker, shaper: shaper, baseLevel: context.shaped.bidi.baseLevel)
            .truncate(whole, width: segment.width, mode: mode, moreTextFollows: moreTextFollows)
        guard let hidden = result.hiddenStart else { return nil }
        return (whole, LineContent(runs: result.runs, usedWidth: result.runs.reduce(0) { $0 + $1.width }), hidden)
    }

    /// Sets the tab stops' origin for lines in `segment` of `room` (before their runs are asked for).
    mutating func setTabOrigin(for segment: FreeSegment, in room: BandRoom) {
        source.tabOrigin = room.tabOrigin(of: segment, rightToLeft: context.isRightToLeft)
    }
}

/// The buffers a line placer fills, handed on to the next paragraph's placer with their capacity.
struct PlacerBuffers {
    fileprivate var lines: [PlacedLine] = []
    fileprivate var segments: [FreeSegment] = []
}

/// One line placed in a segment: its break and its content.
struct PlacedLine {
    let segment: FreeSegment
    var line: LineBreak
    var content: LineContent
}

/// One band placed: its room, its block size (height) in points, the metrics of the text its lines
/// (``LinePlacer/lines``) hold together, and where the next band starts.
struct PlacedBand {
    let room: BandRoom
    /// Where the band's lines start on the block axis: the room's top, moved for emphasis marks
    /// (``LineAnnotation/shift(after:)``), in points.
    let top: Double
    /// How far the text reaches from ``top``: the lines and the marks under them, in points.
    let blockSize: Double
    let metrics: LineMetrics
    /// What the band's emphasis marks need and what it lends its neighbours.
    let annotation: LineAnnotation
    /// Where its first line starts and where the next band starts (UTF-16 offsets from the paragraph's start).
    let start: Int, end: Int
    /// How far its start edge was moved in for a wrapped source line's continuation
    /// (``ParagraphStyle/indentsWrappedLines``), in points; 0 for none.
    let wrapIndent: Double

    /// The band `shift` points further down the block axis (below a table's repeated header rows).
    func moved(down shift: Double) -> PlacedBand {
        PlacedBand(
            room: room, top: top + shift, blockSize: blockSize, metrics: metrics, annotation: annotation, start: start,
            end: end, wrapIndent: wrapIndent)
    }
}

/// A line's glyphs as placing needs them.
struct LineContent {
    /// The line's runs in logical order, cut (and re-shaped at joined edges) to its characters; nil in a
    /// measuring pass where the line's width is known without them.
    var runs: [GlyphRun]?
    /// The width of the line's content, its hanging white space left out, in points.
    var usedWidth: Double
}

/// Where a paragraph's placing stands between bands: the lines a paragraph-level strategy chose, and how many
/// hyphenated lines end in a row.
private struct ParagraphFlow {
    /// The chosen lines (empty when breaking greedily), the first not placed yet, and where it starts.
    private var plan: [ParagraphBreaker.PlannedLine] = []
    private var next = 0
    private var planStart = 0
    /// Whether the paragraph wants a plan, and how many more times one may be made (a line placed otherwise,
    /// beside an exclusion, makes the plan stale).
    private var plansLeft: Int
    private var isStale: Bool
    /// The hyphenated lines just placed, in a row.
    private(set) var hyphenatedInARow = 0

    init(wantsPlan: Bool) {
        plansLeft = wantsPlan ? 4 : 0
        isStale = wantsPlan
    }

    /// Where the flow stands (all but the plan itself, which only ``plan(_:from:)`` replaces), to go back to when
    /// a band is tried again: scalars, so that marking it retains nothing.
    struct Mark {
        fileprivate let next: Int
        fileprivate let planStart: Int
        fileprivate let isStale: Bool
        fileprivate let hyphenatedInARow: Int
    }

    var mark: Mark {
        Mark(next: next, planStart: planStart, isStale: isStale, hyphenatedInARow: hyphenatedInARow)
    }

    mutating func restore(_ mark: Mark) {
        (next, planStart, isStale, hyphenatedInARow) = (mark.next, mark.planStart, mark.isStale, mark.hyphenatedInARow)
    }

    /// Whether a plan should be made for the lines from here.
    var needsPlan: Bool { isStale && plansLeft > 0 }

    mutating func plan(_ lines: [ParagraphBreaker.PlannedLine]?, from start: Int) {
        plansLeft -= 1
        isStale = false
        plan = lines ?? []
        next = 0
        planStart = start
    }

    /// The planned line starting at `offset`, when the plan still holds there.
    func plannedLine(at offset: Int) -> ParagraphBreaker.PlannedLine? {
        offset == planStart && next < plan.count ? plan[next] : nil
    }

    /// Notes `line`, placed from `start`: the plan moves on, or goes stale where the line left it.
    mutating func placed(_ line: LineBreak, from start: Int) {
        hyphenatedInARow = line.isHyphenated ? hyphenatedInARow + 1 : 0
        guard next < plan.count else { return }
        if start == planStart, line.utf16Range.upperBound == plan[next].end {
            planStart = plan[next].end
            next += 1
        } else {
            next = plan.count  // dropped: no planned line is offered again
            isStale = true
        }
    }
}

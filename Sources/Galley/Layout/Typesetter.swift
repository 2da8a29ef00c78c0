/// Places shaped paragraphs into a chain of containers, band by band: the working state of one
/// ``LayoutManager/layout()`` pass.
struct Typesetter {
    let containers: [TextContainer]
    let shaper: Shaper
    let fontLibrary: FontLibrary
    let settings: DynamicTypeSettings
    /// Whether fragments carry their glyph runs. A measuring pass (``TextMeasurer``) turns this off: its fragments
    /// have the same geometry and character ranges but no runs, and lines are cut from the paragraph's glyphs only
    /// where an edge must be shaped again or justification needs them.
    let keepsGlyphs: Bool
    /// Shapes list markers and measures list columns.
    let listMarkers: ListMarkers

    private(set) var fragments: [LineFragment] = []
    private(set) var isStopped = false
    private var containerIndex = 0
    private var y = 0.0
    private var bandsInContainer = 0
    private var unlaidStart: Int?

    /// A typesetter for `containers`. `continuing` starts as if text had been placed already (for laying out one
    /// paragraph of many on its own: the space before it applies).
    init(
        containers: [TextContainer], shaper: Shaper, fontLibrary: FontLibrary, settings: DynamicTypeSettings,
        continuing: Bool = false, keepsGlyphs: Bool = true, markerShapes: MarkerShapes = MarkerShapes()
    ) {
        listMarkers = ListMarkers(
            shaper: shaper, fontLibrary: fontLibrary, settings: settings, shapes: markerShapes)
        self.containers = containers
        self.shaper = shaper
        self.fontLibrary = fontLibrary
        self.settings = settings
        self.keepsGlyphs = keepsGlyphs
        bandsInContainer = continuing ? 1 : 0
    }

    /// How far down the current container the text has reached, in points.
    var currentY: Double { y }

    /// Places paragraph after paragraph, the one loop of every layout and measurement: paragraph `index` (from 0,
    /// until `paragraph` gives nil) numbered in its lists, shaped by `shaped`, said to start where the one before
    /// ended, placed; `placed` sees the typesetter after each. Stops when the containers are full.
    mutating func placeParagraphs(
        paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph,
        placed: (inout Typesetter) throws -> Void = { _ in }
    ) throws {
        var start = 0, index = 0
        var numbering = ListNumbering()
        while let current = paragraph(index) {
            try Cancellation.check()
            let item = numbering.next(current.style.textLists) {
                listMarkers.column(level: $0, from: index, paragraph: paragraph)
            }
            let shaped = try shaped(index).relocated(to: start)
            let isLast = paragraph(index + 1) == nil
            try place(paragraph: shaped, index: index, isLast: isLast, listItem: item)
            try placed(&self)
            if isStopped { break }
            start += current.length + current.terminatorLength
            index += 1
        }
    }

    /// The fragments placed since the last call, handed over and forgotten: for laying out a text line by line
    /// without holding its lines (``finish(textLength:)`` then describes only the fragments not taken).
    mutating func takeFragments() -> [LineFragment] {
        defer { fragments = [] }
        return fragments
    }

    /// The layout so far, as a value.
    func finish(textLength: Int) -> TextLayout {
        let ranges = containers.indices.map { index -> Range<Int> in
            let held = fragments.filter { $0.containerIndex == index }
            guard let first = held.first, let last = held.last else {
                let position = fragments.last { $0.containerIndex < index }?.characterRange.upperBound ?? 0
                return position..<position
            }
            return first.characterRange.lowerBound..<last.characterRange.upperBound
        }
        let unlaid = min(unlaidStart ?? textLength, textLength)
        return TextLayout(
            lineFragments: fragments, containerCharacterRanges: ranges, unlaidCharacterRange: unlaid..<textLength)
    }

    // MARK: Paragraphs

    /// Places `shaped`, paragraph `index` of the storage; `listItem` is its place in its lists (``ListNumbering``;
    /// nil outside lists).
    ///
    /// - Throws: ``ParagraphStyleError`` for lists nested past ``Limits/listNesting`` or a bad list indent; the
    ///   font library's errors.
    mutating func place(paragraph shaped: ShapedParagraph, index: Int, isLast: Bool, listItem: ListItemPlace?)
        throws
    {
        guard !isStopped else { return }
        let paragraph = shaped.paragraph
        let style = paragraph.style
        if !style.textLists.isEmpty {
            let limit = Limits.current.listNesting
            guard style.textLists.count <= limit else {
                throw ParagraphStyleError.listNestingTooDeep(style.textLists.count, limit: limit)
            }
            guard style.listIndent.isFinite, (0...ParagraphStyle.tabLocationLimit).contains(style.listIndent) else {
                throw ParagraphStyleError.invalidListIndent(style.listIndent, limit: ParagraphStyle.tabLocationLimit)
            }
        }
        if bandsInContainer > 0 { y += style.paragraphSpacingBefore }
        let strut = try Self.strut(of: paragraph, fontLibrary: fontLibrary, settings: settings)
        let context = ParagraphContext(
            shaped: shaped, index: index, isLast: isLast, style: style, baseFont: strut.font,
            baseLeading: strut.leading, isRightToLeft: shaped.bidi.isRightToLeft,
            listItem: listItem)
        if paragraph.length == 0 {
            placeEmptyLine(context)
        } else {
            var breaker = try LineBreaker(shaped, shaper: shaper)
            var flow = ParagraphFlow(wantsPlan: style.textWrap != .auto && style.lineBreakMode == .wordWrap)
            var start = 0
            while start < paragraph.length, !isStopped {
                try Cancellation.check()
                start = placeBand(from: start, context, &breaker, &flow)
            }
        }
        y += style.paragraphSpacing
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
    /// the current container gives them beside no exclusion; nil for greedy breaking.
    private func plannedLines(from start: Int, _ context: ParagraphContext, _ breaker: inout LineBreaker)
        -> [ParagraphBreaker.Line]?
    {
        guard containerIndex < containers.count else { return nil }
        let container = containers[containerIndex]
        func width(_ line: Int) -> Double {
            let span = lineSpan(container, context, firstLine: start == 0 && line == 0)
            return max(0, span.maxX - span.minX - 2 * container.lineFragmentPadding)
        }
        let style = context.style
        let strategy = ParagraphBreaker(
            strategy: style.textWrap, fontSize: context.baseFont.size, isJustified: style.alignment == .justified,
            hyphenationLineLimit: style.hyphenatedLineLimit, firstWidth: width(1))
        return strategy.lines(&breaker, from: start, width: width)
    }

    /// A paragraph's strut, which every line's height includes: its primary font (its first attributes' font)
    /// and, when that is a text style, the style's leading in points.
    static func strut(of paragraph: Paragraph, fontLibrary: FontLibrary, settings: DynamicTypeSettings) throws -> (
        font: Font, leading: Double?
    ) {
        let primary = paragraph.leadingAttributes.shapingKey.font
        return (
            try fontLibrary.font(for: primary, settings: settings), primary.textStyle.map { settings.leading(of: $0) }
        )
    }

    private struct ParagraphContext {
        let shaped: ShapedParagraph
        let index: Int
        let isLast: Bool
        let style: ParagraphStyle
        /// The paragraph's primary font: the strut every line's height includes.
        let baseFont: Font
        /// The primary font's text-style leading, when it is a text style.
        let baseLeading: Double?
        let isRightToLeft: Bool
        /// The paragraph's place in its lists; nil outside lists.
        let listItem: ListItemPlace?
        var paragraph: Paragraph { shaped.paragraph }
        var storageStart: Int { shaped.paragraph.utf16Range.lowerBound }
    }

    private mutating func placeEmptyLine(_ context: ParagraphContext) {
        let metrics = LineMetrics(
            runs: [], style: context.style, strut: context.baseFont, strutLeading: context.baseLeading)
        guard let top = reserveBand(height: metrics.height) else { return stop(at: context.storageStart) }
        let span = lineSpan(containers[containerIndex], context, firstLine: true)
        let x = context.isRightToLeft ? span.maxX : span.minX
        let end = context.storageStart + context.paragraph.terminatorLength
        let padding = containers[containerIndex].lineFragmentPadding
        let marker = marker(
            for: context, textEdge: context.isRightToLeft ? span.maxX - padding : span.minX + padding, top: top,
            metrics: metrics)
        fragments.append(
            LineFragment(
                containerIndex: containerIndex,
                rect: Rect(x: span.minX, y: top, width: span.maxX - span.minX, height: metrics.height),
                usedRect: Rect(x: x, y: top, width: 0, height: metrics.height),
                baselineY: top + metrics.baselineFromTop,
                characterRange: context.storageStart..<end, runs: [], paragraphIndex: context.index,
                paragraphStart: context.storageStart, isTruncated: false, clipsToRect: false,
                isRightToLeft: context.isRightToLeft, listMarker: marker,
                paint: keepsGlyphs ? LinePaint(of: context.paragraph, in: 0..<0) : nil))
        bandsInContainer += 1
        y = top + metrics.height
    }

    /// Places one band (one visual line, possibly several fragments beside exclusions) from `start`; returns where
    /// the next band starts.
    private mutating func placeBand(
        from start: Int, _ context: ParagraphContext, _ breaker: inout LineBreaker, _ flow: inout ParagraphFlow
    ) -> Int {
        let style = context.style
        if flow.needsPlan { flow.plan(plannedLines(from: start, context, &breaker), from: start) }
        let wraps = style.lineBreakMode == .wordWrap || style.lineBreakMode == .charWrap
        var height = lineMetrics(start..<(start + 1), context, breaker).height
        var attempts = 0
        let flowBefore = flow
        while true {
            flow = flowBefore  // a band tried again at another height places its lines again
            guard let top = reserveBand(height: height) else {
                stop(at: context.storageStart + start)
                return context.paragraph.length
            }
            let container = containers[containerIndex]
            let span = lineSpan(container, context, firstLine: start == 0)
            let padding = container.lineFragmentPadding
            let free = container.freeSegments(minX: span.minX, maxX: span.maxX, top: top, bottom: top + height)
            let obstructed = free != [FreeSegment(minX: span.minX, maxX: span.maxX)]
            // Beside an exclusion, a segment too narrow for even the first cluster is skipped.
            let firstClusterWidth = obstructed ? breaker.nextLine(from: start, width: 0, mode: .charWrap).width : 0
            // Beside an exclusion, a sliver narrower than the container's minimum takes no text.
            let minimumWidth = obstructed ? container.minimumSegmentWidth ?? 2 * context.baseFont.size : 0
            var segments = free.map { FreeSegment(minX: $0.minX + padding, maxX: $0.maxX - padding) }
                .filter {
                    $0.width > 0 && LineFit.fits(firstClusterWidth, in: $0.width)
                        && LineFit.fits(minimumWidth, in: $0.width)
                }
            if !wraps, let widest = segments.max(by: { $0.width < $1.width }) { segments = [widest] }
            if obstructed { segments = Self.segments(segments, side: container.wrapSide, rtl: context.isRightToLeft) }
            if context.isRightToLeft { segments.reverse() }
            if segments.isEmpty && !obstructed {
                segments = [
                    FreeSegment(minX: span.minX + padding, maxX: max(span.minX + padding + 1, span.maxX - padding))
                ]
            }
            var placed: [(segment: FreeSegment, line: LineBreak, content: LineContent)] = []
            var cursor = start
            for (position, segment) in segments.enumerated() where cursor < context.paragraph.length {
                breaker.tabOrigin = tabOrigin(of: segment, in: container, context)
                let hyphenates = flow.hyphenatedInARow < style.hyphenatedLineLimit
                var line: LineBreak
                if let planned = flow.plannedLine(at: cursor),
                    let fitting = breaker.plannedLine(
                        from: cursor, to: planned.end, hyphenated: planned.isHyphenated, width: segment.width)
                {
                    line = fitting
                } else {
                    line = breaker.nextLine(
                        from: cursor, width: segment.width, mode: style.lineBreakMode, hyphenates: hyphenates)
                }
                if line.isEmergencyBreak && obstructed {
                    // A word too long for a segment beside an exclusion: try the next segment or band, unless it
                    // would not fit even the whole line, where cutting it is the only way on.
                    let whole = breaker.nextLine(
                        from: cursor, width: span.maxX - span.minX - 2 * padding, mode: style.lineBreakMode)
                    if !whole.isEmergencyBreak || position < segments.count - 1 { continue }
                }
                var content = lineContent(line, style, breaker)
                // Re-shaping at the edges can widen a line past what the summed advances promised; give back
                // whole opportunities (or clusters) until it fits, but never the line's first cluster.
                var firstClusterEnd: Int?
                // With `overflow-wrap: normal` a word wider than the line is left whole, overflowing.
                let overflowsByDesign = style.overflowWrap == .normal && !LineFit.fits(line.width, in: segment.width)
                while wraps, !overflowsByDesign, !LineFit.fits(content.usedWidth, in: segment.width) {
                    let clusterEnd =
                        firstClusterEnd
                        ?? breaker.nextLine(from: cursor, width: 0, mode: .charWrap).utf16Range.upperBound
                    firstClusterEnd = clusterEnd
                    guard line.utf16Range.upperBound > clusterEnd else { break }
                    line = breaker.nextLine(
                        from: cursor, width: segment.width, mode: style.lineBreakMode,
                        limit: line.utf16Range.upperBound - 1, hyphenates: hyphenates)
                    content = lineContent(line, style, breaker)
                }
                placed.append((segment, line, content))
                flow.placed(line, from: cursor)
                cursor = line.utf16Range.upperBound
                if line.endsAtMandatoryBreak { break }
            }
            if placed.isEmpty {
                y = top + max(1, height / 4)
                continue
            }
            let perLine = placed.map { lineMetrics($0.line.utf16Range, context, breaker) }
            let needed = perLine.map(\.height).max()!
            if LineFit.bandGrows(from: height, to: needed), attempts < 4 {
                height = needed
                attempts += 1
                continue
            }
            // Placed lines are consecutive, so the band's runs are those of the span they cover together.
            let metrics =
                placed.count == 1
                ? perLine[0] : lineMetrics(placed[0].line.utf16Range.lowerBound..<cursor, context, breaker)
            let textRemains = cursor < context.paragraph.length || !context.isLast
            let lastAllowedBand =
                container.maximumNumberOfLines > 0 && bandsInContainer + 1 >= container.maximumNumberOfLines
            for (position, entry) in placed.enumerated() {
                breaker.tabOrigin = tabOrigin(of: entry.segment, in: container, context)
                var line = entry.line
                var content = entry.content
                var truncated = false
                let isFinal = position == placed.count - 1
                let truncation =
                    !wraps
                    ? style.lineBreakMode
                    : (lastAllowedBand && textRemains && isFinal ? container.lineBreakMode : .wordWrap)
                if truncation.isTruncating, !wraps || lastAllowedBand {
                    let end = lastAllowedBand && wraps ? context.paragraph.length : line.utf16Range.upperBound
                    let whole = breaker.line(line.utf16Range.lowerBound..<end, mandatory: line.endsAtMandatoryBreak)
                    let result = Truncator(breaker: breaker, shaper: shaper, baseLevel: context.shaped.bidi.baseLevel)
                        .truncate(
                            whole, width: entry.segment.width, mode: truncation,
                            moreTextFollows: lastAllowedBand && wraps && !context.isLast)
                    if let hidden = result.hiddenStart {
                        content = LineContent(runs: result.runs, usedWidth: result.runs.reduce(0) { $0 + $1.width })
                        truncated = true
                        line = whole
                        cursor = max(cursor, end)
                        if lastAllowedBand && wraps, unlaidStart == nil { unlaidStart = context.storageStart + hidden }
                    }
                }
                fragments.append(
                    makeFragment(
                        line: line, content: content, segment: entry.segment, top: top, metrics: metrics,
                        context: context, breaker: breaker, truncated: truncated,
                        isParagraphEnd: line.utf16Range.upperBound == context.paragraph.length))
            }
            bandsInContainer += 1
            y = top + height
            if cursor < context.paragraph.length { y += style.lineSpacing }
            if lastAllowedBand && textRemains && container.lineBreakMode.isTruncating {
                isStopped = true
                if unlaidStart == nil {
                    unlaidStart = context.storageStart + context.paragraph.length + context.paragraph.terminatorLength
                }
            }
            return cursor
        }
    }

    /// Where a paragraph's placing stands between bands: the lines a paragraph-level strategy chose, and how many
    /// hyphenated lines end in a row.
    private struct ParagraphFlow {
        /// The chosen lines not placed yet, and where the first of them starts; empty when breaking greedily.
        private var plan: ArraySlice<ParagraphBreaker.Line> = []
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

        /// Whether a plan should be made for the lines from here.
        var needsPlan: Bool { isStale && plansLeft > 0 }

        mutating func plan(_ lines: [ParagraphBreaker.Line]?, from start: Int) {
            plansLeft -= 1
            isStale = false
            plan = ArraySlice(lines ?? [])
            planStart = start
        }

        /// The planned line starting at `offset`, when the plan still holds there.
        func plannedLine(at offset: Int) -> ParagraphBreaker.Line? {
            offset == planStart ? plan.first : nil
        }

        /// Notes `line`, placed from `start`: the plan moves on, or goes stale where the line left it.
        mutating func placed(_ line: LineBreak, from start: Int) {
            hyphenatedInARow = line.isHyphenated ? hyphenatedInARow + 1 : 0
            guard let next = plan.first else { return }
            if start == planStart, line.utf16Range.upperBound == next.end {
                plan.removeFirst()
                planStart = next.end
            } else {
                plan = []
                isStale = true
            }
        }
    }

    // MARK: Bands and containers

    /// The top of a band of `height` in the current container, moving to the next container when this one is full;
    /// nil when no container is left.
    private mutating func reserveBand(height: Double) -> Double? {
        while containerIndex < containers.count {
            let container = containers[containerIndex]
            let linesFull = container.maximumNumberOfLines > 0 && bandsInContainer >= container.maximumNumberOfLines
            if !linesFull, container.isHeightUnbounded || y + height <= container.size.height + 1e-9 { return y }
            containerIndex += 1
            y = 0
            bandsInContainer = 0
        }
        return nil
    }

    private mutating func stop(at offset: Int) {
        isStopped = true
        if unlaidStart == nil { unlaidStart = offset }
    }

    /// The stretch of the container a line may use after the paragraph's indents (mirrored for right-to-left).
    private func lineSpan(_ container: TextContainer, _ context: ParagraphContext, firstLine: Bool) -> (
        minX: Double, maxX: Double
    ) {
        let width = container.size.width
        let style = context.style
        let head =
            max(0, firstLine ? style.firstLineHeadIndent : style.headIndent) + (context.listItem?.indent ?? 0)
        let tail = style.tailIndent > 0 ? style.tailIndent : width + style.tailIndent
        var minX = context.isRightToLeft ? width - tail : head
        var maxX = context.isRightToLeft ? width - head : tail
        minX = max(0, minX)
        maxX = min(width, maxX)
        if !(maxX > minX) || !minX.isFinite || !maxX.isFinite { return (0, width) }
        return (minX, maxX)
    }

    /// Where a line in `segment` starts, in points from its tab stops' origin: the container's leading edge
    /// plus its line-fragment padding (the right edge for a right-to-left paragraph), before indents.
    private func tabOrigin(of segment: FreeSegment, in container: TextContainer, _ context: ParagraphContext)
        -> Double
    {
        let padding = container.lineFragmentPadding
        return context.isRightToLeft ? container.size.width - padding - segment.maxX : segment.minX - padding
    }

    // MARK: Lines

    /// A line's glyphs as placing needs them.
    private struct LineContent {
        /// The line's runs in logical order, cut (and re-shaped at joined edges) to its characters; nil in a
        /// measuring pass where the line's width is known without them.
        var runs: [GlyphRun]?
        /// The width of the line's content, its hanging white space left out, in points.
        var usedWidth: Double
    }

    /// The content of `line`: its width alone when measuring, unless an edge cuts joined glyphs (re-shaping
    /// changes the width) or the line may be justified; else its runs.
    private func lineContent(_ line: LineBreak, _ style: ParagraphStyle, _ breaker: LineBreaker) -> LineContent {
        let range = line.utf16Range
        if !keepsGlyphs, style.alignment != .justified, !breaker.cutsJoinedGlyphs(at: range.lowerBound),
            !breaker.cutsJoinedGlyphs(at: range.upperBound)
        {
            return LineContent(usedWidth: line.width)
        }
        let runs = breaker.runs(for: line, shaper: shaper)
        return LineContent(runs: runs, usedWidth: breaker.usedWidth(of: line, drawnWith: runs))
    }

    /// The metrics of a line drawing the characters in `range` (UTF-16 offsets from the paragraph's start): those
    /// of the paragraph's runs there, as cutting or re-shaping a run keeps its font.
    private func lineMetrics(_ range: Range<Int>, _ context: ParagraphContext, _ breaker: LineBreaker) -> LineMetrics {
        LineMetrics(
            runs: context.shaped.runs[breaker.runIndices(overlapping: range)], style: context.style,
            strut: context.baseFont, strutLeading: context.baseLeading)
    }

    // MARK: Fragments

    private func makeFragment(
        line: LineBreak, content lineContent: LineContent, segment: FreeSegment, top: Double, metrics: LineMetrics,
        context: ParagraphContext, breaker: LineBreaker, truncated: Bool, isParagraphEnd: Bool
    ) -> LineFragment {
        let style = context.style
        let trailingRange = line.trailingRange
        let trailing = truncated ? 0 : breaker.width(of: trailingRange, inLine: line.utf16Range)
        var runs: [GlyphRun] = []
        var content = lineContent.usedWidth
        var total = content + trailing
        if var logicalRuns = lineContent.runs {
            let baseLevel = context.shaped.bidi.baseLevel
            if !truncated, !trailingRange.isEmpty,
                logicalRuns.contains(where: { $0.bidiLevel != baseLevel && $0.utf16Range.overlaps(trailingRange) })
            {
                // UAX #9 rule L1: white space at the end of a line takes the paragraph's level, so it sits at the
                // line's end rather than inside a run of the other direction.
                let content = breaker.runs(in: line.utf16Range.lowerBound..<line.contentEnd, shaper: shaper)
                logicalRuns = breaker.finished(
                    content + breaker.runs(in: trailingRange, shaper: shaper).map { $0.withLevel(baseLevel) },
                    for: line)
            }
            runs = BidiParagraph.visualOrder(levels: logicalRuns.map(\.bidiLevel)).map { logicalRuns[$0] }
            total = runs.reduce(0) { $0 + $1.width }
            content = total - trailing
        }
        var alignment = style.alignment
        if alignment == .natural { alignment = context.isRightToLeft ? .right : .left }
        if alignment == .justified {
            // A line holding a single word (no break inside) is never stretched: its letters would stand apart.
            if !isParagraphEnd, !line.endsAtMandatoryBreak, !truncated, segment.width > content,
                breaker.hasBreak(inside: line.utf16Range.lowerBound..<line.contentEnd)
            {
                Justifier.justify(
                    &runs, in: context.paragraph, contentEnd: line.contentEnd, extra: segment.width - content)
                total = runs.reduce(0) { $0 + $1.width }
                content = total - trailing
            }
            alignment = context.isRightToLeft ? .right : .left
        }
        let rtl = context.isRightToLeft
        let startX: Double
        switch alignment {
        case .right: startX = rtl ? segment.maxX - total : segment.maxX - content
        case .center: startX = segment.minX + (segment.width - content) / 2 - (rtl ? trailing : 0)
        default: startX = rtl ? segment.minX - trailing : segment.minX
        }
        let baseline = top + metrics.baselineFromTop
        var pen = startX
        var positioned: [PositionedRun] = []
        for run in runs {
            let range =
                (context.storageStart + run.utf16Range.lowerBound)..<(context.storageStart + run.utf16Range.upperBound)
            positioned.append(PositionedRun(glyphRun: run, origin: Point(x: pen, y: baseline), characterRange: range))
            pen += run.width
        }
        let usedX = rtl ? startX + trailing : startX
        let end =
            context.storageStart + line.utf16Range.upperBound
            + (isParagraphEnd ? context.paragraph.terminatorLength : 0)
        let paddingRect = Rect(
            x: segment.minX - containers[containerIndex].lineFragmentPadding, y: top,
            width: segment.width + 2 * containers[containerIndex].lineFragmentPadding, height: metrics.height)
        let marker =
            line.utf16Range.lowerBound == 0
            ? self.marker(
                for: context, textEdge: rtl ? segment.maxX : segment.minX, top: top, metrics: metrics) : nil
        return LineFragment(
            containerIndex: containerIndex, rect: paddingRect,
            usedRect: Rect(x: usedX, y: top, width: max(0, content), height: metrics.height), baselineY: baseline,
            characterRange: (context.storageStart + line.utf16Range.lowerBound)..<end, runs: positioned,
            paragraphIndex: context.index, paragraphStart: context.storageStart, isTruncated: truncated,
            clipsToRect: style.lineBreakMode == .clip, isRightToLeft: rtl, listMarker: marker,
            paint: keepsGlyphs ? LinePaint(of: context.paragraph, in: line.utf16Range) : nil)
    }

    /// The list marker of the paragraph's first line, whose text starts at `textEdge`.
    private func marker(for context: ParagraphContext, textEdge: Double, top: Double, metrics: LineMetrics)
        -> ListMarker?
    {
        guard let item = context.listItem else { return nil }
        return listMarkers.marker(
            number: item.number, lists: context.style.textLists, attributes: context.paragraph.leadingAttributes,
            font: context.baseFont, rightToLeft: context.isRightToLeft, textEdge: textEdge, top: top,
            baseline: top + metrics.baselineFromTop, lineHeight: metrics.height)
    }
}

extension ParagraphStyle.LineBreakMode {
    /// Whether the mode ends a cut line with an ellipsis.
    var isTruncating: Bool { self == .truncateHead || self == .truncateMiddle || self == .truncateTail }
}

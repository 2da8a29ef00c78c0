@_spi(Stages) import GalleyText

extension Typesetter {
    /// Keeps the fragment of `line` (its `content` placed in `segment` of `band`), its glyph runs (when kept) in
    /// visual order, aligned and justified, with its list marker when it starts its paragraph; or, measuring
    /// only, takes its used rect into the measurement without making it.
    mutating func keepFragment<Source: LineSource>(
        line: LineBreak, content lineContent: LineContent, segment: FreeSegment,
        band: PlacedBand, placer: inout LinePlacer<Source>, truncated: Bool, isParagraphEnd: Bool
    ) {
        let context = placer.context
        let top = band.top, metrics = band.metrics
        let trailingRange = line.trailingRange
        let trailing = truncated ? 0 : placer.source.trailingWidth(of: line)
        // Hung marks (``ParagraphStyle/hangingPunctuation``) sit past the edges, as the trailing white space does.
        let hangingStart = truncated ? 0 : line.hangingStart, hangingEnd = truncated ? 0 : line.hangingEnd
        var runs: [GlyphRun] = []
        // The width that is aligned and justified: the runs' less what hangs past the edges.
        func contentWidth() -> Double { runs.reduce(0) { $0 + $1.width } - trailing - hangingStart - hangingEnd }
        var content = lineContent.usedWidth
        if var logicalRuns = lineContent.runs {
            let breaker = placer.source.breaker
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
            content = contentWidth()
        }
        let rtl = context.isRightToLeft
        // A line holding a single word (no break inside) is never stretched: its letters would stand apart.
        if context.isJustified, !isParagraphEnd, !line.endsAtMandatoryBreak, !truncated, segment.width > content,
            placer.source.hasBreak(inside: line.utf16Range.lowerBound..<line.contentEnd)
        {
            Justifier.justify(&runs, in: context.paragraph, contentEnd: line.contentEnd, extra: segment.width - content)
            content = contentWidth()
        }
        let usedX = context.style.alignment.contentX(width: content, in: segment, rightToLeft: rtl)
        // The runs start (on the left) with what passes the left edge: the end's in right-to-left text.
        let startX = usedX - (rtl ? trailing + hangingEnd : hangingStart)
        // The line's block holds its emphasis marks under it, as a line fragment holds its line spacing in TextKit.
        let blockHeight = metrics.height + band.annotation.overflowUnder
        let usedRect = Rect(x: usedX, y: top, width: max(0, content), height: blockHeight)
        if measured(top: top, offset: context.storageStart + line.utf16Range.lowerBound, used: usedRect) { return }
        let baseline = top + metrics.baselineFromTop
        var pen = startX
        var positioned: [PositionedRun] = []
        for run in runs {
            let range =
                (context.storageStart + run.utf16Range.lowerBound)..<(context.storageStart + run.utf16Range.upperBound)
            positioned.append(PositionedRun(glyphRun: run, origin: Point(x: pen, y: baseline), characterRange: range))
            pen += run.width
        }
        let end =
            context.storageStart + line.utf16Range.upperBound
            + (isParagraphEnd ? context.paragraph.terminatorLength : 0)
        let paddingRect = Rect(
            x: segment.minX - band.room.padding, y: top, width: segment.width + 2 * band.room.padding,
            height: blockHeight)
        let marker =
            line.utf16Range.lowerBound == 0
            ? self.marker(
                for: context, textEdge: rtl ? segment.maxX : segment.minX, top: top, metrics: metrics) : nil
        var fragment = LineFragment(
            containerIndex: bands.containerIndex, rect: paddingRect,
            usedRect: usedRect, baselineY: baseline,
            characterRange: (context.storageStart + line.utf16Range.lowerBound)..<end, runs: positioned,
            paragraphIndex: context.index, paragraphStart: context.storageStart, isTruncated: truncated,
            clipsToRect: context.lineBreakMode == .clip, isRightToLeft: rtl, listMarker: marker,
            continuesSourceLine: band.wrapIndent > 0 && line.utf16Range.lowerBound == band.start,
            paint: Output.keepsFragments ? LinePaint(of: context.paragraph, in: line.utf16Range) : nil)
        let columns = context.shaped.rubies(overlapping: line.utf16Range)
        let rubyReach =
            columns.isEmpty
            ? RubyReach()
            : placer.source.breaker.rubyReach(
                of: line.utf16Range, web: context.strut.rules.web, vertical: context.strut.rules.vertical != nil)
        if Output.keepsFragments, positioned.contains(where: { $0.glyphRun.style.hasEmphasisMarks }) {
            fragment.emphasisMarks = emphasisMarks.marks(
                for: positioned, in: context.paragraph, paragraphStart: context.storageStart,
                web: context.strut.rules.web, vertical: context.strut.rules.vertical, rubies: columns,
                rubyReach: rubyReach)
        }
        if Output.keepsFragments, !columns.isEmpty {
            fragment.rubyAnnotations = RubyText.annotations(
                of: columns, over: positioned, baseline: baseline, reach: rubyReach,
                vertical: context.strut.rules.vertical,
                paragraphStart: context.storageStart)
        }
        output.fragments.append(fragment)
    }

    /// The list marker of the paragraph's first line, whose text starts at `textEdge`.
    func marker(for context: ParagraphContext, textEdge: Double, top: Double, metrics: LineMetrics)
        -> ListMarker?
    {
        guard let item = context.listItem else { return nil }
        return listMarkers.marker(
            number: item.number, lists: context.style.textLists, attributes: context.paragraph.leadingAttributes,
            font: context.baseFont, rightToLeft: context.isRightToLeft, textEdge: textEdge, top: top,
            baseline: top + metrics.baselineFromTop, lineHeight: metrics.height)
    }

    /// Places the one line of an empty paragraph: as tall as its strut, with its list marker.
    mutating func placeEmptyLine(_ context: ParagraphContext) {
        bands.indents = indents(context)
        let metrics = context.strut.metrics(of: [])
        guard let room = bands.reserve(blockSize: metrics.height, firstLine: true, wrapIndent: 0) else {
            return stop(at: context.storageStart)
        }
        // An empty line moves up into marks under the line before, as a line of text does.
        let web = context.strut.rules.web
        let annotation =
            LineAnnotation.isNeeded(first: true, last: true, marked: false, before: bands.annotationSpace, web: web)
            ? LineAnnotation(
                styles: [], metrics: metrics, em: context.strut.figures.em, web: web,
                vertical: context.strut.rules.vertical) : .none
        var top = room.blockOffset + annotation.shift(after: bands.annotationSpace)
        let span = room.span
        bands.annotationSpace = annotation.after
        if table != nil {
            top += followTable(toBandAt: top, blockSize: metrics.height)
            noteTableLine(baseline: top + metrics.baselineFromTop)
        }
        let usedRect = Rect(
            x: context.isRightToLeft ? span.maxX : span.minX, y: top, width: 0, height: metrics.height)
        if !measured(top: top, offset: context.storageStart, used: usedRect) {
            let end = context.storageStart + context.paragraph.terminatorLength
            let marker = marker(
                for: context, textEdge: context.isRightToLeft ? span.maxX - room.padding : span.minX + room.padding,
                top: top, metrics: metrics)
            output.fragments.append(
                LineFragment(
                    containerIndex: bands.containerIndex,
                    rect: Rect(x: span.minX, y: top, width: span.maxX - span.minX, height: metrics.height),
                    usedRect: usedRect, baselineY: top + metrics.baselineFromTop,
                    characterRange: context.storageStart..<end, runs: [], paragraphIndex: context.index,
                    paragraphStart: context.storageStart, isTruncated: false, clipsToRect: false,
                    isRightToLeft: context.isRightToLeft, listMarker: marker,
                    paint: Output.keepsFragments ? LinePaint(of: context.paragraph, in: 0..<0) : nil))
        }
        bands.bandsInContainer += 1
        bands.blockOffset = top + metrics.height
    }

    /// Where lines are not kept whole: takes in a line placed at `top` from UTF-16 offset `offset` whose used rect
    /// is `used`, without making its fragment, and says so; false when the caller is to make the fragment.
    mutating func measured(top: Double, offset: Int, used: Rect) -> Bool {
        guard !Output.keepsFragments else { return false }
        output.addLine(top: top, offset: offset, used: used)
        return true
    }
}

extension ParagraphStyle.Alignment {
    /// Where a line's content `width` points wide starts in `segment` under this alignment, in points: a natural
    /// line, and a justified one once justified, starts at the edge its direction starts from (the right one when
    /// `rightToLeft`).
    func contentX(width: Double, in segment: FreeSegment, rightToLeft: Bool) -> Double {
        switch self {
        case .right: segment.maxX - width
        case .center: segment.minX + (segment.width - width) / 2
        case .left: segment.minX
        case .natural, .justified: rightToLeft ? segment.maxX - width : segment.minX
        }
    }
}

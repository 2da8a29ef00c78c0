@_spi(Stages) import GalleyText

/// A prepared paragraph (``PreparedParagraph``) read as a ``LineSource``: greedy lines, line heights and hanging
/// widths come from its packed breaks; every other query (another line-break mode, a line limit, hyphenation, a
/// word wider than the line, a line starting or ending away from an opportunity, glyph runs, plans) goes to its
/// live breaker. The answers equal the live breaker's (`PackedLinesTests`).
///
/// It reads its text's arrays through buffers: make it inside their `withUnsafeBufferPointer` and let it not
/// escape.
struct PackedLines: LineSource {
    private let paragraph: PreparedParagraph
    /// The paragraph's slices of its text's breaks and run figures.
    private let breaks: UnsafeBufferPointer<PreparedBreak>
    private let runFigures: UnsafeBufferPointer<LineMetrics.RunFigures>
    var tabOrigin = 0.0
    /// A copy of the live breaker, made when a query needs one that changes it (its memos) or sets its tab origin;
    /// boxed, so that the source stays a few words wide where placing copies it. Copies share the box: it holds
    /// only memos of what the paragraph determines, and each use sets the tab origin first.
    private var live: LiveBreaker?
    /// The breaks the last greedy line started and ended at: the next line's queries start there.
    private var lastStart = -1, lastEnd = -1

    /// The lines of `paragraph`, whose breaks and run figures are `breaks` and `runFigures` (its text's whole
    /// arrays).
    init(
        _ paragraph: PreparedParagraph, breaks: UnsafeBufferPointer<PreparedBreak>,
        runFigures: UnsafeBufferPointer<LineMetrics.RunFigures>
    ) {
        self.paragraph = paragraph
        self.breaks = UnsafeBufferPointer(rebasing: breaks[paragraph.breaks])
        self.runFigures = UnsafeBufferPointer(rebasing: runFigures[paragraph.runs])
    }

    var length: Int { paragraph.length }
    var uniformFigures: LineMetrics.RunFigures? { paragraph.uniformFigures }
    var preparedStrut: (font: Font, leading: Double?)? { paragraph.strut }

    var breaker: LineBreaker {
        guard let live else { return paragraph.breakerAndAdjustments.breaker }
        var breaker = live.breaker
        breaker.tabOrigin = tabOrigin
        return breaker
    }

    /// `body` with the live breaker, its tab origin set.
    private mutating func withLive<Result>(_ body: (inout LineBreaker) -> Result) -> Result {
        let live = self.live ?? LiveBreaker(paragraph.breakerAndAdjustments.breaker)
        self.live = live
        live.breaker.tabOrigin = tabOrigin
        return body(&live.breaker)
    }

    mutating func nextLine(
        from start: Int, width: Double, mode: ParagraphStyle.LineBreakMode, limit: Int?, hyphenates: Bool
    ) -> LineBreak {
        if paragraph.isPacked, mode == .wordWrap, limit == nil, !paragraph.hyphenates, start < length,
            let startIndex = breakIndex(at: start)
        {
            let lineStart = self.lineStart(at: startIndex)
            let first = startIndex + 1, count = breaks.count
            let knownToFit =
                paragraph.skipsFittingBreaks
                ? LineFit.firstBreakToTry(
                    from: lineStart, available: width, first: first, count: count, mandatory: count,
                    largestEndWidening: paragraph.largestEndWidening, widthBefore: { breaks[$0].widthBeforeOffset })
                : first
            let (choice, _) = LineFit.greedy(
                from: lineStart, available: width, first: first, knownToFit: knownToFit, count: count,
                end: lineEnd(at:), isMandatory: { breaks[$0].flags.contains(.mandatory) })
            if let choice {
                (lastStart, lastEnd) = (startIndex, choice.index)
                let end = lineEnd(at: choice.index)
                let hasContent = end.contentEnd > start
                // As `LineBreaker/line(_:mandatory:emergency:hyphenated:)` makes it.
                var line = LineBreak(
                    utf16Range: start..<Int(breaks[choice.index].offset), contentEnd: end.contentEnd,
                    width: LineFit.width(from: lineStart, to: end),
                    endsAtMandatoryBreak: breaks[choice.index].flags.contains(.mandatory), isEmergencyBreak: false)
                line.endTrim = hasContent ? end.autospace : 0
                line.startWidening = hasContent ? lineStart.widening : 0
                return line.trimmed(by: choice.trim)
            }
        }
        return withLive {
            $0.nextLine(from: start, width: width, mode: mode, limit: limit, hyphenates: hyphenates)
        }
    }

    mutating func plan(_ strategy: ParagraphBreaker, from start: Int, width: (Int) -> Double)
        -> [ParagraphBreaker.PlannedLine]?
    {
        withLive { strategy.lines(&$0, from: start, width: width) }
    }

    func cutsJoinedGlyphs(at offset: Int) -> Bool {
        guard paragraph.isPacked else { return paragraph.breakerAndAdjustments.breaker.cutsJoinedGlyphs(at: offset) }
        if offset == length { return false }  // the paragraph's end is a run's end
        switch breakIndex(at: offset) {
        case -1: return paragraph.startCutsJoinedGlyphs
        case let index?: return breaks[index].flags.contains(.cutsJoinedGlyphs)
        case nil: return paragraph.breakerAndAdjustments.breaker.cutsJoinedGlyphs(at: offset)
        }
    }

    func annotation(of range: Range<Int>, metrics: LineMetrics, strut: LineMetrics.Strut) -> LineAnnotation {
        paragraph.breakerAndAdjustments.breaker.annotation(of: range, metrics: metrics, strut: strut)
    }

    var hasAnnotations: Bool { paragraph.breakerAndAdjustments.breaker.hasAnnotations }

    func metrics(of range: Range<Int>, strut: LineMetrics.Strut) -> LineMetrics {
        if paragraph.isPacked, let first = breakIndex(at: range.lowerBound) {
            let firstRun = first < 0 ? 0 : Int(breaks[first].firstRunFromOffset)
            if range.count == 1 {
                let runs =
                    first < 0 ? paragraph.firstCharacterRuns : firstRun..<Int(breaks[first].firstCharacterRunsEnd)
                return strut.metrics(of: runFigures[runs])
            }
            if let last = breakIndex(at: range.upperBound), last >= 0 {
                return strut.metrics(of: runFigures[firstRun..<Int(breaks[last].runsBeforeOffset)])
            }
        }
        return paragraph.breakerAndAdjustments.breaker.metrics(of: range, strut: strut)
    }

    func trailingWidth(of line: LineBreak) -> Double {
        if paragraph.isPacked, let index = breakIndex(at: line.utf16Range.upperBound), index >= 0,
            Int(breaks[index].contentEnd) == line.contentEnd
        {
            return breaks[index].widthBeforeOffset - breaks[index].widthBeforeContentEnd
        }
        return breaker.trailingWidth(of: line)
    }

    func hasBreak(inside range: Range<Int>) -> Bool { paragraph.breakerAndAdjustments.breaker.hasBreak(inside: range) }

    // MARK: Packed figures

    /// The index of the break at `offset` among the paragraph's, -1 for the paragraph's start; nil when no
    /// opportunity is there.
    private func breakIndex(at offset: Int) -> Int? {
        if offset == 0 { return -1 }
        if lastEnd >= 0, lastEnd < breaks.count, breaks[lastEnd].offset == offset { return lastEnd }
        if lastStart >= 0, lastStart < breaks.count, breaks[lastStart].offset == offset { return lastStart }
        let index = breaks.partitioningIndex { Int($0.offset) >= offset }
        return index < breaks.count && breaks[index].offset == offset ? index : nil
    }

    /// What a line starting at break `index` (-1: the paragraph's start) adds to its width there, as
    /// `LineBreaker/lineStart(at:)` gives it.
    private func lineStart(at index: Int) -> LineFit.Start {
        guard index >= 0 else { return paragraph.start }
        let start = breaks[index]
        var figures = LineFit.Start(offset: Int(start.offset), widthBefore: start.widthBeforeOffset)
        if start.flags.contains(.startAdjusted) {
            (figures.widening, figures.correction) = paragraph.breakerAndAdjustments.startAdjustment(at: index)
        }
        return figures
    }

    /// What a line ending at break `index` changes in its width there, as
    /// `LineBreaker/lineEnd(_:mandatory:hyphenated:)` gives it (a packed paragraph has no tabs or soft hyphens).
    @inline(__always)  // with the other five of the break scan: -0.6% of `galley measure` (ARCHITECTURE.md)
    private func lineEnd(at index: Int) -> LineFit.End {
        let candidate = breaks[index]
        var end = LineFit.End(
            contentEnd: Int(candidate.contentEnd), widthBeforeContentEnd: candidate.widthBeforeContentEnd)
        if candidate.flags.contains(.autospaced) {
            end.autospace = paragraph.breakerAndAdjustments.autospace(at: index)
        }
        if candidate.flags.contains(.endCorrected) {
            end.correction = paragraph.breakerAndAdjustments.endCorrection(at: index)
        }
        if candidate.flags.contains(.closingTrim) {
            end.closingTrim = paragraph.breakerAndAdjustments.closingTrim(at: index)
        }
        return end
    }
}

/// The live breaker a ``PackedLines`` falls back to, in a box.
private final class LiveBreaker {
    var breaker: LineBreaker

    init(_ breaker: LineBreaker) { self.breaker = breaker }
}

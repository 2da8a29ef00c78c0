import CICU
@_spi(Stages) import GalleyText

/// Stage 3: fits a shaped paragraph into lines of given widths, breaking at ICU's opportunities.
///
/// Shape once, break many: the paragraph's glyph advances are summed once per UTF-16 offset, so the width of any
/// candidate line is one subtraction. Only when a line edge falls where HarfBuzz marked a glyph unsafe to break
/// (inside a ligature, a kerned pair, Arabic joining) is that edge's run shaped again, by ``runs(for:shaper:)``.
package struct LineBreaker: Sendable {
    /// What the breaker reads and never changes, shared by its copies.
    private var figures: Figures
    /// The paragraph being broken.
    package var shaped: ShapedParagraph { figures.shaped }
    /// Where ICU allows its lines to end.
    package var opportunities: BreakOpportunities { figures.opportunities }
    /// `prefixWidths[i]` is the width of the paragraph's characters before UTF-16 offset `i`, in points.
    var prefixWidths: [Double] { figures.prefixWidths }
    /// Whether the summed advances never fall, and the most a line's end can widen it (a correction at a cut
    /// inside joined glyphs), in points: what lets greedy lines skip the breaks that surely fit.
    var prefixWidthsAscend: Bool { figures.prefixWidthsAscend }
    var largestEndWidening: Double { figures.largestEndWidening }
    /// Per UTF-16 offset (the paragraph's end included): ``EdgeFlags`` of a line edge there.
    private var edges: [EdgeFlags] { figures.edges }
    /// The offsets of the mandatory breaks, in increasing order.
    var mandatoryOffsets: [Int] { figures.mandatoryOffsets }
    /// The UTF-16 offsets of the paragraph's tab characters, in increasing order (usually none).
    var tabOffsets: [Int] { figures.tabOffsets }
    /// The figures of every run, when all runs have the same (``Figures/uniformFigures``).
    var uniformFigures: LineMetrics.RunFigures? { figures.uniformFigures }
    /// The unit of the indent of wrapped lines, in points (``Figures/wrapSpace``).
    var wrapSpace: Double { figures.wrapSpace }
    /// Which punctuation hangs past the lines' edges (the paragraph style's).
    var hanging: ParagraphStyle.HangingPunctuation { figures.hanging }
    /// The paragraph's text, and whether it holds a soft hyphen (U+00AD).
    var units: ArraySlice<UInt16> { figures.units }
    var hasSoftHyphens: Bool { figures.hasSoftHyphens }
    /// The paragraph's CJK spacing (``ShapedParagraph/spacing``).
    private var spacing: CJKSpacing { figures.spacing }
    /// The corrections at opportunities that cut glyphs HarfBuzz joined (``Figures/endCorrections``).
    var endCorrections: OffsetTable<Double> { figures.endCorrections }
    var startCorrections: OffsetTable<Double> { figures.startCorrections }
    /// The paragraph's grapheme-cluster boundaries (``GraphemeClusters``), found when a line is first cut between
    /// clusters.
    var graphemes: [Int]?
    /// The hyphenation points of the word met last (``hyphenatedLine(from:word:width:)``).
    var hyphenationMemo: (word: Range<Int>, points: [Int])?
    /// Where the lines now being broken start, in points from the tab stops' origin (the line's leading edge
    /// before indents): the typesetter sets it for each segment, as a tab's width depends on it.
    package var tabOrigin = 0.0

    /// What a line starting or ending at an offset meets there.
    struct EdgeFlags: OptionSet {
        let rawValue: UInt8
        /// A run starts here (or the paragraph ends): a line edge here cuts no run.
        static let runStart = EdgeFlags(rawValue: 1)
        /// A glyph of this cluster is marked unsafe to break before: shaping joined it to what precedes.
        static let unsafeToBreak = EdgeFlags(rawValue: 2)
        /// No glyph's cluster starts here: the offset is inside a cluster (a ligature of several characters,
        /// such as `->` drawn as one arrow), so a line edge here must shape each side again.
        static let insideCluster = EdgeFlags(rawValue: 4)
        /// The paragraph's spacing has an autospace, a closing-mark trim or an opening-mark trim here.
        static let autospace = EdgeFlags(rawValue: 8)
        static let closingTrim = EdgeFlags(rawValue: 16)
        static let openingTrim = EdgeFlags(rawValue: 32)
    }

    /// How far a line may pass its width and still fit, in points: a line fits when it passes its width by less
    /// than 1/64, Chromium's layout unit (1/64 px).
    package static var fitTolerance: Double { LineFit.tolerance }

    /// Prepares `shaped` for breaking, with its paragraph's ``Paragraph/language`` (named or inferred) and its
    /// style's strictness.
    ///
    /// With a `shaper`, a line edge inside joined glyphs is measured as the line will draw it, shaped again on
    /// each side (as Chromium does), instead of with the joined glyphs' advances.
    package init(_ shaped: ShapedParagraph, shaper: Shaper? = nil) throws {
        figures = try Figures(shaped)
        guard let shaper else { return }
        let (end, start) = corrections(ofCutsInJoinedGlyphs: shaper)
        if !end.isEmpty || !start.isEmpty {
            figures = Figures(figures, endCorrections: end, startCorrections: start)
        }
    }

    /// ``endCorrections`` and ``startCorrections`` for the opportunities inside joined glyphs.
    ///
    /// Each side is shaped again from the opportunity to the nearest offset where a cut is safe (before and after
    /// it), so a ligature spanning several opportunities (Inter's `--->` arrow) is measured as the pieces a line
    /// edge leaves, not as the whole glyph plus a piece.
    private func corrections(ofCutsInJoinedGlyphs shaper: Shaper) -> (
        end: OffsetTable<Double>, start: OffsetTable<Double>
    ) {
        let candidates = opportunities.opportunities
        // Found first, through the buffers: most paragraphs have none, and a Chinese one an opportunity per unit.
        let cutting = candidates.withUnsafeBufferPointer { candidates in
            edges.withUnsafeBufferPointer { edges in
                candidates.indices.filter { Self.cutsJoinedGlyphs(edges[candidates[$0].offset]) }
            }
        }
        var endCorrections = OffsetTable<Double>(), startCorrections = OffsetTable<Double>()
        for index in cutting {
            let opportunity = candidates[index]
            let offset = opportunity.offset
            let previous = index > 0 ? candidates[index - 1].offset : 0
            let next = index + 1 < candidates.count ? candidates[index + 1].offset : length
            let before = safeCut(from: offset, step: -1) ?? previous
            let after = safeCut(from: offset, step: 1) ?? next
            if before < offset {
                let reshaped = runs(in: before..<offset, shaper: shaper).reduce(0) { $0 + $1.width }
                endCorrections[offset] = reshaped - (prefixWidths[offset] - prefixWidths[before])
            }
            if offset < after {
                let reshaped = runs(in: offset..<after, shaper: shaper).reduce(0) { $0 + $1.width }
                startCorrections[offset] = reshaped - (prefixWidths[after] - prefixWidths[offset])
            }
        }
        return (endCorrections, startCorrections)
    }

    /// The most UTF-16 units a search for a safe cut looks across; past it the neighbouring opportunity serves.
    static let joinedGlyphsSearchLimit = 64

    /// The nearest offset from `offset` in direction `step` (-1 or 1) where a line edge cuts no joined glyphs (the
    /// paragraph's ends included), within ``joinedGlyphsSearchLimit``; nil when there is none that near.
    private func safeCut(from offset: Int, step: Int) -> Int? {
        var candidate = offset + step
        var searched = 1
        while candidate > 0, candidate < length, searched <= Self.joinedGlyphsSearchLimit {
            if !cutsJoinedGlyphs(at: candidate) { return candidate }
            candidate += step
            searched += 1
        }
        return candidate <= 0 ? 0 : candidate >= length ? length : nil
    }

    /// Whether a line edge at `offset` cuts a run where shaping joined the glyphs on either side, so that the
    /// run must be shaped again there.
    func cutsJoinedGlyphs(at offset: Int) -> Bool { Self.cutsJoinedGlyphs(edges[offset]) }

    /// Whether a line edge with `flags` cuts joined glyphs.
    private static func cutsJoinedGlyphs(_ flags: EdgeFlags) -> Bool {
        !flags.isDisjoint(with: [.unsafeToBreak, .insideCluster]) && !flags.contains(.runStart)
    }

    /// The indices of the paragraph's runs that draw characters in `range` (UTF-16 offsets): a contiguous span,
    /// as runs cover the paragraph in logical order. `hint`, a run index not past the span's start, is tried
    /// first: a caller walking forward through the paragraph passes the span it found last.
    func runIndices(overlapping range: Range<Int>, hint: Int = 0) -> Range<Int> {
        shaped.runs.withUnsafeBufferPointer { Self.runIndices(overlapping: range, hint: hint, in: $0) }
    }

    /// ``runIndices(overlapping:hint:)`` among `runs` (a paragraph's, in logical order): for a caller asking at
    /// every break opportunity, which holds the runs once instead of retaining them per call.
    static func runIndices(overlapping range: Range<Int>, hint: Int, in runs: UnsafeBufferPointer<GlyphRun>)
        -> Range<Int>
    {
        // Reads each probed run's range in place: a run copied per probe retained and released its arrays.
        func isPastStart(_ index: Int) -> Bool { runs[index].utf16Range.upperBound > range.lowerBound }
        func isPastEnd(_ index: Int) -> Bool { runs[index].utf16Range.lowerBound >= range.upperBound }
        let low =
            hint < runs.endIndex && isPastStart(hint) && (hint == 0 || !isPastStart(hint - 1))
            ? hint : (hint..<runs.endIndex).partitioningIndex(where: isPastStart)
        if low + 1 < runs.endIndex, !isPastEnd(low), isPastEnd(low + 1) { return low..<(low + 1) }
        return low..<(low..<runs.endIndex).partitioningIndex(where: isPastEnd)
    }

    /// The paragraph's length in UTF-16 units.
    package var length: Int { shaped.paragraph.length }

    /// The width of the characters in `range` (UTF-16 offsets from the paragraph's start), in points, as the
    /// start of a line at ``tabOrigin``.
    package func width(of range: Range<Int>) -> Double {
        width(of: range, inLine: range.lowerBound..<range.upperBound)
    }

    /// The width of `range` inside the line `line`: tabs in it advance to their stops from the line's start.
    func width(of range: Range<Int>, inLine line: Range<Int>) -> Double {
        let plain = plainWidth(of: range)
        guard !tabOffsets.isEmpty else { return plain }
        return tabAdvances(inLine: line).reduce(plain) { range.contains($1.offset) ? $0 + $1.advance : $0 }
    }

    /// The sum of the shaped advances of the characters in `range`, in points (tabs as shaped).
    private func plainWidth(of range: Range<Int>) -> Double {
        prefixWidths[range.upperBound] - prefixWidths[range.lowerBound]
    }

    /// The next line starting at `start`, at most `width` points wide, ending no later than `limit`.
    ///
    /// Word wrap takes the last opportunity that fits; char wrap the last grapheme boundary. With the paragraph's
    /// ``ParagraphStyle/hyphenationFactor``, a line that would be too loose ends at a hyphenation point of the word
    /// that did not fit, unless `hyphenates` is false (after the most hyphenated lines in a row). When nothing fits,
    /// the line is cut between grapheme clusters (at least one cluster, so layout always moves on). Clip and
    /// truncating modes do not wrap: the line runs to the next mandatory break or the paragraph's end.
    package mutating func nextLine(
        from start: Int, width: Double, mode: ParagraphStyle.LineBreakMode = .wordWrap, limit: Int? = nil,
        hyphenates: Bool = true
    ) -> LineBreak {
        let end = min(limit ?? length, length)
        guard start < end else {
            return LineBreak(
                utf16Range: start..<start, contentEnd: start, width: 0, endsAtMandatoryBreak: false,
                isEmergencyBreak: false)
        }
        let candidates = opportunities.opportunities
        var index = firstOpportunity(after: start)
        switch mode {
        case .clip, .truncateHead, .truncateMiddle, .truncateTail:
            while index < candidates.count, candidates[index].offset < end, !candidates[index].isMandatory {
                index += 1
            }
            let stop = index < candidates.count ? min(candidates[index].offset, end) : end
            return line(
                start..<stop,
                mandatory: index < candidates.count && candidates[index].offset <= end && candidates[index].isMandatory)
        case .charWrap:
            return fitByGraphemes(
                from: start, width: width, end: nextMandatoryBreak(after: start, end: end), emergency: false)
        case .wordWrap:
            let count = firstOpportunity(after: end)  // the opportunities up to `end`, found by bisection
            var tabWalk: TabWalk? = nil
            let lineStart = lineStart(at: start)
            let (choice, stopIndex) = LineFit.greedy(
                from: lineStart, available: width, first: index,
                knownToFit: firstBreakToTry(from: lineStart, available: width, first: index, count: count),
                count: count,
                end: {
                    lineEnd(
                        start..<candidates[$0].offset, mandatory: candidates[$0].isMandatory, hyphenated: false,
                        tabWalk: &tabWalk)
                },
                isMandatory: { candidates[$0].isMandatory })
            let best = choice.map { choice -> LineBreak in
                let candidate = candidates[choice.index]
                return line(start..<candidate.offset, mandatory: candidate.isMandatory).trimmed(by: choice.trim)
                    .hanging(by: choice.hang)
            }
            let stop = stopIndex < candidates.count ? min(candidates[stopIndex].offset, end) : end
            let factor = min(1, max(0, shaped.paragraph.style.hyphenationFactor))
            if factor > 0, hyphenates, stop > (best?.utf16Range.upperBound ?? start),
                (best?.width ?? 0) < factor * width,
                let hyphenated = hyphenatedLine(
                    from: start, word: (best?.utf16Range.upperBound ?? start)..<stop, width: width)
            {
                return hyphenated
            }
            if let best { return best }
            if shaped.paragraph.style.overflowWrap == .normal {
                // CSS's initial overflow-wrap: the word overflows the line rather than being cut.
                let first = firstOpportunity(after: start)
                let offset = first < candidates.count ? min(candidates[first].offset, end) : end
                return line(start..<offset, mandatory: first < candidates.count && candidates[first].isMandatory)
            }
            return fitByGraphemes(from: start, width: width, end: stop, emergency: true)
        }
    }

    /// The line from `start` to `end` that a paragraph-level strategy chose (``ParagraphStyle/textWrap``), ending at a
    /// hyphenation point when `hyphenated`; nil when it does not fit `width` points (a narrower segment than the
    /// strategy planned for).
    package func plannedLine(from start: Int, to end: Int, hyphenated: Bool, width: Double) -> LineBreak? {
        guard start < end, end <= length else { return nil }
        let next = firstOpportunity(after: end - 1)
        let candidates = opportunities.opportunities
        let mandatory = next < candidates.count && candidates[next].offset == end && candidates[next].isMandatory
        let line = line(start..<end, mandatory: mandatory, hyphenated: hyphenated)
        if LineFit.fits(line.width, in: width) { return line }
        return allowedHang(of: line, toFit: width).map { line.hanging(by: $0) }
    }

    /// A line over `range`, its trailing white space hanging. A line that ends after a soft hyphen (U+00AD), or
    /// that `hyphenated` says ends at a hyphenation point, shows a hyphen, and its width includes it.
    func line(_ range: Range<Int>, mandatory: Bool, emergency: Bool = false, hyphenated: Bool = false) -> LineBreak {
        let start = lineStart(at: range.lowerBound)
        let end = lineEnd(range, mandatory: mandatory, hyphenated: hyphenated)
        let hasContent = end.contentEnd > range.lowerBound
        var line = LineBreak(
            utf16Range: range, contentEnd: end.contentEnd, width: LineFit.width(from: start, to: end),
            endsAtMandatoryBreak: mandatory, isEmergencyBreak: emergency)
        line.isHyphenated = hyphenated || showsSoftHyphen(range, mandatory: mandatory)
        line.endTrim = hasContent ? end.autospace : 0
        line.startWidening = hasContent ? start.widening : 0
        line.hangingStart = hasContent ? start.hang : 0
        line.hangingEnd = hasContent && end.hangs ? end.hang : 0
        return line
    }

    /// What a line starting at `offset` adds to its width there (``LineFit/Start``).
    func lineStart(at offset: Int) -> LineFit.Start {
        LineFit.Start(
            offset: offset, widthBefore: prefixWidths[offset],
            widening: edges[offset].contains(.openingTrim) ? spacing.openingTrim[offset] ?? 0 : 0,
            correction: startCorrections.isEmpty ? 0 : startCorrections[offset] ?? 0,
            hang: offset == 0 && hanging.first ? hangingMark(before: 1, opening: true) : 0)
    }

    /// What a line over `range` changes in its width at its end (``LineFit/End``): its tabs' advances, the
    /// autospace it drops, the correction at a cut inside joined glyphs, the hyphen it shows (after a soft hyphen,
    /// or at a hyphenation point when `hyphenated`), the closing mark it may trim.
    func lineEnd(_ range: Range<Int>, mandatory: Bool = false, hyphenated: Bool = false) -> LineFit.End {
        var walk: TabWalk? = nil
        return lineEnd(range, mandatory: mandatory, hyphenated: hyphenated, tabWalk: &walk)
    }

    /// ``lineEnd(_:mandatory:hyphenated:)`` for one of a series of ends of lines from one start, with the tab
    /// advances the series has already found in `tabWalk`: a line of thousands of tabs costs its tabs once, not
    /// once per candidate end.
    @inline(__always)  // with the other five of the break scan: -0.6% of `galley measure` (ARCHITECTURE.md)
    func lineEnd(_ range: Range<Int>, mandatory: Bool, hyphenated: Bool, tabWalk: inout TabWalk?) -> LineFit.End {
        let contentEnd = contentEnd(of: range)
        let tabs = tabOffsets.isEmpty ? 0 : tabsWidth(inLine: range, contentEnd: contentEnd, walk: &tabWalk)
        let showsHyphen = hyphenated || showsSoftHyphen(range, mandatory: mandatory)
        let edge = edges[contentEnd]
        let hang =
            hanging.isNone
            ? (width: 0, always: false)
            : hang(at: contentEnd, showsHyphen: showsHyphen, paragraphEnds: range.upperBound == length)
        return LineFit.End(
            contentEnd: contentEnd, widthBeforeContentEnd: prefixWidths[contentEnd] + tabs,
            autospace: edge.contains(.autospace) ? spacing.autospace[contentEnd] ?? 0 : 0,
            correction: endCorrections.isEmpty ? 0 : endCorrections[contentEnd] ?? 0,
            hyphen: showsHyphen ? hyphen(after: range.upperBound - 1)?.advance ?? 0 : 0,
            closingTrim: LineFit.mayTrimClosingMark(contentEnd: contentEnd, lineEnd: range.upperBound)
                ? closingTrim(at: contentEnd) : 0, hang: hang.width, hangs: hang.always)
    }

    /// The width of `line`'s content drawn with `runs` (its glyph runs, from ``runs(for:shaper:)``), in points: their
    /// advances less the hanging white space and the hung marks. It differs from ``LineBreak/width`` where an edge
    /// was shaped again.
    func usedWidth(of line: LineBreak, drawnWith runs: [GlyphRun]) -> Double {
        runs.reduce(0) { $0 + $1.width } - width(of: line.trailingRange, inLine: line.utf16Range) - line.hangingStart
            - line.hangingEnd
    }

    /// Whether a line over `range` ends just after a soft hyphen (U+00AD) it shows as a hyphen.
    private func showsSoftHyphen(_ range: Range<Int>, mandatory: Bool) -> Bool {
        hasSoftHyphens && !mandatory && !range.isEmpty && range.upperBound < length
            && units[units.startIndex + range.upperBound - 1] == 0xAD
    }

    /// What setting the full-width closing mark before `offset` half-width gives back at a line's end there, in
    /// points (0 when there is none).
    private func closingTrim(at offset: Int) -> Double {
        edges[offset].contains(.closingTrim) ? spacing.closingTrim[offset] ?? 0 : 0
    }

    /// `line` (too wide for `width`) with the full-width closing mark at its end set half-width, when that makes
    /// it fit (as Chromium does for closing brackets and quotation marks); nil when it has no such mark or still
    /// does not fit.
    func closingMarkTrimmed(_ line: LineBreak, toFit width: Double) -> LineBreak? {
        let end = line.contentEnd
        guard LineFit.mayTrimClosingMark(contentEnd: end, lineEnd: line.utf16Range.upperBound) else { return nil }
        return LineFit.closingTrim(
            closingTrim(at: end), ofLineFrom: line.utf16Range.lowerBound, to: end, width: line.width, available: width
        ).map { line.trimmed(by: $0) }
    }

    /// The hang of `line`'s last stop or comma that makes it fit `width` points
    /// (``LineFit/allowedHang(_:width:available:)``); nil when it has none that may hang, or still does not fit.
    func allowedHang(of line: LineBreak, toFit width: Double) -> Double? {
        guard hanging.end == .allow, line.hangingEnd == 0 else { return nil }
        let end = lineEnd(line.utf16Range, mandatory: line.endsAtMandatoryBreak, hyphenated: line.isHyphenated)
        return LineFit.allowedHang(end, width: line.width, available: width)
    }

    /// Where the white space hanging at the end of a line over `range` starts (`range.upperBound` when none).
    func contentEnd(of range: Range<Int>) -> Int {
        units.withUnsafeBufferPointer { Self.contentEnd(of: range, in: $0) }
    }

    /// ``contentEnd(of:)`` in the paragraph's UTF-16 `units`, for a caller asking at every break opportunity.
    static func contentEnd(of range: Range<Int>, in units: UnsafeBufferPointer<UInt16>) -> Int {
        var contentEnd = range.upperBound
        while contentEnd > range.lowerBound, CharacterClasses.hangsAtLineEnd(units[contentEnd - 1]) { contentEnd -= 1 }
        return contentEnd
    }

    /// The first mandatory break after `start` and before `end`, else `end`; by bisection over the mandatory
    /// breaks, so that character-wrapping a long paragraph does not walk to its end for every line.
    private func nextMandatoryBreak(after start: Int, end: Int) -> Int {
        let low = mandatoryOffsets.partitioningIndex { $0 > start }
        return low < mandatoryOffsets.count ? min(mandatoryOffsets[low], end) : end
    }

    /// Whether the line may break strictly inside `range` (UTF-16 offsets): whether it holds more than one word.
    func hasBreak(inside range: Range<Int>) -> Bool {
        let next = firstOpportunity(after: range.lowerBound)
        return next < opportunities.opportunities.count && opportunities.opportunities[next].offset < range.upperBound
    }

    /// The first of the breaks from `first` up to `count` whose line from `start` the greedy rule must measure
    /// (``LineFit/firstBreakToTry(from:available:first:count:mandatory:largestEndWidening:widthBefore:)``): `first`
    /// unless the summed advances bound a line's width from above, as they do when its end can widen it only by a
    /// known amount (no tab or soft hyphen in the paragraph, and no negative advance).
    func firstBreakToTry(from start: LineFit.Start, available: Double, first: Int, count: Int) -> Int {
        guard first < count, figures.prefixWidthsAscend, tabOffsets.isEmpty, !hasSoftHyphens else { return first }
        let candidates = opportunities.opportunities
        // The first mandatory break after the line's start, looked up among the breaks only when there is one.
        let mandatoryOffset = nextMandatoryBreak(after: start.offset, end: length)
        let mandatory = mandatoryOffset < length ? firstOpportunity(after: mandatoryOffset - 1) : count
        return LineFit.firstBreakToTry(
            from: start, available: available, first: first, count: count, mandatory: mandatory,
            largestEndWidening: figures.largestEndWidening, widthBefore: { prefixWidths[candidates[$0].offset] })
    }

    /// The index of the first opportunity beyond `offset`, by binary search.
    func firstOpportunity(after offset: Int) -> Int {
        opportunities.opportunities.partitioningIndex { $0.offset > offset }
    }
}

/// One paragraph of a ``PreparedText`` reduced to what re-measuring it at a new width needs: per break opportunity
/// the numbers the line breaker's word wrap compares against the width (a ``PreparedBreak``), so that a width costs
/// a walk over the opportunities, with no break iterator, dictionary or glyph run.
///
/// It answers only for the plain case, the common one: a left-to-right paragraph set left (or natural), wrapping
/// words, without indents, lists, tabs, soft hyphens, automatic hyphenation or justification. Anything else (and,
/// at a given width, a word wider than the line, an all-space line, or a line the typesetter would re-break) makes
/// ``PreparedText`` run the typesetter instead, so the answer is always the typesetter's. Opportunities inside
/// joined glyphs (code such as `ls -la` in Inter) carry the line breaker's corrections for the text shaped again
/// on each side, so they are compared exactly, and a line ending or starting at one is shaped again at its edge
/// as the typesetter shapes it.
///
/// Re-measuring a prepared corpus is bound by memory, not arithmetic (its opportunities do not fit in cache), so
/// the value is plain numbers kept in its text's array, its breaks in one array shared by the text's paragraphs,
/// its runs' figures in another, and what only some lines need (the line breaker, rare adjustments) in
/// ``Details``, touched only then.
struct PreparedParagraph {
    /// The paragraph's length in UTF-16 units; 0 for an empty paragraph, which is one line of ``lineHeight``.
    let length: Int
    /// Where the paragraph starts in its storage (UTF-16 offset), and its style's spacing between its lines,
    /// after it and before it, in points.
    let storageStart: Int
    let lineSpacing: Double
    let paragraphSpacing: Double
    let paragraphSpacingBefore: Double
    /// The height of every line, in points, when the runs cover the paragraph and all have the same figures (a
    /// paragraph in one font, the common row, and an empty paragraph): then no line needs its runs looked at.
    let lineHeight: Double?
    /// The paragraph's opportunities in its text's ``PreparedBreak`` array, its runs' figures in the text's
    /// array of them, and its ``Details`` in the text's array of them (-1 for an empty paragraph).
    let breaks: Range<Int>
    let runs: Range<Int>
    let details: Int
    /// What a line's height follows besides its runs: the paragraph style's rules, the primary font's figures
    /// (every line's strut) and its text style's leading.
    private let rules: LineMetrics.Rules
    private let strut: LineMetrics.RunFigures
    private let strutLeading: Double?
    /// The opening-mark widening of a line starting the paragraph, and the height of its first character.
    private let startWidening: Double
    private let firstCharacterHeight: Double

    /// An empty paragraph at `storageStart`: one line as tall as its primary font `strut` makes it.
    init(emptyAt storageStart: Int, style: ParagraphStyle, strut: Font, strutLeading: Double?) {
        length = 0
        self.storageStart = storageStart
        lineSpacing = style.lineSpacing
        paragraphSpacing = style.paragraphSpacing
        paragraphSpacingBefore = style.paragraphSpacingBefore
        rules = LineMetrics.Rules(style)
        self.strut = LineMetrics.RunFigures(strut)
        self.strutLeading = strutLeading
        let lineHeight = LineMetrics(figures: [], rules: rules, strut: self.strut, strutLeading: strutLeading).height
        self.lineHeight = lineHeight
        breaks = 0..<0
        runs = 0..<0
        details = -1
        startWidening = 0
        firstCharacterHeight = lineHeight
    }

    /// The plain model of a non-empty paragraph, its breaks appended to `breaks`, its runs' figures to
    /// `runFigures` and its details to `details`; nil when it is not the plain case. The paragraph's text and
    /// style are checked before its line breaker is made: a paragraph that is not plain is broken by the
    /// typesetter's own.
    ///
    /// - Throws: what making the paragraph's ``LineBreaker`` throws.
    init?(
        _ shaped: ShapedParagraph, strut: Font, strutLeading: Double?, shaper: Shaper,
        breaks: inout [PreparedBreak], runFigures: inout [LineMetrics.RunFigures], details: inout [Details]
    ) throws {
        let style = shaped.paragraph.style
        guard Self.mayBePlain(shaped) else { return nil }
        let breaker = try LineBreaker(shaped, shaper: shaper)
        guard breaker.tabOffsets.isEmpty, !breaker.cutsJoinedGlyphs(at: 0), breaker.startCorrections[0] == nil
        else { return nil }
        length = shaped.paragraph.length
        storageStart = shaped.paragraph.utf16Range.lowerBound
        lineSpacing = style.lineSpacing
        paragraphSpacing = style.paragraphSpacing
        paragraphSpacingBefore = style.paragraphSpacingBefore
        let rules = LineMetrics.Rules(style), strut = LineMetrics.RunFigures(strut)
        (self.rules, self.strut, self.strutLeading) = (rules, strut, strutLeading)
        let figures = shaped.runs.map { LineMetrics.RunFigures($0.style) }
        func height(_ runs: Range<Int>) -> Double {
            LineMetrics(figures: figures[runs], rules: rules, strut: strut, strutLeading: strutLeading).height
        }
        let runRanges = shaped.runs.map(\.utf16Range)
        let runsCoverParagraph =
            runRanges.first?.lowerBound == 0 && runRanges.last?.upperBound == length
            && zip(runRanges, runRanges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound }
        lineHeight = runsCoverParagraph && figures.allSatisfy({ $0 == figures[0] }) ? height(0..<1) : nil
        firstCharacterHeight = height(breaker.runIndices(overlapping: 0..<1))
        runs = runFigures.count..<(runFigures.count + figures.count)
        runFigures += figures
        let first = breaks.count
        let paragraphDetails = Details(shaped, breaker: breaker, shaper: shaper, appendingBreaksTo: &breaks)
        self.breaks = first..<breaks.count
        self.details = details.count
        details.append(paragraphDetails)
        startWidening = shaped.spacing.openingTrim[0] ?? 0
    }

    /// Whether `shaped`'s text and style allow a plain model (what its line breaker may still rule out): its style
    /// says so (``ParagraphStyle/preparedFitting``), it runs left to right, has no soft hyphen and fits the packed
    /// indices.
    private static func mayBePlain(_ shaped: ShapedParagraph) -> Bool {
        shaped.paragraph.length > 0 && shaped.paragraph.length <= Int32.max && shaped.runs.count < UInt16.max
            && !shaped.bidi.isRightToLeft && shaped.paragraph.style.allowsPreparedFitting
            && !shaped.paragraph.text.withUnsafeBufferPointer { UTF16Scan.contains(0xAD, in: $0) }
    }

    /// What a line ending at break `index` (of the paragraph's `breaks`) changes in its width there, as
    /// ``LineBreaker/lineEnd(_:mandatory:hyphenated:)`` gives it (a plain paragraph has no tabs or hyphens).
    @inline(__always)
    private func lineEnd(at index: Int, breaks: UnsafeBufferPointer<PreparedBreak>, details: () -> Details)
        -> LineFit.End
    {
        let candidate = breaks[index]
        var end = LineFit.End(
            contentEnd: Int(candidate.contentEnd), widthBeforeContentEnd: candidate.widthBeforeContentEnd)
        if candidate.flags.contains(.autospaced) { end.autospace = details().autospace(at: index) }
        if candidate.flags.contains(.endCorrected) { end.correction = details().endCorrection(at: index) }
        if candidate.flags.contains(.closingTrim) { end.closingTrim = details().closingTrim(at: index) }
        return end
    }

    /// One line as the typesetter places it: where it starts (UTF-16 offset), the height its band advances, its
    /// own height and its used width, in points.
    struct Line {
        let start: Int
        let bandHeight: Double
        let height: Double
        let usedWidth: Double
    }

    /// Calls `place` with each line of the paragraph in a segment `width` points wide, in order, as
    /// ``LineBreaker/nextLine(from:width:mode:limit:)`` and the typesetter's band placing give them; false (after
    /// any number of lines) where the plain case does not hold at this width. `breaks` and `runFigures` are the
    /// paragraph's ranges of its text's arrays, `details` its details.
    func placeLines(
        width: Double, breaks: UnsafeBufferPointer<PreparedBreak>,
        runFigures: UnsafeBufferPointer<LineMetrics.RunFigures>, details: () -> Details, _ place: (Line) -> Void
    ) -> Bool {
        if length == 0, let lineHeight {
            place(Line(start: 0, bandHeight: lineHeight, height: lineHeight, usedWidth: 0))
            return true
        }
        var startIndex = -1  // the opportunity the line starts at; -1 for the paragraph's start
        var start = 0
        while start < length {
            let startBreak = startIndex < 0 ? nil : breaks[startIndex]
            var lineStart = LineFit.Start(offset: start, widthBefore: 0, widening: startWidening)
            if let startBreak {
                lineStart = LineFit.Start(offset: start, widthBefore: startBreak.widthBeforeOffset)
                if startBreak.flags.contains(.startAdjusted) {
                    (lineStart.widening, lineStart.correction) = details().startAdjustment(at: startIndex)
                }
            }
            let (choice, _) = LineFit.greedy(
                from: lineStart, available: width, first: startIndex + 1, count: breaks.count,
                end: { lineEnd(at: $0, breaks: breaks, details: details) },
                isMandatory: { breaks[$0].flags.contains(.mandatory) })
            guard let choice else { return false }  // no line fits: a word wider than the line
            let best = choice.index
            let end = breaks[best]
            // The line's used width as the typesetter takes it: from its runs where an edge is shaped again.
            var content = LineFit.width(from: lineStart, to: lineEnd(at: best, breaks: breaks, details: details))
            content -= choice.trim
            if end.flags.contains(.cutsJoinedGlyphs) || startBreak?.flags.contains(.cutsJoinedGlyphs) == true {
                guard
                    let reshaped = details().reshapedContent(
                        from: start, to: Int(end.offset), mandatory: end.flags.contains(.mandatory),
                        trim: choice.trim),
                    LineFit.fits(reshaped, in: width)
                else { return false }
                content = reshaped
            }
            let first: Double, height: Double
            if let lineHeight {
                (first, height) = (lineHeight, lineHeight)
            } else {
                // The runs of the line and of its first character, as ``LineBreaker/runIndices(overlapping:)``
                // gives them.
                func heightOf(_ runs: Range<Int>) -> Double {
                    LineMetrics(figures: runFigures[runs], rules: rules, strut: strut, strutLeading: strutLeading)
                        .height
                }
                let firstRun = startBreak.map { Int($0.firstRunFromOffset) } ?? 0
                first = startBreak.map { heightOf(firstRun..<Int($0.firstCharacterRunsEnd)) } ?? firstCharacterHeight
                height = heightOf(firstRun..<Int(end.runsBeforeOffset))
            }
            place(
                Line(
                    start: start, bandHeight: LineFit.bandHeight(firstCharacterHeight: first, lineHeight: height),
                    height: height, usedWidth: max(0, content)))
            startIndex = best
            start = Int(end.offset)
        }
        return true
    }
}

/// What re-measuring reads of one break opportunity, in 32 bytes: where a line ending here ends and where its
/// content ends (before its hanging white space), as UTF-16 offsets from the paragraph's start, the width of the
/// text before each, in points, which rarer figures (kept in the paragraph's ``PreparedParagraph/Details``) are
/// not zero, and the runs a line's height is taken from.
struct PreparedBreak {
    let widthBeforeContentEnd: Double
    let widthBeforeOffset: Double
    let offset: Int32
    let contentEnd: Int32
    let flags: Flags
    /// As indices into the paragraph's runs: the first run of a line starting here (the first whose end is past
    /// the offset), the end of the runs its first character overlaps, and the end of the runs of a line ending
    /// here (those starting before the offset).
    let firstRunFromOffset: UInt16
    let firstCharacterRunsEnd: UInt16
    let runsBeforeOffset: UInt16

    struct Flags: OptionSet {
        let rawValue: UInt8
        /// A line must end here.
        static let mandatory = Flags(rawValue: 1)
        /// A line ending here drops autospace, takes the breaker's correction for a break inside joined glyphs,
        /// or may set its last mark half-width.
        static let autospaced = Flags(rawValue: 2)
        static let endCorrected = Flags(rawValue: 4)
        static let closingTrim = Flags(rawValue: 8)
        /// A line starting here is widened (an opening mark set full-width again) or corrected.
        static let startAdjusted = Flags(rawValue: 16)
        /// A line edge here cuts glyphs HarfBuzz joined (the typesetter re-shapes such a line).
        static let cutsJoinedGlyphs = Flags(rawValue: 32)
    }
}

extension PreparedParagraph {
    /// What only some lines of a prepared paragraph need: the adjustments of breaks whose flags say so, and the
    /// line breaker and shaper for a line whose edge cuts joined glyphs (its width comes from its runs shaped
    /// again, as the typesetter takes it).
    final class Details {
        /// What one break changes of the lines ending or starting there.
        private struct Adjustment {
            /// The autospace a line ending here drops, the closing-mark trim it may take and the line breaker's
            /// correction there (looked up at the content end, as the breaker does).
            let autospace: Double
            let closingTrim: Double
            let endCorrection: Double
            /// For a line starting here: its opening-mark widening and the breaker's correction.
            let startWidening: Double
            let startCorrection: Double

            static let none = Adjustment(
                autospace: 0, closingTrim: 0, endCorrection: 0, startWidening: 0, startCorrection: 0)
        }

        private let breaker: LineBreaker
        private let shaper: Shaper
        /// Only the breaks with an adjustment, by index: most have none, and a row of Chinese has a break per
        /// character.
        private let adjustments: [Int: Adjustment]

        /// The details of `shaped`, whose breaks are appended to `breaks`.
        init(
            _ shaped: ShapedParagraph, breaker: LineBreaker, shaper: Shaper,
            appendingBreaksTo breaks: inout [PreparedBreak]
        ) {
            breaks.reserveCapacity(breaks.count + breaker.opportunities.opportunities.count)
            var adjustments: [Int: Adjustment] = [:]
            // The text and runs held once for the loop: asked through the breaker, each break retained them.
            shaped.paragraph.text.withUnsafeBufferPointer { units in
                shaped.runs.withUnsafeBufferPointer { runs in
                    Self.appendBreaks(
                        of: breaker, spacing: shaped.spacing, units: units, runs: runs, to: &breaks,
                        adjustments: &adjustments)
                }
            }
            self.adjustments = adjustments
            self.breaker = breaker
            self.shaper = shaper
        }

        /// Appends a ``PreparedBreak`` per opportunity of `breaker` to `breaks`, and the adjustments of those that
        /// have one, by index, to `adjustments`; `units` and `runs` are the paragraph's text and runs.
        private static func appendBreaks(
            of breaker: LineBreaker, spacing: CJKSpacing, units: UnsafeBufferPointer<UInt16>,
            runs: UnsafeBufferPointer<GlyphRun>, to breaks: inout [PreparedBreak], adjustments: inout [Int: Adjustment]
        ) {
            let prefix = breaker.prefixWidths
            // Breaks come in order and their content ends never go back: each table is walked, not hashed into.
            var autospace = AscendingLookup(spacing.autospace), closingTrim = AscendingLookup(spacing.closingTrim)
            var endCorrection = AscendingLookup(breaker.endCorrections)
            var startWidening = AscendingLookup(spacing.openingTrim)
            var startCorrection = AscendingLookup(breaker.startCorrections)
            // Below the tables' next entries every lookup gives 0: most breaks are there, and skip the five.
            var endTablesNext = 0, startTablesNext = 0
            // The runs of the previous opportunity's first character, and that opportunity's offset.
            var previousRuns = 0..<0, previousOffset = -1, runsBefore = 0
            for (index, opportunity) in breaker.opportunities.opportunities.enumerated() {
                let offset = opportunity.offset
                let contentEnd = LineBreaker.contentEnd(of: 0..<offset, in: units)
                var adjustment = Adjustment.none
                if contentEnd >= endTablesNext || offset >= startTablesNext {
                    adjustment = Adjustment(
                        autospace: autospace.value(at: contentEnd), closingTrim: closingTrim.value(at: contentEnd),
                        endCorrection: endCorrection.value(at: contentEnd),
                        startWidening: startWidening.value(at: offset),
                        startCorrection: startCorrection.value(at: offset))
                    endTablesNext = min(autospace.nextOffset, closingTrim.nextOffset, endCorrection.nextOffset)
                    startTablesNext = min(startWidening.nextOffset, startCorrection.nextOffset)
                }
                var flags: PreparedBreak.Flags = opportunity.isMandatory ? .mandatory : []
                if adjustment.autospace != 0 { flags.insert(.autospaced) }
                if adjustment.endCorrection != 0 { flags.insert(.endCorrected) }
                if adjustment.closingTrim != 0 { flags.insert(.closingTrim) }
                if adjustment.startWidening != 0 || adjustment.startCorrection != 0 { flags.insert(.startAdjusted) }
                if !flags.isDisjoint(with: adjusted) { adjustments[index] = adjustment }
                if breaker.cutsJoinedGlyphs(at: offset) { flags.insert(.cutsJoinedGlyphs) }
                let firstCharacterRuns = LineBreaker.runIndices(
                    overlapping: offset..<(offset + 1), hint: previousRuns.lowerBound, in: runs)
                // The runs before the offset end where those of its last character end: the previous opportunity's
                // first character when it is that character (Chinese breaks after every character).
                if offset == 0 {
                    runsBefore = 0
                } else if previousOffset == offset - 1 {
                    runsBefore = previousRuns.upperBound
                } else {
                    runsBefore =
                        LineBreaker.runIndices(
                            overlapping: (offset - 1)..<offset, hint: previousRuns.lowerBound, in: runs
                        ).upperBound
                }
                previousRuns = firstCharacterRuns
                previousOffset = offset
                breaks.append(
                    PreparedBreak(
                        widthBeforeContentEnd: prefix[contentEnd], widthBeforeOffset: prefix[offset],
                        offset: Int32(offset), contentEnd: Int32(contentEnd), flags: flags,
                        firstRunFromOffset: UInt16(firstCharacterRuns.lowerBound),
                        firstCharacterRunsEnd: UInt16(firstCharacterRuns.upperBound),
                        runsBeforeOffset: UInt16(runsBefore)))
            }
        }

        /// The flags that say a break has an adjustment.
        private static let adjusted: PreparedBreak.Flags = [.autospaced, .endCorrected, .closingTrim, .startAdjusted]

        func autospace(at index: Int) -> Double { adjustments[index]?.autospace ?? 0 }
        func closingTrim(at index: Int) -> Double { adjustments[index]?.closingTrim ?? 0 }
        func endCorrection(at index: Int) -> Double { adjustments[index]?.endCorrection ?? 0 }
        func startAdjustment(at index: Int) -> (widening: Double, correction: Double) {
            adjustments[index].map { ($0.startWidening, $0.startCorrection) } ?? (0, 0)
        }

        /// The used width of a line from `start` to `end` whose edge cuts joined glyphs, from its runs shaped
        /// again there, as the typesetter computes it; nil when the line holds right-to-left runs (the
        /// typesetter sums those in visual order).
        func reshapedContent(from start: Int, to end: Int, mandatory: Bool, trim: Double) -> Double? {
            let line = breaker.line(start..<end, mandatory: mandatory).trimmed(by: trim)
            let runs = breaker.runs(for: line, shaper: shaper)
            guard runs.allSatisfy({ $0.bidiLevel & 1 == 0 }) else { return nil }
            return breaker.usedWidth(of: line, drawnWith: runs)
        }
    }
}

/// A sparse table of points by UTF-16 offset, read at offsets that never decrease: a walk along its sorted
/// entries, where a dictionary hashed every offset asked (a prepared paragraph asks five tables per break).
struct AscendingLookup {
    private let entries: [(offset: Int, value: Double)]
    private var next = 0

    init(_ table: [Int: Double]) {
        entries = table.isEmpty ? [] : table.map { ($0.key, $0.value) }.sorted { $0.offset < $1.offset }
    }

    /// The offset of the first entry not passed yet (`Int.max` past the last): asked below it, the table gives 0.
    var nextOffset: Int { next < entries.count ? entries[next].offset : .max }

    /// The table's value at `offset` (0 where it has none); `offset` is at least the one asked before.
    mutating func value(at offset: Int) -> Double {
        while next < entries.count, entries[next].offset < offset { next += 1 }
        return next < entries.count && entries[next].offset == offset ? entries[next].value : 0
    }
}

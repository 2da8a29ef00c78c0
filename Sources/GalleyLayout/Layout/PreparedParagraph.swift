@_spi(Stages) import GalleyText

/// One non-empty paragraph of a ``PreparedText``: its live line breaker, made once, and per break opportunity the
/// numbers greedy fitting compares against a width (a ``PreparedBreak``, kept in its text's array), so that a
/// width costs a walk over the opportunities, with no break iterator, dictionary or glyph run. ``PackedLines``
/// reads it for the line placer.
///
/// A paragraph whose lines need figures the packed breaks do not hold (tabs, whose advances depend on where a
/// line starts; soft hyphens; more opportunities or runs than the packed indices hold) keeps its live breaker
/// alone, and every query goes to it.
///
/// Re-measuring a prepared corpus is bound by memory, not arithmetic (its opportunities do not fit in cache), so
/// the breaks are plain numbers in one array shared by the text's paragraphs, their runs' figures in another, and
/// what only some lines need (the line breaker, rare adjustments) in ``BreakerAndAdjustments``, touched only then.
/// A reference: each measurement's ``PackedLines`` holds it without retaining its parts one by one.
final class PreparedParagraph {
    /// The paragraph's length in UTF-16 units.
    let length: Int
    /// The paragraph's opportunities in its text's ``PreparedBreak`` array, and its runs' figures in the text's
    /// array of them; both empty when the paragraph is not packed.
    let breaks: Range<Int>
    let runs: Range<Int>
    /// Whether the packed breaks answer for the paragraph (else its live breaker does: for tabs, soft hyphens and
    /// hanging punctuation, whose line ends it works out).
    let isPacked: Bool
    /// Whether greedy lines may end at a hyphenation point (``ParagraphStyle/hyphenationFactor``): then the live
    /// breaker chooses them.
    let hyphenates: Bool
    /// What a line starting the paragraph adds to its width there, the runs of the paragraph's first character,
    /// and whether a line edge at its start cuts joined glyphs.
    let start: LineFit.Start
    let firstCharacterRuns: Range<Int>
    let startCutsJoinedGlyphs: Bool
    /// The figures every run shares, when they do (`LineBreaker/uniformFigures`), held here: read for every line.
    let uniformFigures: LineMetrics.RunFigures?
    /// Whether greedy lines may skip measuring the breaks the summed advances show to fit
    /// (``LineFit/firstBreakToTry(from:available:first:count:mandatory:largestEndWidening:widthBefore:)``): the
    /// advances ascend and no break before the paragraph's end is mandatory. Then a line's end widens it by at most
    /// `largestEndWidening` points.
    let skipsFittingBreaks: Bool
    let largestEndWidening: Double
    /// The paragraph's primary font and its text style's leading: every line's strut.
    let strut: (font: Font, leading: Double?)
    /// The live breaker and what only some breaks need.
    let breakerAndAdjustments: BreakerAndAdjustments

    /// `shaped` (not empty) prepared with its `strut`, its breaks appended to `breaks` and its runs' figures to
    /// `runFigures` when it can be packed.
    ///
    /// - Throws: what making the paragraph's `LineBreaker` throws.
    init(
        _ shaped: ShapedParagraph, strut: (font: Font, leading: Double?), shaper: Shaper,
        breaks: inout [PreparedBreak], runFigures: inout [LineMetrics.RunFigures]
    ) throws {
        let breaker = try LineBreaker(shaped, shaper: shaper)
        let paragraph = shaped.paragraph
        length = paragraph.length
        self.strut = strut
        hyphenates = paragraph.style.hyphenationFactor > 0
        start = breaker.lineStart(at: 0)
        firstCharacterRuns = breaker.runIndices(overlapping: 0..<1)
        startCutsJoinedGlyphs = breaker.cutsJoinedGlyphs(at: 0)
        uniformFigures = breaker.uniformFigures
        largestEndWidening = breaker.largestEndWidening
        skipsFittingBreaks =
            breaker.prefixWidthsAscend
            && !breaker.opportunities.opportunities.dropLast().contains { $0.isMandatory }
        isPacked =
            length <= Int32.max && shaped.runs.count < UInt16.max && breaker.tabOffsets.isEmpty
            && breaker.opportunities.opportunities.first?.offset != 0 && !breaker.hasSoftHyphens
            && breaker.hanging.isNone
        guard isPacked else {
            (self.breaks, runs) = (0..<0, 0..<0)
            breakerAndAdjustments = BreakerAndAdjustments(breaker: breaker)
            return
        }
        let figures = shaped.runs.map { LineMetrics.RunFigures($0.style) }
        runs = runFigures.count..<(runFigures.count + figures.count)
        runFigures += figures
        let first = breaks.count
        breakerAndAdjustments = BreakerAndAdjustments(shaped, breaker: breaker, appendingBreaksTo: &breaks)
        self.breaks = first..<breaks.count
    }
}

/// What re-measuring reads of one break opportunity, in 32 bytes: where a line ending here ends and where its
/// content ends (before its hanging white space), as UTF-16 offsets from the paragraph's start, the width of the
/// text before each, in points, which rarer figures (kept in the paragraph's
/// ``PreparedParagraph/BreakerAndAdjustments``) are not zero, and the runs a line's height is taken from.
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
    /// live line breaker for every query the packed breaks do not answer.
    final class BreakerAndAdjustments {
        /// What one break changes of the lines ending or starting there.
        private struct Adjustment: Sendable {
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

        /// The paragraph's live breaker.
        let breaker: LineBreaker
        /// Only the breaks with an adjustment, by index: most have none, and a row of Chinese has a break per
        /// character.
        private let adjustments: OffsetTable<Adjustment>

        /// The breaker and adjustments of `shaped`, whose breaks are appended to `breaks`.
        init(
            _ shaped: ShapedParagraph, breaker: LineBreaker, appendingBreaksTo breaks: inout [PreparedBreak]
        ) {
            breaks.reserveCapacity(breaks.count + breaker.opportunities.opportunities.count)
            var adjustments = OffsetTable<Adjustment>()
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
        }

        /// What a paragraph kept unpacked needs: its breaker alone.
        init(breaker: LineBreaker) {
            adjustments = OffsetTable()
            self.breaker = breaker
        }

        /// Appends a ``PreparedBreak`` per opportunity of `breaker` to `breaks`, and the adjustments of those that
        /// have one, by index, to `adjustments`; `units` and `runs` are the paragraph's text and runs.
        private static func appendBreaks(
            of breaker: LineBreaker, spacing: CJKSpacing, units: UnsafeBufferPointer<UInt16>,
            runs: UnsafeBufferPointer<GlyphRun>, to breaks: inout [PreparedBreak],
            adjustments: inout OffsetTable<Adjustment>
        ) {
            let prefix = breaker.prefixWidths
            // Breaks come in order and their content ends never go back: each table is walked, not hashed into.
            typealias Reader = OffsetTable<Double>.AscendingReader
            var autospace = Reader(spacing.autospace), closingTrim = Reader(spacing.closingTrim)
            var endCorrection = Reader(breaker.endCorrections)
            var startWidening = Reader(spacing.openingTrim)
            var startCorrection = Reader(breaker.startCorrections)
            // Below the tables' next entries every lookup gives 0: most breaks are there, and skip the five.
            var endTablesNext = 0, startTablesNext = 0
            // The runs of the previous opportunity's first character, and that opportunity's offset.
            var previousRuns = 0..<0, previousOffset = -1, runsBefore = 0
            for (index, opportunity) in breaker.opportunities.opportunities.enumerated() {
                let offset = opportunity.offset
                let contentEnd = LineBreaker.contentEnd(of: 0..<offset, in: units)
                var adjustment = Adjustment.none
                if contentEnd >= endTablesNext || offset >= startTablesNext {
                    let trim = closingTrim.value(at: contentEnd)
                    adjustment = Adjustment(
                        autospace: autospace.value(at: contentEnd),
                        closingTrim: LineFit.mayTrimClosingMark(contentEnd: contentEnd, lineEnd: offset) ? trim : 0,
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
    }
}

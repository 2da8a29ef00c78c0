@_spi(Stages) import GalleyText

extension LineBreaker {
    /// What a line breaker reads and never changes, made once per paragraph and shared by the breaker's copies: a
    /// breaker is copied whole (out of its initializer, into the line placer), and each array it held itself was
    /// retained and released at every copy.
    final class Figures: Sendable {
        /// The paragraph being broken.
        let shaped: ShapedParagraph
        /// Where ICU allows its lines to end.
        let opportunities: BreakOpportunities
        /// `prefixWidths[i]` is the width of the paragraph's characters before UTF-16 offset `i`, in points.
        let prefixWidths: [Double]
        /// Whether ``prefixWidths`` never decrease (no cluster has a negative advance), which lets a line's end be
        /// bounded by bisection (`LineBreaker/firstBreakToTry(from:available:first:count:)`).
        let prefixWidthsAscend: Bool
        /// Per UTF-16 offset (the paragraph's end included): ``EdgeFlags`` of a line edge there.
        let edges: [EdgeFlags]
        /// The offsets of the mandatory breaks, in increasing order.
        let mandatoryOffsets: [Int]
        /// The UTF-16 offsets of the paragraph's tab characters, in increasing order (usually none).
        let tabOffsets: [Int]
        /// The figures of every run, when the runs cover the paragraph and all have the same figures (a paragraph
        /// in one font, the common row): then every line's metrics are the same, and no line's runs are looked up.
        let uniformFigures: LineMetrics.RunFigures?
        /// The advance of one of the paragraph's spaces, in points, when its wrapped lines continue indented
        /// (``ParagraphStyle/indentsWrappedLines``): the unit of that indent. 0 otherwise.
        let wrapSpace: Double
        /// Which punctuation hangs past the lines' edges (the paragraph style's).
        let hanging: ParagraphStyle.HangingPunctuation
        /// The paragraph's text, and whether it holds a soft hyphen (U+00AD).
        let units: ArraySlice<UInt16>
        let hasSoftHyphens: Bool
        /// The paragraph's CJK spacing (``ShapedParagraph/spacing``), held here: read at every candidate line end,
        /// it is looked up only where ``EdgeFlags`` say it has an entry.
        let spacing: CJKSpacing
        /// Per opportunity that cuts glyphs HarfBuzz joined (a ligature such as Inter's `->` arrow): how much wider
        /// (negative: narrower) the text before it is, from the word's start, once shaped without what follows;
        /// and the same for the text after it, to the next opportunity. Empty unless the breaker had a shaper.
        let endCorrections: OffsetTable<Double>
        let startCorrections: OffsetTable<Double>
        /// The most an end correction widens a line (0 when none does), in points: the slack of the bound on a line's
        /// width that `LineBreaker/firstBreakToTry(from:available:first:count:)` bisects with.
        let largestEndWidening: Double

        /// The figures of `shaped`, with its paragraph's ``Paragraph/language`` (named or inferred) and its style's
        /// strictness; no corrections.
        init(_ shaped: ShapedParagraph) throws {
            self.shaped = shaped
            // The paragraph's text and style, not the whole paragraph: a copy of it retained its every reference.
            let text = shaped.paragraph.text, length = text.count
            // The first run carries the paragraph's language (its first character's, or the inferred one) already.
            let language = shaped.runs.first.map { $0.shaping.language } ?? shaped.paragraph.language
            // The style's settings read where they lie: a copy of the style retained its arrays.
            hanging = shaped.paragraph.style.hangingPunctuation
            let found = try BreakOpportunities(
                text, language: language, strictness: shaped.paragraph.style.lineBreakStrictness,
                rules: shaped.paragraph.style.lineBreakRules, wordBreak: shaped.paragraph.style.wordBreak)
            let withCode =
                shaped.paragraph.style.breaksCodeAtJoints
                ? found.addingCodeJoints(in: Self.monospacedRanges(of: shaped.runs), of: text) : found
            opportunities = shaped.rubies.isEmpty ? withCode : withCode.keepingWhole(shaped.rubies.map(\.base))
            mandatoryOffsets = opportunities.opportunities.filter(\.isMandatory).map(\.offset)
            var advances = [Double](repeating: 0, count: length + 1)
            var edges = [EdgeFlags](repeating: .insideCluster, count: length + 1)
            // Through the buffers: the arrays' checks at every glyph cost more than the sums.
            advances.withUnsafeMutableBufferPointer { advances in
                edges.withUnsafeMutableBufferPointer { edges in
                    edges[length] = .runStart
                    for run in shaped.runs {
                        if run.utf16Range.lowerBound <= length { edges[run.utf16Range.lowerBound].insert(.runStart) }
                        run.glyphs.withUnsafeBufferPointer { glyphs in
                            for glyph in glyphs where glyph.cluster < length {
                                advances[glyph.cluster] += glyph.advance
                                edges[glyph.cluster].remove(.insideCluster)
                                if glyph.isUnsafeToBreak { edges[glyph.cluster].insert(.unsafeToBreak) }
                            }
                        }
                    }
                }
            }
            let spacing = shaped.spacing
            func mark(_ table: OffsetTable<Double>, _ flag: EdgeFlags) {
                for offset in table.offsets where (0...length).contains(offset) { edges[offset].insert(flag) }
            }
            mark(spacing.autospace, .autospace)
            mark(spacing.closingTrim, .closingTrim)
            mark(spacing.openingTrim, .openingTrim)
            self.edges = edges
            self.spacing = spacing
            uniformFigures = Self.uniformFigures(of: shaped.runs, length: length)
            units = text
            (tabOffsets, hasSoftHyphens) = text.withUnsafeBufferPointer { units in
                (
                    UTF16Scan.contains(0x09, in: units) ? units.indices.filter { units[$0] == 0x09 } : [],
                    UTF16Scan.contains(0xAD, in: units)
                )
            }
            // Each offset's advance becomes the sum of those before it, in place.
            var total = 0.0
            var ascend = true
            for offset in 0..<length {
                let advance = advances[offset]
                advances[offset] = total
                total += advance
                ascend = ascend && advance >= 0
            }
            prefixWidthsAscend = ascend
            advances[length] = total
            prefixWidths = advances
            wrapSpace =
                shaped.paragraph.style.indentsWrappedLines
                ? LineBreaker.spaceAdvance(in: text, prefixWidths: advances) : 0
            endCorrections = OffsetTable()
            startCorrections = OffsetTable()
            largestEndWidening = 0
        }

        /// `figures` with the corrections at cuts inside joined glyphs.
        init(_ figures: Figures, endCorrections: OffsetTable<Double>, startCorrections: OffsetTable<Double>) {
            shaped = figures.shaped
            opportunities = figures.opportunities
            prefixWidths = figures.prefixWidths
            prefixWidthsAscend = figures.prefixWidthsAscend
            edges = figures.edges
            mandatoryOffsets = figures.mandatoryOffsets
            tabOffsets = figures.tabOffsets
            uniformFigures = figures.uniformFigures
            wrapSpace = figures.wrapSpace
            hanging = figures.hanging
            units = figures.units
            hasSoftHyphens = figures.hasSoftHyphens
            spacing = figures.spacing
            self.endCorrections = endCorrections
            largestEndWidening = endCorrections.entries.reduce(0) { max($0, $1.value) }
            self.startCorrections = startCorrections
        }

        /// The stretches of `runs` (in logical order) drawn in a monospaced face, consecutive ones joined.
        private static func monospacedRanges(of runs: [GlyphRun]) -> [Range<Int>] {
            var ranges: [Range<Int>] = []
            for run in runs where run.style.font.face.isFixedPitch {
                if let last = ranges.last, last.upperBound == run.utf16Range.lowerBound {
                    ranges[ranges.count - 1] = last.lowerBound..<run.utf16Range.upperBound
                } else {
                    ranges.append(run.utf16Range)
                }
            }
            return ranges
        }

        /// The figures all of `runs` share when they cover a paragraph `length` units long one after another; nil
        /// when they differ or leave a gap.
        private static func uniformFigures(of runs: [GlyphRun], length: Int) -> LineMetrics.RunFigures? {
            guard let first = runs.first, first.utf16Range.lowerBound == 0,
                runs.last?.utf16Range.upperBound == length
            else { return nil }
            let figures = LineMetrics.RunFigures(first.style)
            var end = first.utf16Range.upperBound
            for run in runs.dropFirst() {
                guard run.utf16Range.lowerBound == end, LineMetrics.RunFigures(run.style) == figures else {
                    return nil
                }
                end = run.utf16Range.upperBound
            }
            return figures
        }
    }
}

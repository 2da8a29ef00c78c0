/// One paragraph of a ``PreparedText`` reduced to what re-measuring it at a new width needs: per break opportunity
/// the numbers the line breaker's word wrap compares against the width, so that a width costs a walk over the
/// opportunities and one ``LineMetrics`` per line, with no break iterator, dictionary or glyph run.
///
/// It answers only for the plain case, the common one: a left-to-right paragraph set left (or natural), wrapping
/// words, without indents, lists, tabs, soft hyphens, automatic hyphenation or justification. Anything else (and,
/// at a given width, a word wider than the line, an all-space line, or a line the typesetter would re-break) makes
/// ``PreparedText`` run the typesetter instead, so the answer is always the typesetter's. Opportunities inside
/// joined glyphs (code such as `ls -la` in Inter) carry the line breaker's corrections for the text shaped again
/// on each side, so they are compared exactly, and a line ending or starting at one is shaped again at its edge
/// as the typesetter shapes it.
///
/// A class, so that measuring passes one reference around rather than its arrays.
final class PreparedParagraph {
    let length: Int
    /// Where the paragraph starts in its storage (UTF-16 offset), and its style's spacing between its lines,
    /// after it and before it, in points.
    let storageStart: Int
    let lineSpacing: Double
    let paragraphSpacing: Double
    let paragraphSpacingBefore: Double
    private let rules: LineMetrics.Rules
    /// The line metrics' figures of the paragraph's primary font (every line's strut) and its text style's
    /// leading; and of each run, in the order of the breaker's runs.
    private let strut: LineMetrics.RunFigures
    private let strutLeading: Double?
    private let runFigures: [LineMetrics.RunFigures]
    /// What a line ending or starting at one opportunity needs, kept together so that the walk over a
    /// paragraph's opportunities reads one entry at a time.
    private struct Entry {
        /// Where a line ending here ends (UTF-16 offset), and where its content ends (its hanging white space
        /// before).
        let offset: Int
        let contentEnd: Int
        /// The width of the text before the content end, and before the offset, in points.
        let widthBeforeContentEnd: Double
        let widthBeforeOffset: Double
        /// The autospace a line ending here drops, the closing-mark trim it may take and the line breaker's
        /// correction for a break inside joined glyphs there (looked up at the content end, as the breaker does).
        let autospace: Double
        let closingTrim: Double
        let endCorrection: Double
        /// For a line starting here: its opening-mark widening and the breaker's correction.
        let startWidening: Double
        let startCorrection: Double
        let isMandatory: Bool
        /// Whether a line edge here cuts glyphs HarfBuzz joined (the typesetter re-shapes such a line).
        let cutsJoinedGlyphs: Bool
    }

    private let entries: [Entry]
    /// The paragraph's line breaker and the shaper it re-shapes with, for a line whose edge cuts joined glyphs:
    /// its width comes from its re-shaped runs, as the typesetter takes it.
    private let breaker: LineBreaker
    private let shaper: Shaper
    /// Whether the breaker has corrections at all (its width arithmetic adds them only then).
    private let hasCorrections: Bool
    /// The opening-mark widening of a line starting the paragraph.
    private let paragraphStartWidening: Double

    /// The paragraph's model, or nil when it is not the plain case.
    init?(_ shaped: ShapedParagraph, strut: Font, strutLeading: Double?, breaker: LineBreaker, shaper: Shaper) {
        let style = shaped.paragraph.style
        guard shaped.paragraph.length > 0, !shaped.bidi.isRightToLeft, style.lineBreakMode == .wordWrap,
            style.alignment == .natural || style.alignment == .left, style.firstLineHeadIndent == 0,
            style.headIndent == 0, style.tailIndent == 0, style.textLists.isEmpty, style.hyphenationFactor <= 0,
            breaker.tabOffsets.isEmpty, !shaped.paragraph.text.contains(0xAD), !breaker.cutsJoinedGlyphs(at: 0),
            breaker.startCorrections[0] == nil
        else { return nil }
        length = shaped.paragraph.length
        storageStart = shaped.paragraph.utf16Range.lowerBound
        lineSpacing = style.lineSpacing
        paragraphSpacing = style.paragraphSpacing
        paragraphSpacingBefore = style.paragraphSpacingBefore
        rules = LineMetrics.Rules(style)
        self.strut = LineMetrics.RunFigures(strut)
        self.strutLeading = strutLeading
        runFigures = shaped.runs.map { LineMetrics.RunFigures($0.style) }
        let spacing = shaped.spacing
        let prefix = breaker.prefixWidths
        entries = breaker.opportunities.opportunities.map { opportunity in
            let offset = opportunity.offset
            let contentEnd = breaker.contentEnd(of: 0..<offset)
            return Entry(
                offset: offset, contentEnd: contentEnd, widthBeforeContentEnd: prefix[contentEnd],
                widthBeforeOffset: prefix[offset], autospace: spacing.autospace[contentEnd] ?? 0,
                closingTrim: spacing.closingTrim[contentEnd] ?? 0,
                endCorrection: breaker.endCorrections[contentEnd] ?? 0,
                startWidening: spacing.openingTrim[offset] ?? 0,
                startCorrection: breaker.startCorrections[offset] ?? 0, isMandatory: opportunity.isMandatory,
                cutsJoinedGlyphs: breaker.cutsJoinedGlyphs(at: offset))
        }
        hasCorrections = !breaker.endCorrections.isEmpty || !breaker.startCorrections.isEmpty
        self.breaker = breaker
        self.shaper = shaper
        paragraphStartWidening = spacing.openingTrim[0] ?? 0
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
    /// any number of lines) where the plain case does not hold at this width.
    func placeLines(width: Double, _ place: (Line) -> Void) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            let limit = width + LineBreaker.fitTolerance
            var startIndex = -1  // the opportunity the line starts at; -1 for the paragraph's start
            var start = 0
            while start < length {
                let startEntry = startIndex < 0 ? nil : entries[startIndex]
                let startWidth = startEntry?.widthBeforeOffset ?? 0
                let widening = startEntry?.startWidening ?? paragraphStartWidening
                let startCut = startEntry?.startCorrection ?? 0
                var best = -1, bestTrim = 0.0
                var index = startIndex + 1
                while index < entries.count {
                    let entry = entries[index]
                    guard entry.contentEnd > start else { return false }  // a line of white space only
                    // As ``LineBreaker/line(_:mandatory:emergency:hyphenated:)`` sums it, operation for operation.
                    var plain = entry.widthBeforeContentEnd - startWidth
                    if hasCorrections { plain += entry.endCorrection + startCut }
                    let lineWidth = (plain - entry.autospace) + widening
                    guard lineWidth <= limit else {
                        // The breaker's closing-mark trim: the line fits once its last mark is set half-width.
                        let trim = entry.closingTrim
                        if trim != 0, entry.contentEnd > start + 1, lineWidth - trim <= limit {
                            (best, bestTrim) = (index, trim)
                        }
                        break
                    }
                    (best, bestTrim) = (index, 0)
                    if entry.isMandatory { break }
                    index += 1
                }
                guard best >= 0 else { return false }  // no line fits: a word wider than the line
                let entry = entries[best]
                // The typesetter's check that the placed content fits, in its own arithmetic.
                let content: Double
                if entry.cutsJoinedGlyphs || startEntry?.cutsJoinedGlyphs == true {
                    guard let reshaped = reshapedContent(from: start, to: entry, trim: bestTrim) else { return false }
                    content = reshaped
                } else {
                    content =
                        ((entry.widthBeforeOffset - startWidth) - (entry.autospace + bestTrim) + widening)
                        - (entry.widthBeforeOffset - entry.widthBeforeContentEnd)
                }
                guard content <= limit else { return false }
                let first = metrics(start..<(start + 1)).height
                let height = metrics(start..<entry.offset).height
                place(
                    Line(
                        start: start, bandHeight: height > first + 1e-6 ? height : first, height: height,
                        usedWidth: max(0, content)))
                startIndex = best
                start = entry.offset
            }
            return true
        }
    }

    /// The used width of a line from `start` to `end` whose edge cuts joined glyphs, from its runs shaped again
    /// there, as the typesetter computes it; nil when the line holds right-to-left runs (the typesetter sums
    /// those in visual order).
    private func reshapedContent(from start: Int, to end: Entry, trim: Double) -> Double? {
        var line = breaker.line(start..<end.offset, mandatory: end.isMandatory)
        if trim != 0 {
            line.width -= trim
            line.endTrim += trim
        }
        let runs = breaker.runs(for: line, shaper: shaper)
        guard runs.allSatisfy({ $0.bidiLevel & 1 == 0 }) else { return nil }
        let total = runs.reduce(0) { $0 + $1.width }
        return total - breaker.width(of: line.trailingRange, inLine: line.utf16Range)
    }

    /// The metrics of a line over `range`, from the runs drawing it, as the typesetter computes them.
    private func metrics(_ range: Range<Int>) -> LineMetrics {
        let runs = breaker.runIndices(overlapping: range)
        return runFigures.withUnsafeBufferPointer { figures in
            LineMetrics(figures: figures[runs], rules: rules, strut: strut, strutLeading: strutLeading)
        }
    }
}

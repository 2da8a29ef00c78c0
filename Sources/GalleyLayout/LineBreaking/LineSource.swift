@_spi(Stages) import GalleyText

/// What the line placer (``LinePlacer``) reads of one paragraph: the next line at a width, and the figures of the
/// lines it chose. Two sources answer: the live `LineBreaker` over a shaped paragraph, and a prepared text's
/// packed breaks (``PackedLines``), which answer the queries every line asks from numbers kept per break
/// opportunity and hand the rest to their live breaker. Both give the same answer to every query
/// (`PackedLinesTests`), so the placer's lines do not depend on which one it reads.
///
/// Offsets are UTF-16 offsets from the paragraph's start; widths and heights are in points.
protocol LineSource {
    /// The paragraph's length in UTF-16 units.
    var length: Int { get }
    /// Where the lines now being placed start, in points from their tab stops' origin (see
    /// `LineBreaker/tabOrigin`).
    var tabOrigin: Double { get set }
    /// The live breaker, for what only it knows: glyph runs, truncation, paragraph-level plans.
    var breaker: LineBreaker { get }
    /// The next line from `start` at most `width` wide, as `LineBreaker/nextLine(from:width:mode:limit:hyphenates:)`
    /// gives it.
    mutating func nextLine(
        from start: Int, width: Double, mode: ParagraphStyle.LineBreakMode, limit: Int?, hyphenates: Bool
    ) -> LineBreak
    /// The lines `strategy` chooses from `start`, line `i` being `width(i)` wide (``ParagraphBreaker``).
    mutating func plan(_ strategy: ParagraphBreaker, from start: Int, width: (Int) -> Double)
        -> [ParagraphBreaker.PlannedLine]?
    /// Whether a line edge at `offset` cuts glyphs HarfBuzz joined (the line is shaped again there).
    func cutsJoinedGlyphs(at offset: Int) -> Bool
    /// The metrics of a line drawing the characters in `range`, with the paragraph's `strut`.
    func metrics(of range: Range<Int>, strut: LineMetrics.Strut) -> LineMetrics
    /// What a line drawing the characters in `range`, of `metrics`, needs past its box for emphasis marks and
    /// lends a neighbour's (``LineAnnotation``).
    func annotation(of range: Range<Int>, metrics: LineMetrics, strut: LineMetrics.Strut) -> LineAnnotation
    /// Whether any of the paragraph's characters has emphasis marks or ruby.
    var hasAnnotations: Bool { get }
    /// The figures every run shares when the runs cover the paragraph and all have the same (a paragraph in one
    /// font): then every line's metrics are those, and the placer asks ``metrics(of:strut:)`` for none.
    var uniformFigures: LineMetrics.RunFigures? { get }
    /// The width of the white space hanging at the end of `line`.
    func trailingWidth(of line: LineBreak) -> Double
    /// Whether a line may break strictly inside `range`: whether it holds more than one word.
    func hasBreak(inside range: Range<Int>) -> Bool
    /// The paragraph's strut (primary font and its text style's leading) when the source was prepared with it;
    /// nil to have the typesetter find it.
    var preparedStrut: (font: Font, leading: Double?)? { get }
}

extension LineSource {
    /// What `line` draws, for a placer that keeps its glyphs when `keepsGlyphs` and justifies it when
    /// `isJustified`: its width alone when neither is asked and no edge cuts joined glyphs (the summed advances
    /// are then what is drawn); else its runs, cut and shaped again at joined edges, and their width.
    func content(of line: LineBreak, shaper: Shaper, keepsGlyphs: Bool, isJustified: Bool) -> LineContent {
        let range = line.utf16Range
        if !keepsGlyphs, !isJustified, !cutsJoinedGlyphs(at: range.lowerBound), !cutsJoinedGlyphs(at: range.upperBound)
        {
            return LineContent(usedWidth: line.width)
        }
        let breaker = breaker
        let runs = breaker.runs(for: line, shaper: shaper)
        return LineContent(runs: runs, usedWidth: breaker.usedWidth(of: line, drawnWith: runs))
    }
}

extension LineBreaker: LineSource {
    var breaker: LineBreaker { self }
    var preparedStrut: (font: Font, leading: Double?)? { nil }

    mutating func plan(_ strategy: ParagraphBreaker, from start: Int, width: (Int) -> Double)
        -> [ParagraphBreaker.PlannedLine]?
    {
        strategy.lines(&self, from: start, width: width)
    }

    func metrics(of range: Range<Int>, strut: LineMetrics.Strut) -> LineMetrics {
        strut.metrics(of: shaped.runs[runIndices(overlapping: range)].lazy.map { LineMetrics.RunFigures($0.style) })
    }

    func trailingWidth(of line: LineBreak) -> Double { width(of: line.trailingRange, inLine: line.utf16Range) }

    func annotation(of range: Range<Int>, metrics: LineMetrics, strut: LineMetrics.Strut) -> LineAnnotation {
        LineAnnotation(
            styles: shaped.runs[runIndices(overlapping: range)].lazy.map(\.style),
            rubies: rubyReach(of: range, web: strut.rules.web, vertical: strut.rules.vertical != nil), metrics: metrics,
            em: strut.figures.em,
            web: strut.rules.web, vertical: strut.rules.vertical)
    }

    /// How far the ruby of a line drawing the characters in `range` reaches (``RubyReach``).
    func rubyReach(of range: Range<Int>, web: Bool, vertical: Bool) -> RubyReach {
        let columns = shaped.rubies(overlapping: range)
        guard !columns.isEmpty else { return RubyReach() }
        return RubyReach(
            columns, baseStyles: { shaped.runs[runIndices(overlapping: $0.base)].map(\.style) }, web: web,
            vertical: vertical)
    }

    var hasAnnotations: Bool { !shaped.rubies.isEmpty || shaped.runs.contains { $0.style.hasEmphasisMarks } }
}

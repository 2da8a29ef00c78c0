@_spi(Stages) import GalleyText

/// Places a line's ruby annotations (``TextAttributes/ruby``) over (or under) their bases, right (or left) of them in
/// columns, as Chromium places them: each annotation on the line of the annotations of its side, standing on the em
/// box of the line's bases (``RubyReach``), centred on its column, or spread `space-around` over a base wider than
/// itself; zhuyin beside each base character (``RubyColumn/besideStack(size:)``).
enum RubyText {
    /// The annotations of `columns` over the line whose runs are `runs` (placed; clusters count from the
    /// paragraph's start, which is `paragraphStart` in the storage) with its baseline at `baseline`, the line's
    /// ruby reaching as `reach` says. Each annotation's character range is its base's.
    ///
    /// In a column of `vertical` (`baseline` its glyphs' centre line) an annotation over its base is on the right,
    /// one under it on the left, as far from the glyphs as Blink puts it from its central baseline (as emphasis
    /// marks are placed).
    static func annotations(
        of columns: ArraySlice<RubyColumn>, over runs: [PositionedRun], baseline: Double, reach: RubyReach,
        vertical: WritingMode? = nil, paragraphStart: Int
    ) -> [PositionedRun] {
        var placed: [PositionedRun] = []
        for column in columns where !column.annotation.isEmpty {
            if column.isBeside {
                placed += beside(column, after: runs, baseline: baseline, paragraphStart: paragraphStart)
                continue
            }
            // The column's box: its base's clusters on this line, and the overhang its last one gave up.
            var minX = Double.infinity, maxX = -Double.infinity
            for run in runs {
                for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) where column.base.contains(glyph.cluster)
                {
                    minX = min(minX, x)
                    maxX = max(maxX, x + glyph.advance)
                }
            }
            guard minX < maxX else { continue }
            maxX += column.endOverhang
            let extra = (maxX - minX) - column.annotationWidth
            let clusters = column.annotation.flatMap { $0.glyphs.map(\.cluster) }
            let spread =
                extra > 0
                ? RubyColumn.spread(
                    extra, over: uniqued(clusters), opportunities: column.annotationOpportunities.contains)
                : [:]
            var pen = minX + (extra < 0 ? extra / 2 : 0)
            // The annotation's side turned as line coordinates lie (a column's over side is its right).
            let y =
                baseline
                + reach.annotationBaseline(under: column.position == .under) * (vertical?.underSign ?? 1)
            let range = (paragraphStart + column.base.lowerBound)..<(paragraphStart + column.base.upperBound)
            for run in column.annotation {
                var spreadRun = run
                for index in spreadRun.glyphs.indices {
                    let cluster = spreadRun.glyphs[index].cluster
                    guard let (before, after) = spread[cluster] else { continue }
                    let isFirst = index == 0 || spreadRun.glyphs[index - 1].cluster != cluster
                    let isLast = index + 1 == spreadRun.glyphs.count || spreadRun.glyphs[index + 1].cluster != cluster
                    if isFirst { spreadRun.glyphs[index].advance += before }
                    spreadRun.glyphs[index].xOffset += before
                    if isLast { spreadRun.glyphs[index].advance += after }
                }
                placed.append(PositionedRun(glyphRun: spreadRun, origin: Point(x: pen, y: y), characterRange: range))
                pen += spreadRun.width
            }
        }
        return placed
    }

    /// The glyphs of `column`'s annotation beside its base (zhuyin), each a run of its own in the room after the
    /// base's last character (whose advance holds it), stacked as ``RubyColumn/besideStack(size:)`` says.
    private static func beside(
        _ column: RubyColumn, after runs: [PositionedRun], baseline: Double, paragraphStart: Int
    ) -> [PositionedRun] {
        guard let font = column.annotation.first?.font else { return [] }
        var end: Double?, em: (ascent: Double, descent: Double)?
        for run in runs {
            for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) where column.base.contains(glyph.cluster) {
                end = max(end ?? x + glyph.advance, x + glyph.advance)
                em = em ?? run.glyphRun.font.emBox
            }
        }
        guard let end, let em else { return [] }
        let start = end - RubyColumn.besideWidth(annotationSize: font.size)
        let centre = baseline - RubyColumn.besideCentre(over: em)
        let range = (paragraphStart + column.base.lowerBound)..<(paragraphStart + column.base.upperBound)
        return column.besideStack(size: font.size).glyphs.map { stacked in
            var run = column.annotation[stacked.run]
            run.glyphs = [run.glyphs[stacked.glyph]]
            return PositionedRun(
                glyphRun: run, origin: Point(x: start + stacked.x, y: centre + stacked.baseline),
                characterRange: range)
        }
    }

    /// `clusters` with repeats beside each other removed (a cluster's several glyphs).
    private static func uniqued(_ clusters: [Int]) -> [Int] {
        var result: [Int] = []
        for cluster in clusters where result.last != cluster { result.append(cluster) }
        return result
    }
}

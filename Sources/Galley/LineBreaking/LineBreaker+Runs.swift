extension LineBreaker {
    /// The glyph runs of `line`, in logical order, each cut to the line's characters. A run cut where HarfBuzz
    /// marked a glyph unsafe to break is shaped again with only the line's text as context, so a ligature or an
    /// Arabic joining form never straddles a line break.
    public func runs(for line: LineBreak, shaper: Shaper) -> [GlyphRun] {
        runs(in: line.utf16Range, shaper: shaper)
    }

    /// The glyph runs covering `range` (UTF-16 offsets from the paragraph's start), re-shaped at unsafe edges.
    func runs(in range: Range<Int>, shaper: Shaper) -> [GlyphRun] {
        var result: [GlyphRun] = []
        for run in shaped.runs
        where run.utf16Range.overlaps(range) || (run.utf16Range.isEmpty && range.contains(run.utf16Range.lowerBound)) {
            let part = run.utf16Range.clamped(to: range)
            if part == run.utf16Range {
                result.append(run)
                continue
            }
            let cutAtStart = part.lowerBound > run.utf16Range.lowerBound
            let cutAtEnd = part.upperBound < run.utf16Range.upperBound
            if (cutAtStart && cutsJoinedGlyphs(at: part.lowerBound))
                || (cutAtEnd && cutsJoinedGlyphs(at: part.upperBound))
            {
                result.append(shaper.reshape(run, range: part, context: range, in: shaped.paragraph))
            } else {
                var piece = run
                piece.glyphs = run.glyphs.filter { part.contains($0.cluster) }
                result.append(piece.cut(to: part))
            }
        }
        return result
    }
}

extension GlyphRun {
    /// The same run at another bidi level (its glyphs keep their order).
    func withLevel(_ level: UInt8) -> GlyphRun {
        var run = self
        run.bidiLevel = level
        return run
    }

    /// The same run claiming only the characters in `range`.
    func cut(to range: Range<Int>) -> GlyphRun {
        var run = self
        run.utf16Range = range
        return run
    }
}

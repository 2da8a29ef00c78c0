@_spi(Stages) import GalleyText

extension LineBreaker {
    /// The glyph runs of `line`, in logical order, each cut to the line's characters. A run cut where HarfBuzz
    /// marked a glyph unsafe to break is shaped again with only the line's text as context, so a ligature or an
    /// Arabic joining form never straddles a line break.
    package func runs(for line: LineBreak, shaper: Shaper) -> [GlyphRun] {
        finished(runs(in: line.utf16Range, shaper: shaper), for: line)
    }

    /// `runs` (the glyph runs of `line` in logical order, from ``runs(in:shaper:)``) with what the line's edges
    /// change: the tabs' advances, the line's ``LineBreak/startWidening`` given to its first character and
    /// ``LineBreak/endTrim`` taken from its last, and the hyphen of a hyphenated line.
    func finished(_ runs: [GlyphRun], for line: LineBreak) -> [GlyphRun] {
        var runs = settingTabAdvances(runs, inLine: line.utf16Range)
        let start = line.utf16Range.lowerBound
        if line.startWidening != 0, let index = runs.firstIndex(where: { $0.utf16Range.contains(start) }) {
            // The trimmed opening mark's glyphs move back right and its advance grows back.
            let glyphs = runs[index].glyphs.indices.filter { runs[index].glyphs[$0].cluster == start }
            for glyph in glyphs { runs[index].glyphs[glyph].xOffset += line.startWidening }
            if let last = glyphs.last { runs[index].glyphs[last].advance += line.startWidening }
        }
        if line.endTrim != 0, line.contentEnd > line.utf16Range.lowerBound,
            let index = runs.lastIndex(where: { $0.utf16Range.contains(line.contentEnd - 1) }),
            let glyph = runs[index].glyphs.lastIndex(where: { $0.cluster <= line.contentEnd - 1 })
        {
            runs[index].glyphs[glyph].advance -= line.endTrim
        }
        return line.isHyphenated ? addingHyphen(to: runs, after: line.contentEnd - 1) : runs
    }

    /// `runs` with the hyphen of a hyphenated line after the character at `offset`, in the run drawing it (at its
    /// visual end: the right for left-to-right text, the left for right-to-left).
    func addingHyphen(to runs: [GlyphRun], after offset: Int) -> [GlyphRun] {
        guard let hyphen = hyphen(after: offset),
            let index = runs.lastIndex(where: { $0.utf16Range.contains(offset) })
        else { return runs }
        var runs = runs
        let glyph = ShapedGlyph(glyphID: hyphen.glyph, cluster: offset, advance: hyphen.advance, xOffset: 0, yOffset: 0)
        if runs[index].isRightToLeft {
            runs[index].glyphs.insert(glyph, at: 0)
        } else {
            runs[index].glyphs.append(glyph)
        }
        return runs
    }

    /// The glyph runs covering `range` (UTF-16 offsets from the paragraph's start), re-shaped at unsafe edges.
    func runs(in range: Range<Int>, shaper: Shaper) -> [GlyphRun] {
        var result: [GlyphRun] = []
        // The runs near the range, found by binary search (a line must not cost a walk over the paragraph's runs).
        let near = runIndices(overlapping: max(0, range.lowerBound - 1)..<min(length, range.upperBound + 1))
        for run in shaped.runs[near]
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
                // Ligatures and kerning never cross the break, so the piece is shaped alone; but the pieces of a
                // word cut inside keep the joining forms they have in the whole word (CSS Text 3, "shaping across
                // intra-word breaks"), so joining scripts see the whole paragraph as context.
                let context = run.script.isJoining ? 0..<length : range
                result.append(
                    shaped.spacing.applied(
                        to: shaper.reshape(run, range: part, context: context, in: shaped.paragraph)))
            } else {
                var piece = run
                piece.glyphs = Array(run.glyphs[Self.glyphIndices(of: part, in: run)])
                result.append(piece.cut(to: part))
            }
        }
        return result
    }
}

extension LineBreaker {
    /// The indices of the glyphs of `run` whose clusters lie in `part`, by binary search: a run's clusters rise
    /// through its glyphs (fall, right to left), so those glyphs are contiguous.
    static func glyphIndices(of part: Range<Int>, in run: GlyphRun) -> Range<Int> {
        let glyphs = run.glyphs
        let rightToLeft = run.isRightToLeft
        // The first glyph index whose cluster is past `offset` in the run's order.
        func boundary(_ offset: Int, inclusive: Bool) -> Int {
            glyphs.partitioningIndex { glyph in
                let cluster = glyph.cluster
                return rightToLeft
                    ? !(inclusive ? cluster >= offset : cluster > offset)
                    : !(inclusive ? cluster < offset : cluster <= offset)
            }
        }
        if rightToLeft {
            // Glyphs run from the highest cluster down: those in part come after the clusters ≥ part.upperBound.
            let first = boundary(part.upperBound, inclusive: true)
            let last = boundary(part.lowerBound, inclusive: true)
            return first..<max(first, last)
        }
        return boundary(part.lowerBound, inclusive: true)..<boundary(part.upperBound, inclusive: true)
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

import CICU
@_spi(Stages) import GalleyText

extension LineBreaker {
    /// The longest run of whole grapheme clusters from `start` that fits `width` (at least one cluster).
    mutating func fitByGraphemes(from start: Int, width: Double, end: Int, emergency: Bool) -> LineBreak {
        let boundaries = graphemes ?? GraphemeClusters.boundaries(of: shaped.paragraph.text)
        graphemes = boundaries
        let low = boundaries.partitioningIndex { $0 > start }
        var best = low < boundaries.count ? min(boundaries[low], end) : end
        var position = low
        while position < boundaries.count, boundaries[position] <= end {
            let candidate = line(start..<boundaries[position], mandatory: false)
            guard LineFit.fits(candidate.width, in: width) else { break }
            best = boundaries[position]
            position += 1
        }
        if position < boundaries.count, boundaries[position] <= end, best < end,
            closingMarkTrimmed(line(start..<boundaries[position], mandatory: false), toFit: width) != nil
        {
            best = boundaries[position]  // the next cluster fits once its closing mark is set half-width
        }
        // Kinsoku: no line starts with closing punctuation or ends with opening punctuation, unless the line would
        // then hold nothing but a single cluster. Chromium cuts an overlong word at the last cluster that fits
        // whatever follows (a line may start with `）` or `、`); web metrics measure as it does.
        let keepsKinsoku = !emergency || shaped.paragraph.style.lineHeightMetrics != .web
        var kept = Self.index(of: best, in: boundaries) ?? low
        while keepsKinsoku, best < end, kept > low, breaksKinsoku(at: best) {
            kept -= 1
            best = boundaries[kept]
        }
        let candidates = opportunities.opportunities
        let next = firstOpportunity(after: best - 1)
        let mandatory = next < candidates.count && candidates[next].offset == best && candidates[next].isMandatory
        let result = line(start..<best, mandatory: mandatory, emergency: emergency && best < end)
        return LineFit.fits(result.width, in: width) ? result : closingMarkTrimmed(result, toFit: width) ?? result
    }

    /// Whether a line break at `offset` would start a line with a CJK character that may not start one (closing
    /// brackets and punctuation, `。，、！？`, non-starters: UAX #14 classes CL, CP, EX, IS, NS) or with an ASCII
    /// closing bracket (`)`, `]`, `}`: a bracket alone at a line's start reads as a stray), or end one with a CJK
    /// opening bracket (OP). Other Latin punctuation may start the piece of an overlong word (`.layout()` after
    /// `LayoutManager`, where code is broken before its dots), as Chromium cuts such a word anywhere.
    private func breaksKinsoku(at offset: Int) -> Bool {
        let text = shaped.paragraph.text
        let (after, _) = UTF16Decoding.scalar(in: text, at: offset)
        if after == ")" || after == "]" || after == "}" { return true }
        if after.value >= CharacterClasses.firstCJK {
            switch CSSLineBreakRules.lineBreakClass(of: after) {
            case CICU_LB_CLOSE_PUNCTUATION, CICU_LB_CLOSE_PARENTHESIS, CICU_LB_EXCLAMATION, CICU_LB_INFIX_NUMERIC,
                CICU_LB_NONSTARTER:
                return true
            default: break
            }
        }
        guard offset > 0 else { return false }
        var before = offset - 1
        if before > 0, UTF16.isTrailSurrogate(shaped.paragraph.unit(at: before)) { before -= 1 }
        let (previous, _) = UTF16Decoding.scalar(in: text, at: before)
        return previous.value >= CharacterClasses.firstCJK
            && CSSLineBreakRules.lineBreakClass(of: previous) == CICU_LB_OPEN_PUNCTUATION
    }

    /// The index of `offset` in the increasing `offsets`, by binary search; nil when it is not there.
    private static func index(of offset: Int, in offsets: [Int]) -> Int? {
        let low = offsets.partitioningIndex { $0 >= offset }
        return low < offsets.count && offsets[low] == offset ? low : nil
    }
}

@_spi(Stages) import GalleyText

/// Cuts a line that is too wide to an ellipsis (U+2026 from the font at the cut, or three full stops when the
/// font lacks it), keeping its head, its tail, or both ends.
struct Truncator {
    let breaker: LineBreaker
    let shaper: Shaper
    let baseLevel: UInt8

    /// The runs (logical order) of `line` cut to `width` points in `mode`, and the first hidden UTF-16 offset
    /// (nil when the line fits and nothing was cut). When `moreTextFollows` (later paragraphs a line limit hides),
    /// a line that fits still ends in an ellipsis.
    func truncate(_ line: LineBreak, width: Double, mode: ParagraphStyle.LineBreakMode, moreTextFollows: Bool)
        -> (runs: [GlyphRun], hiddenStart: Int?)
    {
        let start = line.utf16Range.lowerBound, end = line.contentEnd
        if line.width <= width + 1e-9, !moreTextFollows {
            return (breaker.runs(in: line.utf16Range, shaper: shaper), nil)
        }
        let boundaries = graphemeBoundaries(in: start..<end)
        switch mode {
        case .truncateHead:
            let ellipsis = ellipsisRun(near: end - 1, at: start)
            let room = width - ellipsis.width
            let cut = boundaries.first { breaker.width(of: $0..<end) <= room + 1e-9 } ?? end
            return ([ellipsis.at(cluster: cut)] + breaker.runs(in: cut..<end, shaper: shaper), start)
        case .truncateMiddle:
            let ellipsis = ellipsisRun(near: start, at: start)
            let room = width - ellipsis.width
            let head = boundaries.last { breaker.width(of: start..<$0) <= room / 2 + 1e-9 } ?? start
            let left = room - breaker.width(of: start..<head)
            let tail = boundaries.first { $0 >= head && breaker.width(of: $0..<end) <= left + 1e-9 } ?? end
            return (
                breaker.runs(in: start..<head, shaper: shaper) + [ellipsis.at(cluster: head)]
                    + breaker.runs(in: tail..<end, shaper: shaper), head
            )
        default:
            let ellipsis = ellipsisRun(near: start, at: start)
            let room = width - ellipsis.width
            var cut = boundaries.last { breaker.width(of: start..<$0) <= room + 1e-9 } ?? start
            while cut > start, CharacterClasses.hangsAtLineEnd(breaker.shaped.paragraph.unit(at: cut - 1)) { cut -= 1 }
            let hidden = cut == end && moreTextFollows ? line.utf16Range.upperBound : cut
            return (breaker.runs(in: start..<cut, shaper: shaper) + [ellipsis.at(cluster: cut)], hidden)
        }
    }

    /// Grapheme-cluster boundaries within `range`, both ends included.
    private func graphemeBoundaries(in range: Range<Int>) -> [Int] {
        let all = GraphemeClusters.boundaries(of: breaker.shaped.paragraph.text)
        return [range.lowerBound] + all.filter { $0 > range.lowerBound && $0 < range.upperBound } + [range.upperBound]
    }

    /// The ellipsis in the font of the run holding `offset`.
    private func ellipsisRun(near offset: Int, at cluster: Int) -> GlyphRun {
        let runs = breaker.shaped.runs
        let source = runs.first { $0.utf16Range.contains(offset) } ?? runs.last!
        func shape(_ text: [UInt16]) -> GlyphRun {
            let item = TextItem(utf16Range: 0..<text.count, bidiLevel: baseLevel, script: .common, style: source.style)
            return shaper.shape(
                item, of: text, keepingMonospaceCells: breaker.shaped.paragraph.style.keepsMonospaceCells)
        }
        let ellipsis = shape([0x2026])
        return ellipsis.glyphs.allSatisfy { $0.glyphID != 0 } ? ellipsis : shape([0x2E, 0x2E, 0x2E])
    }
}

extension GlyphRun {
    /// The run moved to claim no characters, its glyphs' clusters at `cluster`: an inserted ellipsis.
    func at(cluster: Int) -> GlyphRun {
        var moved = cut(to: cluster..<cluster)
        for index in moved.glyphs.indices { moved.glyphs[index].cluster = cluster }
        return moved
    }
}

@_spi(Stages) import GalleyText

/// Punctuation hanging past a line's edges (``ParagraphStyle/hangingPunctuation``): which mark may hang at an edge,
/// and how far.
extension LineBreaker {
    /// The mark before `contentEnd` that may hang past a line's end there, by the paragraph's
    /// ``ParagraphStyle/hangingPunctuation``: its advance (0 for none), and whether it always hangs.
    @inline(never)  // out of lineEnd, which every candidate line asks and which inlines while it is small
    func hang(at contentEnd: Int, showsHyphen: Bool, paragraphEnds: Bool) -> (width: Double, always: Bool) {
        guard contentEnd > 0, !showsHyphen else { return (0, false) }
        let unit = units[units.startIndex + contentEnd - 1]
        if hanging.end != .none, ParagraphStyle.HangingPunctuation.isStopOrComma(unit) {
            return (advance(before: contentEnd), hanging.end == .force)
        }
        if hanging.last, paragraphEnds {
            let width = hangingMark(before: contentEnd, opening: false)
            return (width, width != 0)
        }
        return (0, false)
    }

    /// The advance of the character before `offset` when it is a bracket or quotation mark that hangs, opening
    /// or closing as asked; 0 otherwise.
    func hangingMark(before offset: Int, opening: Bool) -> Double {
        guard offset > 0, offset <= length else { return 0 }
        let unit = UInt32(units[units.startIndex + offset - 1])
        guard ParagraphStyle.HangingPunctuation.isQuoteOrBracket(unit, opening: opening) else { return 0 }
        return advance(before: offset)
    }

    /// The advance of the character (one UTF-16 unit) before `offset`, in points.
    func advance(before offset: Int) -> Double { prefixWidths[offset] - prefixWidths[offset - 1] }
}

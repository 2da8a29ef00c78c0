@_spi(Stages) import GalleyText

/// Space inside the ends of a stretch of text, as CSS's `padding-inline` on an inline box (GitHub pads inline code
/// 0.2 em each side): ``TextAttributes/inlinePadding`` ems before its first character and after its last, part of
/// those characters' advances, so their background covers it and lines are measured with it.
struct InlinePadding {
    /// The padded stretches: each a maximal range (UTF-16 offsets from the paragraph's start) of characters with
    /// one positive padding, and that padding in ems.
    let spans: [(range: Range<Int>, ems: Double)]

    /// The padded stretches of `paragraph`.
    init(of paragraph: borrowing Paragraph) {
        var spans: [(range: Range<Int>, ems: Double)] = []
        for run in paragraph.attributeRuns {
            guard let ems = run.attributes.inlinePadding, ems > 0, ems.isFinite else { continue }
            if let last = spans.last, last.ems == ems, last.range.upperBound == run.utf16Range.lowerBound {
                spans[spans.count - 1].range = last.range.lowerBound..<run.utf16Range.upperBound
            } else {
                spans.append((run.utf16Range, min(ems, Self.limit)))
            }
        }
        self.spans = spans
    }

    /// The most padding a side may have, in ems.
    static var limit: Double { TextAttributes.inlinePaddingLimit }

    /// Whether nothing in the paragraph is padded.
    var isEmpty: Bool { spans.isEmpty }

    /// Adds the padding of every stretch that starts or ends inside `range` to `glyphs`, the glyphs of `range`
    /// (clusters as paragraph offsets, in visual order: reversed when `rightToLeft`) at `size` points per em: a
    /// stretch's first cluster widens on its logical start side (its glyphs moved over, left to right), its last
    /// on its end side.
    func apply(to glyphs: inout [ShapedGlyph], range: Range<Int>, size: Double, rightToLeft: Bool) {
        for span in spans where span.range.overlaps(range) {
            let pad = span.ems * size
            if range.contains(span.range.lowerBound),
                let first = glyphs.indices.first(where: {
                    glyphs[$0].cluster == span.range.lowerBound
                })
            {
                widen(&glyphs, cluster: glyphs[first].cluster, by: pad, movingGlyphs: !rightToLeft)
            }
            if range.contains(span.range.upperBound - 1),
                let last = glyphs.map(\.cluster).filter({ $0 < span.range.upperBound }).max()
            {
                widen(&glyphs, cluster: last, by: pad, movingGlyphs: rightToLeft)
            }
        }
    }

    /// Adds `pad` points to the advance of the cluster's last glyph (in visual order), moving all its glyphs right
    /// by as much when `movingGlyphs` (the padding on its left).
    private func widen(_ glyphs: inout [ShapedGlyph], cluster: Int, by pad: Double, movingGlyphs: Bool) {
        let members = glyphs.indices.filter { glyphs[$0].cluster == cluster }
        guard let last = members.last else { return }
        glyphs[last].advance += pad
        if movingGlyphs { for index in members { glyphs[index].xOffset += pad } }
    }
}

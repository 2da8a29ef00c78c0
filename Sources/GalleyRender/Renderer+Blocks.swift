import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws the rules of the text blocks (``TextBlock``, a quotation's) in container `containerIndex`: for each
    /// run of consecutive lines in one block, a rule of the block's width and colour standing its offset before the
    /// start of the run's least indented line (mirrored for right-to-left lines), from the first line's top to the
    /// last one's bottom, so the spacing between the block's paragraphs is crossed. In line coordinates: in
    /// vertical text the rule runs across the columns at their start, as CSS's `border-inline-start`.
    func drawBlockRules(_ layout: TextLayout, on canvas: inout some DrawingTarget, containerIndex: Int) {
        var open: [BlockRun] = []
        for fragment in layout.lineFragments where fragment.containerIndex == containerIndex {
            let blocks = fragment.paint?.blocks ?? []
            for run in open where !blocks.contains(run.block) { run.draw(on: &canvas) }
            open.removeAll { !blocks.contains($0.block) }
            for block in blocks {
                if let index = open.firstIndex(where: { $0.block === block }) {
                    open[index].extend(over: fragment)
                } else {
                    open.append(BlockRun(block: block, fragment: fragment))
                }
            }
        }
        for run in open { run.draw(on: &canvas) }
    }
}

/// Consecutive lines of one text block: the block, how far they reach down, and the start edge of the least
/// indented one.
private struct BlockRun {
    let block: TextBlock
    let rightToLeft: Bool
    var top: Double, bottom: Double
    var edge: Double

    /// The run of `block` that `fragment` starts.
    init(block: TextBlock, fragment: LineFragment) {
        self.block = block
        rightToLeft = fragment.isRightToLeft
        (top, bottom) = (fragment.rect.minY, fragment.rect.maxY)
        edge = rightToLeft ? fragment.rect.maxX : fragment.rect.minX
    }

    /// The run with `fragment`, the next line of the block, in it.
    mutating func extend(over fragment: LineFragment) {
        bottom = max(bottom, fragment.rect.maxY)
        edge = rightToLeft ? max(edge, fragment.rect.maxX) : min(edge, fragment.rect.minX)
    }

    /// Draws the run's rule.
    func draw(on canvas: inout some DrawingTarget) {
        let x = rightToLeft ? edge + block.ruleOffset : edge - block.ruleOffset - block.ruleWidth
        canvas.fill(.rect(Rect(x: x, y: top, width: block.ruleWidth, height: bottom - top)), color: block.ruleColor)
    }
}

extension LineBreaker {
    /// The advance of each tab character in `line` (UTF-16 offsets from the paragraph's start), in logical order,
    /// for a line starting at ``tabOrigin``: the distance from the pen to where the paragraph style's next stop
    /// puts the text after the tab (up to the next tab or the line's end, trailing white space not counted).
    /// Never negative: text too wide for a right, centre or decimal stop follows the tab directly.
    func tabAdvances(inLine line: Range<Int>) -> [(offset: Int, advance: Double)] {
        // The first tab in the line, by bisection: a paragraph of a million tabs has as many lines.
        var first = 0, upper = tabOffsets.count
        while first < upper {
            let middle = (first + upper) / 2
            if tabOffsets[middle] < line.lowerBound { first = middle + 1 } else { upper = middle }
        }
        guard first < tabOffsets.endIndex, tabOffsets[first] < line.upperBound else { return [] }
        let style = shaped.paragraph.style
        let text = shaped.paragraph.text
        let contentEnd = contentEnd(of: line)
        let defaults = defaultTabStops
        var result: [(offset: Int, advance: Double)] = []
        var pen = tabOrigin
        var position = line.lowerBound
        var index = first
        while index < tabOffsets.endIndex, tabOffsets[index] < line.upperBound {
            let tab = tabOffsets[index]
            pen += prefixWidths[tab] - prefixWidths[position]
            let end = max(tab + 1, contentEnd)
            let next = index + 1 < tabOffsets.endIndex ? min(tabOffsets[index + 1], end) : end
            let following = prefixWidths[next] - prefixWidths[tab + 1]
            let stop = style.nextTabStop(after: pen, defaults: defaults)
            let lead: Double
            switch stop.alignment {
            case .left: lead = 0
            case .right: lead = following
            case .center: lead = following / 2
            case .decimal:
                let point = (tab + 1..<next).first { text[text.startIndex + $0] == 0x2E } ?? next
                lead = prefixWidths[point] - prefixWidths[tab + 1]
            }
            let advance = max(0, stop.location - lead - pen)
            result.append((tab, advance))
            pen += advance
            position = tab + 1
            index += 1
        }
        return result
    }

    /// The paragraph's default tab stops (``ParagraphStyle/defaultTabStops(space:)``) with the space of its first
    /// font, as CSS's `tab-size` counts spaces of the element's first font.
    var defaultTabStops: DefaultTabStops {
        let font = shaped.runs.first?.style.primaryFont
        let space = font.flatMap { font in font.glyph(for: " ").map { font.advance(of: $0) } } ?? 0
        return shaped.paragraph.style.defaultTabStops(space: space)
    }

    /// `runs` (the glyph runs of `line`, in logical order) with each tab's glyph given its advance.
    func settingTabAdvances(_ runs: [GlyphRun], inLine line: Range<Int>) -> [GlyphRun] {
        let advances = tabAdvances(inLine: line)
        guard !advances.isEmpty else { return runs }
        var runs = runs
        for (offset, advance) in advances {
            guard let runIndex = runs.firstIndex(where: { $0.utf16Range.contains(offset) }),
                let glyphIndex = runs[runIndex].glyphs.firstIndex(where: { $0.cluster == offset })
            else { continue }
            runs[runIndex].glyphs[glyphIndex].advance = advance
        }
        return runs
    }
}

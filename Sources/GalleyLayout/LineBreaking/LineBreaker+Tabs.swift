@_spi(Stages) import GalleyText

extension LineBreaker {
    /// The advance of each tab character in `line` (UTF-16 offsets from the paragraph's start), in logical order,
    /// for a line starting at ``tabOrigin``: the distance from the pen to where the paragraph style's next stop
    /// puts the text after the tab (up to the next tab or the line's end, trailing white space not counted).
    /// Never negative: text too wide for a right, centre or decimal stop follows the tab directly.
    func tabAdvances(inLine line: Range<Int>) -> [(offset: Int, advance: Double)] {
        let contentEnd = contentEnd(of: line)
        let defaults = defaultTabStops
        var result: [(offset: Int, advance: Double)] = []
        var pen = tabOrigin
        var position = line.lowerBound
        var index = firstTab(from: line.lowerBound)
        while index < tabOffsets.endIndex, tabOffsets[index] < line.upperBound {
            let tab = tabOffsets[index]
            pen += prefixWidths[tab] - prefixWidths[position]
            let advance = tabAdvance(at: index, pen: pen, contentEnd: contentEnd, defaults: defaults)
            result.append((tab, advance))
            pen += advance
            position = tab + 1
            index += 1
        }
        return result
    }

    /// The index in ``tabOffsets`` of the first tab at or after `offset`, by bisection: a paragraph of a million
    /// tabs has as many lines.
    private func firstTab(from offset: Int) -> Int {
        tabOffsets.partitioningIndex { $0 >= offset }
    }

    /// The advance of tab `index` (in ``tabOffsets``) with the pen at `pen` points before it, in a line whose
    /// content ends at `contentEnd`: the distance to where its stop puts the text after it (up to the next tab or
    /// the content's end). Never negative.
    private func tabAdvance(at index: Int, pen: Double, contentEnd: Int, defaults: DefaultTabStops) -> Double {
        let tab = tabOffsets[index]
        let text = shaped.paragraph.text
        let end = max(tab + 1, contentEnd)
        let next = index + 1 < tabOffsets.endIndex ? min(tabOffsets[index + 1], end) : end
        let following = prefixWidths[next] - prefixWidths[tab + 1]
        let stop = shaped.paragraph.style.nextTabStop(after: pen, defaults: defaults)
        let lead: Double
        switch stop.alignment {
        case .left: lead = 0
        case .right: lead = following
        case .center: lead = following / 2
        case .decimal:
            let point = (tab + 1..<next).first { text[text.startIndex + $0] == 0x2E } ?? next
            lead = prefixWidths[point] - prefixWidths[tab + 1]
        }
        return max(0, stop.location - lead - pen)
    }

    /// The paragraph's default tab stops (``ParagraphStyle/defaultTabStops(space:)``) with the space of its first
    /// font, as CSS's `tab-size` counts spaces of the element's first font.
    var defaultTabStops: DefaultTabStops {
        let font = shaped.runs.first?.style.primaryFont
        let space = font.flatMap { font in font.glyph(for: " ").map { font.advance(of: $0) } } ?? 0
        return shaped.paragraph.style.defaultTabStops(space: space)
    }

    /// The advances of the tabs of `line` before `contentEnd`, summed: ``tabAdvances(inLine:)`` for a line
    /// measured as one of a series from the same start, reusing `walk`'s tabs. A tab's advance is final once the
    /// next tab is inside the content (it depends only on the pen before it and the text up to that tab), so a
    /// series of growing candidate ends adds each tab once; an end short of the walk's final tabs starts it over.
    func tabsWidth(inLine line: Range<Int>, contentEnd: Int, walk: inout TabWalk?) -> Double {
        if let known = walk,
            known.start != line.lowerBound || known.origin != tabOrigin
                || (known.count > 0
                    && !(known.first + known.count < tabOffsets.count
                        && tabOffsets[known.first + known.count] < contentEnd))
        {
            walk = nil
        }
        if walk == nil {
            walk = TabWalk(
                start: line.lowerBound, origin: tabOrigin, first: firstTab(from: line.lowerBound),
                defaults: defaultTabStops, pen: tabOrigin, position: line.lowerBound)
        }
        let defaults = walk!.defaults
        var extra = 0.0
        var index = walk!.first + walk!.count
        var pen = walk!.pen, position = walk!.position
        while index < tabOffsets.count, tabOffsets[index] < contentEnd {
            let tab = tabOffsets[index]
            pen += prefixWidths[tab] - prefixWidths[position]
            let advance = tabAdvance(at: index, pen: pen, contentEnd: contentEnd, defaults: defaults)
            pen += advance
            position = tab + 1
            if index + 1 < tabOffsets.count && tabOffsets[index + 1] < contentEnd {
                // The next tab is inside the content: this one's advance is final for every longer line.
                walk!.count += 1
                walk!.sum += advance
                walk!.pen = pen
                walk!.position = position
            } else {
                extra += advance
            }
            index += 1
        }
        return walk!.sum + extra
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

/// The tabs of a line already measured in a series of candidate ends from one start
/// (`LineBreaker/tabsWidth(inLine:contentEnd:walk:)`).
struct TabWalk {
    /// The line's start (a UTF-16 offset) and the tab origin it was measured from.
    let start: Int
    let origin: Double
    /// The index in the paragraph's tabs of the line's first tab.
    let first: Int
    /// The paragraph's default stops, found once for the series.
    let defaults: DefaultTabStops
    /// How many of the line's tabs from `first` have final advances, and their sum in points.
    var count = 0
    var sum = 0.0
    /// The pen after the last final tab, in points from the origin, and the offset after that tab.
    var pen: Double
    var position: Int
}

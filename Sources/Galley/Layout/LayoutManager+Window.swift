extension LayoutManager {
    /// Whether paragraphs are laid out one at a time and kept: one container of unbounded height, without exclusion
    /// paths or a line limit, where a paragraph's lines do not depend on where it sits. Then an edit re-breaks only
    /// the paragraphs it touches, and window queries lay out only as far as they reach.
    public var layoutIsIncremental: Bool {
        guard textContainers.count == 1, let container = textContainers.first else { return false }
        return container.isHeightUnbounded && container.exclusionPaths.isEmpty && container.maximumNumberOfLines == 0
    }

    /// The line fragments of container 0 whose bands meet `rect` (points, container coordinates), in layout order.
    ///
    /// In an incremental layout (``layoutIsIncremental``) only the paragraphs down to `rect.maxY` are laid out, and
    /// those unchanged since the last query are reused; otherwise this filters ``layout()``.
    public func lineFragments(intersecting rect: Rect) throws -> [LineFragment] {
        guard layoutIsIncremental else {
            return try layout().lineFragments.filter {
                $0.containerIndex == 0 && $0.rect.maxY >= rect.minY && $0.rect.minY <= rect.maxY
            }
        }
        var result: [LineFragment] = []
        try walkParagraphs { index, start, y, local in
            guard y <= rect.maxY else { return false }
            if y + local.height >= rect.minY {
                for fragment in local.fragments {
                    let moved = fragment.offset(y: y, characters: start, paragraphIndex: index)
                    if moved.rect.maxY >= rect.minY && moved.rect.minY <= rect.maxY { result.append(moved) }
                }
            }
            return true
        }
        return result
    }

    /// The fragment holding the character at UTF-16 offset `index` (the last fragment for the text's end), laying
    /// out an incremental layout only as far as that character's paragraph.
    public func lineFragment(forCharacterAt characterIndex: Int) throws -> LineFragment? {
        guard layoutIsIncremental else { return try layout().lineFragment(forCharacterAt: characterIndex) }
        var found: LineFragment?
        try walkParagraphs { index, start, y, local in
            let length = paragraphCache.lengths[index]
            guard characterIndex < start + length || index == paragraphCache.entries.count - 1 else { return true }
            let moved = local.fragments.map { $0.offset(y: y, characters: start, paragraphIndex: index) }
            found = moved.first { $0.characterRange.contains(characterIndex) } ?? moved.last
            return false
        }
        return found
    }

    /// Visits paragraphs from the top with their first offset, top y and local layout until `visit` returns false.
    private func walkParagraphs(
        _ visit: (_ index: Int, _ start: Int, _ y: Double, _ local: (fragments: [LineFragment], height: Double)) throws
            -> Bool
    ) throws {
        guard let container = textContainers.first else { throw LayoutError.noTextContainer }
        try container.validate()
        loadParagraphs()
        let snapshot = ContainerSnapshot(container)
        if paragraphCache.localLayoutContainer != snapshot {
            paragraphCache.dropLocalLayouts()
            paragraphCache.localLayoutContainer = snapshot
        }
        var y = 0.0, start = 0
        for index in paragraphCache.entries.indices {
            let local = try localLayout(at: index)
            guard try visit(index, start, y, local) else { return }
            y += local.height
            start += paragraphCache.lengths[index]
        }
    }

    /// The paragraph at `index` laid out alone from y = 0 and character 0, kept until it or the container changes.
    private func localLayout(at index: Int) throws -> (fragments: [LineFragment], height: Double) {
        if let local = paragraphCache.entries[index].local { return local }
        let shaped = try shapedParagraph(at: index).relocated(to: 0)
        var typesetter = Typesetter(
            containers: textContainers, shaper: shaper, fontLibrary: fontLibrary, settings: settings,
            continuing: index > 0)
        try typesetter.place(paragraph: shaped, index: 0, isLast: index == paragraphCache.entries.count - 1)
        let local = (typesetter.finish(textLength: shaped.paragraph.length).lineFragments, typesetter.currentY)
        paragraphCache.setLocal(local, at: index)
        return local
    }
}

extension LineFragment {
    /// The fragment moved down by `y` points and along by `characters` UTF-16 offsets, in paragraph `paragraphIndex`.
    func offset(y: Double, characters: Int, paragraphIndex: Int) -> LineFragment {
        func move(_ rect: Rect) -> Rect { Rect(x: rect.minX, y: rect.minY + y, width: rect.width, height: rect.height) }
        func shift(_ range: Range<Int>) -> Range<Int> {
            (range.lowerBound + characters)..<(range.upperBound + characters)
        }
        return LineFragment(
            containerIndex: containerIndex, rect: move(rect), usedRect: move(usedRect), baselineY: baselineY + y,
            characterRange: shift(characterRange),
            runs: runs.map {
                PositionedRun(
                    glyphRun: $0.glyphRun, origin: Point(x: $0.origin.x, y: $0.origin.y + y),
                    characterRange: shift($0.characterRange))
            },
            paragraphIndex: paragraphIndex, paragraphStart: paragraphStart + characters, isTruncated: isTruncated,
            clipsToRect: clipsToRect, isRightToLeft: isRightToLeft)
    }
}

@_spi(Stages) import GalleyText

extension LayoutManager {
    /// Whether a paragraph's lines do not depend on where it sits: one container of unbounded height, without
    /// exclusion paths or a line limit. Then window queries lay out only as far as they reach, and after an edit the
    /// paragraphs below it are moved, not placed again. (In any containers, an edit places again only its
    /// paragraphs and those the text reaches elsewhere than before.)
    public var layoutIsIncremental: Bool { ContainerBands.isTranslationInvariant(textContainers) }

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
        try prepareWindow()
        var index = try firstParagraph { $0.top + $0.height >= rect.minY }
        while let current = index {
            let (start, y, record) = try placedParagraph(current)
            guard y <= rect.maxY else { break }
            for moved in record.fragments(at: y, storageStart: start, index: current)
            where moved.rect.maxY >= rect.minY && moved.rect.minY <= rect.maxY {
                result.append(moved)
            }
            index = current + 1 < paragraphCache.entries.count ? current + 1 : nil
        }
        return result
    }

    /// The fragment holding the character at UTF-16 offset `index` (the last fragment for the text's end), laying
    /// out an incremental layout only as far as that character's paragraph.
    public func lineFragment(forCharacterAt characterIndex: Int) throws -> LineFragment? {
        guard layoutIsIncremental else { return try layout().lineFragment(forCharacterAt: characterIndex) }
        try prepareWindow()
        let last = paragraphCache.entries.count - 1
        guard
            let index = try firstParagraph(where: { $0.start + $0.length > characterIndex || $0.index == last })
        else { return nil }
        let (start, y, record) = try placedParagraph(index)
        let moved = record.fragments(at: y, storageStart: start, index: index)
        return moved.first { $0.characterRange.contains(characterIndex) } ?? moved.last
    }

    /// Loads the paragraphs and checks the container, dropping placed paragraphs made for other containers.
    private func prepareWindow() throws {
        guard let container = textContainers.first else { throw LayoutError.noTextContainer }
        try container.validate()
        loadParagraphs()
        // An incremental layout is of unbounded height, which holds no vertical text (its height is the columns').
        if let first = paragraphCache.entries.first, first.paragraph.style.writingMode.isVertical {
            throw LayoutError.verticalContainerWithoutHeight
        }
        paragraphCache.keepRecords(for: containerSnapshots)
    }

    /// The first paragraph for which `isWanted` holds (it must hold for every paragraph after one it holds for),
    /// by binary search over the paragraphs already placed, then by placing more; nil when none.
    private func firstParagraph(
        where isWanted: ((index: Int, start: Int, length: Int, top: Double, height: Double)) throws -> Bool
    ) throws -> Int? {
        let count = paragraphCache.entries.count
        func probe(_ index: Int) throws -> Bool {
            let (start, top, record) = try placedParagraph(index)
            return try isWanted((index, start, paragraphCache.lengths[index], top, record.blockSize))
        }
        // The known places first: a binary search among them (their placed paragraphs are kept).
        let high = max(0, paragraphCache.placed.count - 1)
        if high > 0, try probe(high) { return try (0..<high).partitioningIndex(where: probe) }
        var index = high
        while index < count {
            if try probe(index) { return index }
            index += 1
        }
        return nil
    }

    /// Paragraph `index` with its first offset, top y and placed record, placing the paragraphs before it first.
    private func placedParagraph(_ index: Int) throws -> (start: Int, y: Double, record: PlacedParagraph) {
        if paragraphCache.placed.isEmpty { paragraphCache.place(start: 0, top: 0) }
        while paragraphCache.placed.count <= index {
            let previous = paragraphCache.placed.count - 1
            let place = paragraphCache.placed[previous]
            let height = try placedRecord(at: previous).blockSize
            paragraphCache.place(start: place.start + paragraphCache.lengths[previous], top: place.top + height)
        }
        let place = paragraphCache.placed[index]
        return (place.start, place.top, try placedRecord(at: index))
    }

    /// The paragraph at `index` as last placed, by a layout or a window, wherever in the container; placed alone
    /// from y = 0 and character 0 when it has no record that holds there.
    private func placedRecord(at index: Int) throws -> PlacedParagraph {
        let item = listItem(at: index)
        let isLast = index == paragraphCache.entries.count - 1
        let start = BandPosition(containerIndex: 0, blockOffset: 0, bandsInContainer: index > 0 ? 1 : 0)
        let key = PlacedParagraph.Key(start: start, listItem: item, isLast: isLast)
        // An edit elsewhere in a list renumbers its items and may widen its column: a record made for another place
        // in the list is made again.
        if let record = paragraphCache.entries[index].placed, record.isReusable(at: key, anywhereInContainer: true) {
            return record
        }
        let shaped = try shapedParagraph(at: index).relocated(to: 0)
        var typesetter = Typesetter<LaidOutLines>(
            containers: textContainers, shaper: shaper, fontLibrary: fontLibrary, settings: settings,
            continuing: index > 0, markerShapes: markerShapes)
        try typesetter.place(paragraph: shaped, index: 0, isLast: isLast, listItem: item) {
            try lineBreaker(for: shaped)
        }
        let record = PlacedParagraph(
            key: key, end: typesetter.bands.position, storageStart: 0,
            length: shaped.paragraph.length + shaped.paragraph.terminatorLength,
            fragments: typesetter.finish(textLength: shaped.paragraph.length).lineFragments,
            borrowsAnnotationSpace: typesetter.firstLineBorrowsAnnotationSpace)
        paragraphCache.setPlaced(record, at: index)
        return record
    }
}

extension LineFragment {
    /// The fragment moved down by `y` points and along by `characters` UTF-16 offsets, in paragraph `paragraphIndex`
    /// (and into container `containerIndex` when given).
    func offset(y: Double, characters: Int, paragraphIndex: Int, containerIndex: Int? = nil) -> LineFragment {
        func move(_ rect: Rect) -> Rect { Rect(x: rect.minX, y: rect.minY + y, width: rect.width, height: rect.height) }
        func shift(_ range: Range<Int>) -> Range<Int> {
            (range.lowerBound + characters)..<(range.upperBound + characters)
        }
        func move(_ run: PositionedRun) -> PositionedRun { run.offset(y: y, characters: characters) }
        var moved = LineFragment(
            containerIndex: containerIndex ?? self.containerIndex, rect: move(rect), usedRect: move(usedRect),
            baselineY: baselineY + y,
            characterRange: shift(characterRange),
            runs: runs.map(move), paragraphIndex: paragraphIndex, paragraphStart: paragraphStart + characters,
            isTruncated: isTruncated, clipsToRect: clipsToRect, isRightToLeft: isRightToLeft,
            listMarker: listMarker?.offset(y: y), continuesSourceLine: continuesSourceLine, paint: paint)
        moved.emphasisMarks = emphasisMarks.map(move)
        moved.rubyAnnotations = rubyAnnotations.map(move)
        return moved
    }
}

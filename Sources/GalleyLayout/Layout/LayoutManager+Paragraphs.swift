@_spi(Stages) import GalleyText

extension LayoutManager {
    /// Follows an edit of the storage: the paragraphs in the edited range are read again; those whose shaping
    /// did not change keep their glyphs (a colour change never re-shapes); the others are shaped again when next
    /// needed. Paragraphs outside the range keep everything.
    func storageEdited(_ edit: TextEdit) {
        // The layout goes; the paragraphs the edit leaves keep their places, which the next layout takes.
        forgetLayout()
        listNumberingAfter.removeAll()
        let old = edit.rangeBeforeEdit
        guard paragraphCache.isLoaded else {
            return partlyLoadedStorageEdited(changing: old)
        }
        let starts = paragraphCache.starts
        guard let first = starts.firstIndex(of: old.lowerBound) else { return paragraphCache.invalidateAll() }
        var last = first
        var covered = old.lowerBound
        let lengths = paragraphCache.lengths
        while last < lengths.count, covered < old.upperBound {
            covered += lengths[last]
            last += 1
        }
        // An edit at the very end also replaces the empty last paragraph.
        if last == lengths.count - 1, old.upperBound == starts.last, lengths[last] == 0 {
            last += 1
        }
        if last == first, first < paragraphCache.entries.count { last = first + 1 }
        guard covered >= old.upperBound || old.isEmpty else { return paragraphCache.invalidateAll() }
        let replacedLength = lengths[first..<last].reduce(0, +)
        let newRange =
            edit.editedRange.lowerBound..<(edit.editedRange.lowerBound + replacedLength + edit.changeInLength)
        guard newRange.upperBound <= textStorage.length, newRange.lowerBound <= newRange.upperBound else {
            return paragraphCache.invalidateAll()
        }
        let oldEntries = Array(paragraphCache.entries[first..<last])
        let paragraphs = textStorage.paragraphs(in: newRange)
        let entries = paragraphs.enumerated().map { index, paragraph -> ParagraphCache.Entry in
            var entry = ParagraphCache.Entry(paragraph: paragraph)
            // An attribute-only edit keeps the glyphs of paragraphs that still shape the same.
            if !edit.kind.contains(.characters), index < oldEntries.count, let shaped = oldEntries[index].shaped,
                oldEntries[index].paragraph.shapingSignature == paragraph.shapingSignature
            {
                entry.shaped = ShapedParagraph(
                    paragraph: paragraph, bidi: shaped.bidi, runs: shaped.runs, spacing: shaped.spacing,
                    rubies: shaped.rubies)
            }
            return entry
        }
        paragraphCache.replace(first..<last, with: entries)
        if paragraphCache.totalLength != textStorage.length { paragraphCache.invalidateAll() }
    }

    /// Follows an edit of a storage whose first paragraphs alone are loaded: the loaded ones before the edit are
    /// kept, the rest dropped (read again when a layout reaches them).
    private func partlyLoadedStorageEdited(changing old: Range<Int>) {
        let lengths = paragraphCache.lengths
        guard old.lowerBound <= paragraphCache.loadedLength, !lengths.isEmpty else { return }
        var start = 0, holding = 0
        while holding < lengths.count - 1, start + lengths[holding] <= old.lowerBound {
            start += lengths[holding]
            holding += 1
        }
        // The one before goes too: a line feed inserted after its carriage return joins them into one terminator.
        paragraphCache.replace(max(0, holding - 1)..<lengths.count, with: [])
    }

    /// Loads the whole paragraph list from the storage when the cache does not describe it.
    func loadParagraphs() {
        while loadMoreParagraphs() {}
    }

    /// Loads paragraphs from the storage until entry `index` exists or all are loaded; whether it exists.
    func loadParagraphs(through index: Int) -> Bool {
        while paragraphCache.entries.count <= index, loadMoreParagraphs() {}
        return index < paragraphCache.entries.count
    }

    /// The most paragraphs loaded at once: a layout that stops early (a full container, a line limit, a text
    /// too tall to draw) never holds the paragraphs it did not reach, so memory follows what is laid out, not
    /// the text's length.
    static let paragraphLoadBatch = 4_096

    /// Loads the next ``paragraphLoadBatch`` paragraphs (or the rest); false when all were loaded already.
    private func loadMoreParagraphs() -> Bool {
        guard !paragraphCache.isLoaded else { return false }
        let (paragraphs, end) = textStorage.paragraphs(
            from: paragraphCache.loadedLength, limit: Self.paragraphLoadBatch)
        paragraphCache.replace(
            paragraphCache.entries.count..<paragraphCache.entries.count,
            with: paragraphs.map { ParagraphCache.Entry(paragraph: $0) })
        if end == textStorage.length { paragraphCache.isLoaded = true }
        return true
    }

    /// The paragraph at `index`, shaped (from the cache, or now).
    func shapedParagraph(at index: Int) throws -> ShapedParagraph {
        _ = loadParagraphs(through: index)
        if let shaped = paragraphCache.entries[index].shaped { return shaped }
        let shaped = try shaper.shape(
            paragraphCache.entries[index].paragraph, itemizer: Itemizer(fontLibrary: fontLibrary, settings: settings),
            limits: limits)
        probe?(.shapedParagraph)
        paragraphCache.setShaped(shaped, at: index)
        return shaped
    }

    /// Shapes the unshaped paragraphs from `first` on, up to ``shapeAheadWindow`` UTF-16 units of them, on every
    /// usable processor, before the typesetter places them one by one; when they hold text enough to share
    /// (``shapeAheadLength`` units in two paragraphs or more). A paragraph shapes the same on any thread: each
    /// thread has its own shaper and itemizer, and words come from the one locked cache. The window bounds the
    /// work wasted when the typesetter stops early (full containers, a line limit, a text too tall to draw); a
    /// paragraph that fails here is shaped again in order, so the error thrown is the first paragraph's.
    ///
    /// Returns the index past the window, where the typesetter asks again.
    func shapeAhead(from first: Int) -> Int {
        var pending: [Int] = [], length = 0, end = first
        while end < paragraphCache.entries.count, length < Self.shapeAheadWindow {
            if paragraphCache.entries[end].shaped == nil {
                pending.append(end)
                length += paragraphCache.entries[end].paragraph.length
            }
            end += 1
        }
        let paragraphs = pending.map { paragraphCache.entries[$0].paragraph }
        let workers = min(Processors.usable, paragraphs.count)
        guard workers > 1, length >= Self.shapeAheadLength else { return end }
        let (fontLibrary, settings, cache, limits) = (fontLibrary, settings, shaper.shapeCache, limits)
        // Never throws: a paragraph that fails is left for the typesetter to shape (and fail) in order.
        let shaped = try? ParallelWork.map(
            count: paragraphs.count, threads: workers,
            makeWorker: { (Shaper(shapeCache: cache), Itemizer(fontLibrary: fontLibrary, settings: settings)) }
        ) { index, worker in try? worker.0.shape(paragraphs[index], itemizer: worker.1, limits: limits) }
        for (position, shaped) in (shaped ?? []).enumerated() {
            if let shaped {
                probe?(.shapedParagraph)
                paragraphCache.setShaped(shaped, at: pending[position])
            }
        }
        return end
    }

    /// The least text (UTF-16 units) shaped on several processors at once: below it, handing paragraphs to
    /// threads costs more than it saves.
    static let shapeAheadLength = 2_000
    /// The most text (UTF-16 units) shaped ahead of the typesetter at once.
    static let shapeAheadWindow = 16_000

    /// The place of paragraph `index` in its lists (nil outside lists), counted from the nearest paragraph before
    /// it whose numbering is known or that is in no list, and remembered for the next question.
    func listItem(at index: Int) -> ListItemPlace? {
        let entries = paragraphCache.entries
        guard !entries[index].paragraph.style.textLists.isEmpty else { return nil }
        var first = index
        while first > 0, listNumberingAfter[first - 1] == nil, !entries[first - 1].paragraph.style.textLists.isEmpty {
            first -= 1
        }
        var numbering = first > 0 ? listNumberingAfter[first - 1] ?? ListNumbering() : ListNumbering()
        let markers = ListMarkers(shaper: shaper, fontLibrary: fontLibrary, settings: settings, shapes: markerShapes)
        var item: ListItemPlace?
        for position in first...index {
            item = numbering.next(entries[position].paragraph.style.textLists) { level in
                markers.column(level: level, from: position) { $0 < entries.count ? entries[$0].paragraph : nil }
            }
            listNumberingAfter[position] = numbering
        }
        return item
    }
}

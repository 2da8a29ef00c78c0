@_spi(Stages) import GalleyText

/// What an editor asks of a layout: hit-testing, carets, selections, word/line/paragraph ranges and caret
/// movement, all on grapheme-cluster boundaries and with affinity.
///
/// Offsets are UTF-16 offsets into the storage; an offset outside `0...length` is clamped to it. Points and rects
/// are in container coordinates (points, y down), in vertical text too: a caret there lies across its column, and
/// up and down move along the column, left and right from column to column (``position(_:moved:goalX:)``). In an
/// incremental layout (``layoutIsIncremental``) the queries lay out and look at only the lines they need.
extension LayoutManager {
    /// The caret position nearest `point` in container `containerIndex`: the nearest line vertically (a point
    /// between lines, in paragraph spacing, above the first or below the last line goes to the nearest), then the
    /// nearest grapheme boundary horizontally. A point right of a wrapped line gives its end with upstream
    /// affinity, distinct from the next line's start.
    ///
    /// - Throws: ``LayoutError/invalidPoint(x:y:)`` for a NaN or infinite point; layout errors.
    public func position(at point: Point, inContainer containerIndex: Int = 0) throws -> TextPosition {
        guard point.x.isFinite, point.y.isFinite else { throw LayoutError.invalidPoint(x: point.x, y: point.y) }
        let point = try writingFrame(inContainer: containerIndex).linePoint(point)
        guard let fragment = try nearestFragment(to: point, inContainer: containerIndex) else { return TextPosition(0) }
        return line(fragment).position(nearestX: point.x)
    }

    /// The caret for `position`, `width` points wide (centred on the caret's x), as tall as its line; at a
    /// direction boundary also the secondary caret. Nil when the position's line is not laid out (it did not fit
    /// the containers).
    public func caret(at position: TextPosition, width: Double = 1) throws -> Caret? {
        guard let line = try line(for: position) else { return nil }
        return Caret(
            line: line, position: TextPosition(clamped(position.offset), affinity: position.affinity), width: width,
            frame: try writingFrame(inContainer: line.fragment.containerIndex))
    }

    /// The rectangles that show `range` selected: per line, the grapheme clusters in the range, adjacent ones merged
    /// (several per line in bidirectional text or beside an exclusion), each as tall as its line, in layout order.
    public func selectionRects(for range: Range<Int>) throws -> [(containerIndex: Int, rect: Rect)] {
        let range = clamped(range.lowerBound)..<clamped(range.upperBound)
        var rects: [(containerIndex: Int, rect: Rect)] = []
        try enumerateLineFragments(in: range) { fragment in
            let frame = try writingFrame(inContainer: fragment.containerIndex)
            rects += line(fragment).selectionRects(for: range).map {
                (fragment.containerIndex, frame.containerRect($0))
            }
            return true
        }
        return rects
    }

    /// Calls `body` with each line fragment holding characters of `range` (or, for an empty range, its caret's
    /// line), in layout order, until it returns false.
    public func enumerateLineFragments(in range: Range<Int>, _ body: (LineFragment) throws -> Bool) throws {
        let range = clamped(range.lowerBound)..<clamped(range.upperBound)
        func wanted(_ fragment: LineFragment) -> Bool {
            fragment.characterRange.overlaps(range)
                || (range.isEmpty && fragment.characterRange.contains(range.lowerBound))
        }
        if layoutIsIncremental {
            guard let first = try lineFragment(forCharacterAt: range.lowerBound),
                let last = try lineFragment(forCharacterAt: max(range.lowerBound, range.upperBound - 1))
            else { return }
            let band = Rect(x: 0, y: first.rect.minY, width: 1, height: max(0, last.rect.maxY - first.rect.minY))
            for fragment in try lineFragments(intersecting: band) where wanted(fragment) {
                guard try body(fragment) else { return }
            }
            if range.isEmpty, range.lowerBound == textStorage.length, !wanted(first) { _ = try body(first) }
            return
        }
        let fragments = try layout().lineFragments
        var index = Self.firstFragment(endingAfter: range.lowerBound, in: fragments)
        var visited = false
        while index < fragments.count, fragments[index].characterRange.lowerBound <= range.upperBound {
            if wanted(fragments[index]) {
                visited = true
                guard try body(fragments[index]) else { return }
            }
            index += 1
        }
        if !visited, let last = fragments.last, range.lowerBound >= last.characterRange.upperBound {
            _ = try body(last)
        }
    }

    /// The word around `offset` (ICU's word boundaries in its paragraph, so Chinese splits into words and a URL's
    /// parts are words): what a double click selects. Between words, the run of spaces or punctuation there.
    public func wordRange(at offset: Int) throws -> Range<Int> {
        let offset = clamped(offset)
        let paragraph = paragraphRange(at: offset, includingTerminator: false)
        guard !paragraph.isEmpty else { return paragraph }
        let text = textStorage.utf16[paragraph]
        let words = try WordBoundaries(text)
        let local = min(offset - paragraph.lowerBound, paragraph.count - 1)
        let segment = words.segments.first { $0.range.contains(local) } ?? words.segments.last!
        return (paragraph.lowerBound + segment.range.lowerBound)..<(paragraph.lowerBound + segment.range.upperBound)
    }

    /// The characters of the line `position` is on, its line break or terminator excluded.
    public func lineRange(for position: TextPosition) throws -> Range<Int> {
        guard let line = try line(for: position) else { return clamped(position.offset)..<clamped(position.offset) }
        return line.start..<line.end
    }

    /// The paragraph holding `offset`, its terminator (LF, CR LF, U+2029…) included: what a triple click selects.
    public func paragraphRange(at offset: Int) -> Range<Int> {
        paragraphRange(at: clamped(offset), includingTerminator: true)
    }

    /// `position` moved by `movement`. Moves from line to line keep a goal x: pass the returned `goalX` to the next
    /// up or down so the caret comes back to its column after a short line; other moves return nil for it. In
    /// vertical text the arrows move as they point on screen: up and down along the column, left and right to the
    /// next or previous column (keeping the goal, a distance down the column).
    public func position(
        _ position: TextPosition, moved movement: CaretMovement, goalX: Double? = nil
    ) throws -> (position: TextPosition, goalX: Double?) {
        var lineMovement = movement
        if !layoutIsIncremental, try layout().writingMode.isVertical {
            let container = try caret(at: position)?.containerIndex ?? 0
            lineMovement = try layout().writingFrame(inContainer: container).lineMovement(movement)
        }
        return try CaretNavigator(manager: self).position(position, moved: lineMovement, goalX: goalX)
    }

    /// How line coordinates lie in container `containerIndex` (``TextLayout/writingFrame(inContainer:)``); the
    /// identity for an incremental layout, which holds horizontal text only, without laying it out.
    func writingFrame(inContainer containerIndex: Int) throws -> WritingFrame {
        layoutIsIncremental ? .horizontal : try layout().writingFrame(inContainer: containerIndex)
    }

    // MARK: Lines

    /// An offset clamped to the text.
    func clamped(_ offset: Int) -> Int { min(max(0, offset), textStorage.length) }

    /// The geometry of `fragment`.
    func line(_ fragment: LineFragment) -> LineGeometry { LineGeometry(fragment) }

    /// The line `position` is on: the line ending at its offset when its affinity is upstream and that line
    /// wraps there (no terminator), else the line holding the offset.
    func line(for position: TextPosition) throws -> LineGeometry? {
        try LineGeometry.line(
            for: TextPosition(clamped(position.offset), affinity: position.affinity),
            fragmentAt: lineFragment(forCharacterAt:))
    }

    /// The line fragment nearest `point`: by vertical distance to its band, then by horizontal distance.
    private func nearestFragment(to point: Point, inContainer containerIndex: Int) throws -> LineFragment? {
        var candidates: [LineFragment]
        if layoutIsIncremental && containerIndex == 0 {
            candidates = try lineFragments(intersecting: Rect(x: point.x, y: point.y, width: 0, height: 0))
            var reach = 64.0
            while candidates.isEmpty {
                candidates = try lineFragments(
                    intersecting: Rect(x: point.x, y: point.y - reach, width: 0, height: 2 * reach))
                if reach > 1e7 { break }
                reach *= 8
            }
            if candidates.isEmpty {
                // Far below the text: its last line.
                if let last = try lineFragment(forCharacterAt: textStorage.length) { candidates = [last] }
            }
        } else {
            candidates = try layout().lineFragments.filter { $0.containerIndex == containerIndex }
        }
        return LineGeometry.nearest(to: point, among: candidates)
    }

    /// The index of the first fragment whose characters end after `offset` (or the last fragment).
    private static func firstFragment(endingAfter offset: Int, in fragments: [LineFragment]) -> Int {
        let index = fragments.partitioningIndex { $0.characterRange.upperBound > offset }
        return min(index, max(0, fragments.count - 1))
    }

    /// The paragraph holding `offset`, from the storage's terminators.
    func paragraphRange(at offset: Int, includingTerminator: Bool) -> Range<Int> {
        let start = textStorage.paragraphStart(at: offset), end = textStorage.paragraphContentEnd(from: offset)
        return start..<(includingTerminator ? end + textStorage.terminatorLength(at: end) : end)
    }
}

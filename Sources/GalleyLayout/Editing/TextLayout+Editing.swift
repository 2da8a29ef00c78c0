@_spi(Stages) import GalleyText

/// What an editor asks of a layout already made: hit-testing, carets and selections, on grapheme-cluster
/// boundaries and with affinity, in container coordinates (points, y down; vertical text turned as
/// ``TextLayout/writingFrame(inContainer:)`` says). A layout is a value that was checked when it was made, so these
/// answer without throwing: an optional where a point or position has no answer. ``LayoutManager``'s methods of the
/// same names ask the same questions of its current layout (laying it out first when needed).
extension TextLayout {
    /// The caret position nearest `point` (container coordinates) in container `containerIndex`: the nearest line
    /// across the lines, then the nearest grapheme boundary along it; a point past a wrapped line's end gives its
    /// end with upstream affinity. A point on a ruby annotation is a point on its base (the annotation may stand in
    /// the room the line before leaves free, inside that line's rectangle). Nil for a point that is not finite or a
    /// container that holds no line.
    public func position(at point: Point, inContainer containerIndex: Int = 0) -> TextPosition? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let frame = writingFrame(inContainer: containerIndex)
        let linePoint = frame.linePoint(point)
        let fragments = lineFragments.lazy.filter { $0.containerIndex == containerIndex }
        for fragment in fragments {
            for annotation in fragment.rubyAnnotations
            where annotation.annotationBox(vertical: frame.isVertical).contains(linePoint) {
                let base = annotation.characterRange
                let position = LineGeometry(fragment).position(nearestX: linePoint.x)
                return TextPosition(min(max(position.offset, base.lowerBound), base.upperBound))
            }
        }
        return LineGeometry.nearest(to: linePoint, among: fragments).map {
            LineGeometry($0).position(nearestX: linePoint.x)
        }
    }

    /// The caret for `position` (its offset clamped to the text laid out), `width` points wide, as tall as its
    /// line (across the column in vertical text); at a direction boundary also the secondary caret. Nil when the
    /// position's line is not laid out.
    public func caret(at position: TextPosition, width: Double = 1) -> Caret? {
        let length = unlaidCharacterRange.upperBound
        let clamped = TextPosition(min(max(0, position.offset), length), affinity: position.affinity)
        guard let line = LineGeometry.line(for: clamped, fragmentAt: lineFragment(forCharacterAt:)) else { return nil }
        return Caret(
            line: line, position: clamped, width: width, frame: writingFrame(inContainer: line.fragment.containerIndex))
    }

    /// The rectangles that show `range` selected: per line, the grapheme clusters in the range, adjacent ones merged,
    /// each as tall as its line, in layout order.
    public func selectionRects(for range: Range<Int>) -> [(containerIndex: Int, rect: Rect)] {
        lineFragments.filter { $0.characterRange.overlaps(range) }.flatMap { fragment in
            let frame = writingFrame(inContainer: fragment.containerIndex)
            return LineGeometry(fragment).selectionRects(for: range).map {
                (fragment.containerIndex, frame.containerRect($0))
            }
        }
    }
}

extension Caret {
    /// The caret of `position` on `line`, `width` points wide and centred on the caret's place, its line's height,
    /// in the container's coordinates (`frame`).
    init(line: LineGeometry, position: TextPosition, width: Double, frame: WritingFrame) {
        let (primary, secondary) = line.caretX(position)
        let rect = line.fragment.rect
        func caretRect(_ x: Double) -> Rect {
            frame.containerRect(Rect(x: x - width / 2, y: rect.minY, width: width, height: rect.height))
        }
        self.init(
            containerIndex: line.fragment.containerIndex, rect: caretRect(primary),
            secondaryRect: secondary.map(caretRect))
    }
}

extension LineGeometry {
    /// The fragment among `fragments` nearest `point` (line coordinates): by distance across the lines to its band,
    /// then along it to its extent; nil when there is none.
    static func nearest(to point: Point, among fragments: some Sequence<LineFragment>) -> LineFragment? {
        func across(_ rect: Rect) -> Double {
            point.y < rect.minY ? rect.minY - point.y : point.y >= rect.maxY ? point.y - rect.maxY : 0
        }
        func along(_ rect: Rect) -> Double {
            point.x < rect.minX ? rect.minX - point.x : point.x > rect.maxX ? point.x - rect.maxX : 0
        }
        return fragments.min { (across($0.rect), along($0.rect)) < (across($1.rect), along($1.rect)) }
    }

    /// The line `position` is on, its fragments found by `fragmentAt` (the fragment holding an offset, or the last
    /// for the text's end): the line ending at its offset when its affinity is upstream and that line wraps there
    /// (no terminator), else the line holding the offset.
    static func line(for position: TextPosition, fragmentAt: (Int) throws -> LineFragment?) rethrows -> LineGeometry? {
        let offset = position.offset
        guard let fragment = try fragmentAt(offset) else { return nil }
        if position.affinity == .upstream, offset == fragment.characterRange.lowerBound, offset > 0,
            let previous = try fragmentAt(offset - 1), previous.characterRange.upperBound == offset
        {
            let geometry = LineGeometry(previous)
            if geometry.end == offset { return geometry }
        }
        return LineGeometry(fragment)
    }
}

extension PositionedRun {
    /// The box a ruby annotation's run covers in line coordinates: its advances along the line, and across it its
    /// font's em box (centred on the run's baseline in a column, where annotations stand upright or turned on it).
    fileprivate func annotationBox(vertical: Bool) -> Rect {
        let font = glyphRun.font
        let (over, under) = vertical ? (font.size / 2, font.size / 2) : (font.emBox.ascent, font.emBox.descent)
        return Rect(x: origin.x, y: origin.y - over, width: width, height: over + under)
    }
}

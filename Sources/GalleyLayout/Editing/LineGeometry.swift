@_spi(Stages) import GalleyText

/// The caret geometry of one line fragment: where each grapheme cluster of the line lies on screen.
///
/// Grapheme clusters are Swift's `Character` segmentation (Unicode's extended grapheme clusters, Indic conjuncts
/// included), the unit an editor must never split. Glyph clusters come from HarfBuzz; a glyph cluster holding
/// several graphemes (a ligature such as `ffi`) is divided evenly among them, as TextKit divides a ligature; a
/// grapheme drawn by several glyph clusters spans them all.
struct LineGeometry {
    /// One grapheme cluster's place on the line.
    struct Box {
        /// Its characters, UTF-16 offsets into the storage.
        let range: Range<Int>
        var minX: Double
        var maxX: Double
        let isRightToLeft: Bool

        /// Where a caret before the cluster (in logical order) stands.
        var leadingX: Double { isRightToLeft ? maxX : minX }
        /// Where a caret after the cluster stands.
        var trailingX: Double { isRightToLeft ? minX : maxX }
    }

    let fragment: LineFragment
    /// The line's grapheme clusters in visual order (left to right), a paragraph terminator or line separator
    /// at its end excluded.
    let boxes: [Box]
    /// The first caret offset on the line.
    let start: Int
    /// The last caret offset on the line: after its last character, before a terminator or line separator.
    let end: Int
    /// The grapheme-cluster boundaries from ``start`` to ``end``, both included, increasing.
    let boundaries: [Int]

    /// The geometry of `fragment`, from its own characters (``LineFragment/caretText``): the same for a
    /// ``TextLayout`` alone as for its layout manager.
    init(_ fragment: LineFragment) {
        self.fragment = fragment
        let range = fragment.characterRange
        start = range.lowerBound
        let text = fragment.caretText
        var end = range.upperBound
        // A line's break (LF, CR, CR LF, U+0085, U+2028, U+2029) holds no caret stop after it on this line.
        let lower = range.lowerBound
        func unit(_ offset: Int) -> UInt16 { text[text.startIndex + (offset - lower)] }
        if end > lower, CharacterClasses.forcesLineBreakAfter(unit(end - 1)) {
            end -= 1
            if end > lower, CharacterClasses.isCRLF(unit(end - 1), unit(end)) { end -= 1 }
        }
        self.end = end
        boundaries = [lower] + GraphemeClusters.boundaries(of: text.prefix(end - lower)).map { $0 + lower }
        boxes = Self.boxes(of: fragment, boundaries: boundaries)
    }

    /// The boxes of the graphemes between `boundaries`, from the fragment's glyph clusters, in visual order.
    private static func boxes(of fragment: LineFragment, boundaries: [Int]) -> [Box] {
        guard boundaries.count > 1 else { return [] }
        var boxes: [Int: Box] = [:]  // by the grapheme's index in `boundaries`
        var order: [Int] = []
        // The glyph clusters' spans; the graphemes starting in a cluster share its advance, and one starting
        // before it takes it whole.
        for span in fragment.characterSpans() {
            guard let first = Self.graphemeIndex(containing: span.range.lowerBound, in: boundaries) else { continue }
            var members = [first]
            while members.last! + 1 < boundaries.count - 1, boundaries[members.last! + 1] < span.range.upperBound {
                members.append(members.last! + 1)
            }
            let share = (span.maxX - span.minX) / Double(members.count)
            for (position, member) in members.enumerated() {
                let part = span.isRightToLeft ? members.count - 1 - position : position
                let low = span.minX + share * Double(part)
                if var box = boxes[member] {
                    box.minX = min(box.minX, low)
                    box.maxX = max(box.maxX, low + share)
                    boxes[member] = box
                } else {
                    boxes[member] = Box(
                        range: boundaries[member]..<boundaries[member + 1], minX: low, maxX: low + share,
                        isRightToLeft: span.isRightToLeft)
                    order.append(member)
                }
            }
        }
        return order.compactMap { boxes[$0] }.sorted { $0.minX < $1.minX || ($0.minX == $1.minX && $0.maxX < $1.maxX) }
    }

    /// The index of the grapheme (between `boundaries[i]` and `boundaries[i + 1]`) holding `offset`.
    private static func graphemeIndex(containing offset: Int, in boundaries: [Int]) -> Int? {
        guard boundaries.count > 1, offset >= boundaries[0], offset < boundaries[boundaries.count - 1] else {
            return nil
        }
        return boundaries.partitioningIndex { $0 > offset } - 1
    }

    /// The nearest grapheme boundary of the line at or before `offset` (clamped to the line).
    func boundary(atOrBefore offset: Int) -> Int {
        boundaries.last { $0 <= offset } ?? start
    }

    /// The box of the grapheme starting at `offset`, and of the one ending there.
    func box(startingAt offset: Int) -> Box? { boxes.first { $0.range.lowerBound == offset } }
    func box(endingAt offset: Int) -> Box? { boxes.first { $0.range.upperBound == offset } }

    /// The x of the caret for `position` on this line, and the x of the secondary caret at a direction boundary.
    func caretX(_ position: TextPosition) -> (primary: Double, secondary: Double?) {
        let after = position.offset < end ? box(startingAt: position.offset) : nil
        let before = position.offset > start ? box(endingAt: position.offset) : nil
        let edge = fragment.isRightToLeft ? fragment.usedRect.maxX : fragment.usedRect.minX
        switch (before, after) {
        case (nil, nil): return (edge, nil)
        case (let box?, nil): return (box.trailingX, nil)
        case (nil, let box?): return (box.leadingX, nil)
        case (let before?, let after?):
            let (primary, other) =
                position.affinity == .upstream ? (before.trailingX, after.leadingX) : (after.leadingX, before.trailingX)
            return (primary, abs(primary - other) > 0.01 ? other : nil)
        }
    }

    /// The caret position nearest `x` on this line.
    func position(nearestX x: Double) -> TextPosition {
        guard !boxes.isEmpty else { return TextPosition(start) }
        var best = boxes[0]
        var bestDistance = Double.infinity
        for box in boxes {
            let distance = x < box.minX ? box.minX - x : x > box.maxX ? x - box.maxX : 0
            if distance < bestDistance {
                best = box
                bestDistance = distance
            }
        }
        let leftHalf = x < (best.minX + best.maxX) / 2
        let before = best.isRightToLeft ? !leftHalf : leftHalf
        return before
            ? TextPosition(best.range.lowerBound, affinity: .downstream)
            : TextPosition(best.range.upperBound, affinity: .upstream)
    }

    /// The caret positions of the line from left to right: the left and right edge of each grapheme in visual
    /// order, each once.
    var visualStops: [TextPosition] {
        guard !boxes.isEmpty else { return [TextPosition(start)] }
        var stops: [TextPosition] = []
        for box in boxes {
            let left =
                box.isRightToLeft
                ? TextPosition(box.range.upperBound, affinity: .upstream)
                : TextPosition(box.range.lowerBound, affinity: .downstream)
            let right =
                box.isRightToLeft
                ? TextPosition(box.range.lowerBound, affinity: .downstream)
                : TextPosition(box.range.upperBound, affinity: .upstream)
            if stops.last?.offset != left.offset { stops.append(left) }
            stops.append(right)
        }
        return stops
    }

    /// The rectangles (points, container coordinates) of the graphemes in `range` on this line, adjacent ones
    /// merged, in visual order.
    func selectionRects(for range: Range<Int>) -> [Rect] {
        var rects: [Rect] = []
        var open: (minX: Double, maxX: Double)?
        let top = fragment.rect.minY, height = fragment.rect.height
        for box in boxes {
            if range.overlaps(box.range) {
                if let current = open, abs(current.maxX - box.minX) < 1e-6 {
                    open = (current.minX, box.maxX)
                } else {
                    if let current = open {
                        rects.append(Rect(x: current.minX, y: top, width: current.maxX - current.minX, height: height))
                    }
                    open = (box.minX, box.maxX)
                }
            }
        }
        if let current = open {
            rects.append(Rect(x: current.minX, y: top, width: current.maxX - current.minX, height: height))
        }
        return rects
    }
}

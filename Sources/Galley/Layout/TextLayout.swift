/// The result of laying out a text storage in its containers: line fragments and the queries TextKit's layout
/// manager answers (used rects, rects of character ranges, hit testing, carets).
///
/// A value: it stays valid after the storage changes, describing the text as it was. All rects are in the
/// coordinates of the fragment's container (points, y down); all indices are UTF-16 offsets into the storage.
public struct TextLayout: Sendable {
    /// Every line fragment, in layout order (container by container, top to bottom, left to right in a band).
    public let lineFragments: [LineFragment]
    /// The characters each container holds, one range per container (empty for a container left unused).
    public let containerCharacterRanges: [Range<Int>]
    /// The characters that did not fit any container, or were cut off by truncation; empty when all fit.
    public let unlaidCharacterRange: Range<Int>

    /// The rectangle the text uses in container `index`: the union of its fragments' used rects.
    public func usedRect(inContainer index: Int = 0) -> Rect {
        lineFragments.filter { $0.containerIndex == index }.reduce(Rect.zero) { $0.union($1.usedRect) }
    }

    /// The number of lines (bands) in container `index`.
    public func lineCount(inContainer index: Int = 0) -> Int {
        Set(lineFragments.filter { $0.containerIndex == index }.map(\.rect.minY)).count
    }

    /// The fragment holding the character at `index`, or the last fragment for the end of the text.
    public func lineFragment(forCharacterAt index: Int) -> LineFragment? {
        lineFragments.first { $0.characterRange.contains(index) }
            ?? lineFragments.last { $0.characterRange.upperBound == index }
    }

    /// The smallest rectangle around the glyphs of the characters in `range`, per container; nil when none of
    /// them is laid out. For a range spanning containers, the rect of the first container holding any.
    public func boundingRect(forCharacterRange range: Range<Int>) -> Rect? {
        var result: Rect?
        var container: Int?
        for fragment in lineFragments
        where fragment.characterRange.overlaps(range)
            || (range.isEmpty && fragment.characterRange.contains(range.lowerBound))
        {
            if let container, container != fragment.containerIndex { break }
            container = fragment.containerIndex
            for span in fragment.characterSpans()
            where range.contains(span.index) || (range.isEmpty && span.index == range.lowerBound) {
                let rect = Rect(
                    x: span.minX, y: fragment.rect.minY, width: span.maxX - span.minX, height: fragment.rect.height)
                result = result.map { $0.union(rect) } ?? rect
            }
        }
        return result
    }

    /// The insertion point nearest `point` in container `containerIndex`: a UTF-16 offset between characters.
    /// Points above the text give 0, points below give the end of the container's text.
    public func characterIndex(at point: Point, inContainer containerIndex: Int = 0) -> Int {
        let fragments = lineFragments.filter { $0.containerIndex == containerIndex }
        guard let first = fragments.first else { return containerCharacterRanges.first?.lowerBound ?? 0 }
        if point.y < first.rect.minY { return first.characterRange.lowerBound }
        let band = fragments.filter { point.y >= $0.rect.minY && point.y < $0.rect.maxY }
        let candidates = band.isEmpty ? fragments.filter { $0.rect.minY == fragments.last!.rect.minY } : band
        let fragment = candidates.min { distance(point.x, $0.rect) < distance(point.x, $1.rect) }!
        if band.isEmpty, point.y >= fragment.rect.maxY { return fragment.endIndexForCaret }
        return fragment.insertionIndex(nearestX: point.x)
    }

    /// A thin rectangle for a caret before the character at `index` (or after the last one), the line's height.
    public func caretRect(at index: Int, width: Double = 1) -> Rect? {
        guard let fragment = lineFragment(forCharacterAt: index) else { return nil }
        let x = fragment.caretX(at: index)
        return Rect(x: x - width / 2, y: fragment.rect.minY, width: width, height: fragment.rect.height)
    }

    private func distance(_ x: Double, _ rect: Rect) -> Double {
        x < rect.minX ? rect.minX - x : x > rect.maxX ? x - rect.maxX : 0
    }
}

extension LineFragment {
    /// One character's horizontal extent on the line (ligature clusters split evenly among their characters).
    struct CharacterSpan {
        let index: Int
        let minX: Double
        let maxX: Double
        let isRightToLeft: Bool
    }

    /// The spans of the line's characters, in visual order.
    func characterSpans() -> [CharacterSpan] {
        var spans: [CharacterSpan] = []
        for run in runs where !run.characterRange.isEmpty {
            let positions = run.glyphPositions
            let glyphs = run.glyphRun.glyphs
            var index = 0
            while index < glyphs.count {
                let cluster = glyphs[index].cluster
                var end = index
                var width = 0.0
                while end < glyphs.count, glyphs[end].cluster == cluster {
                    width += glyphs[end].advance
                    end += 1
                }
                let start = positions[index]
                let clusterStart = paragraphStart + cluster
                let clusterEnd = nextClusterStart(after: cluster, in: run) + paragraphStart
                let count = max(1, clusterEnd - clusterStart)
                for offset in 0..<count {
                    let rtl = run.glyphRun.isRightToLeft
                    let part = rtl ? count - 1 - offset : offset
                    let low = start + width * Double(part) / Double(count)
                    spans.append(
                        CharacterSpan(
                            index: clusterStart + offset, minX: low, maxX: low + width / Double(count),
                            isRightToLeft: rtl))
                }
                index = end
            }
        }
        return spans
    }

    /// The paragraph offset where the cluster after `cluster` starts within the run's characters.
    private func nextClusterStart(after cluster: Int, in run: PositionedRun) -> Int {
        let upper = run.characterRange.upperBound - paragraphStart
        return run.glyphRun.glyphs.lazy.map(\.cluster).filter { $0 > cluster }.min() ?? upper
    }

    /// The x of a caret before the character at `index`, or after the line's last character.
    func caretX(at index: Int) -> Double {
        let spans = characterSpans()
        if let span = spans.first(where: { $0.index == index }) {
            return span.isRightToLeft ? span.maxX : span.minX
        }
        if let last = spans.max(by: { $0.index < $1.index }), index > last.index {
            return last.isRightToLeft ? last.minX : last.maxX
        }
        return isRightToLeft ? usedRect.maxX : usedRect.minX
    }

    /// The insertion point nearest `x` on this line.
    func insertionIndex(nearestX x: Double) -> Int {
        let spans = characterSpans()
        guard !spans.isEmpty else { return characterRange.lowerBound }
        let hit = spans.min { abs(($0.minX + $0.maxX) / 2 - x) < abs(($1.minX + $1.maxX) / 2 - x) }!
        let beforeMiddle = x < (hit.minX + hit.maxX) / 2
        let after = hit.isRightToLeft ? beforeMiddle : !beforeMiddle
        return min(after ? hit.index + 1 : hit.index, Self.endIndex(of: spans) ?? characterRange.lowerBound)
    }

    /// The last caret position on the line: after its last character, before a paragraph terminator.
    var endIndexForCaret: Int { Self.endIndex(of: characterSpans()) ?? characterRange.lowerBound }

    private static func endIndex(of spans: [CharacterSpan]) -> Int? { spans.map { $0.index + 1 }.max() }
}

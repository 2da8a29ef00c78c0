@_spi(Stages) import GalleyText

/// The result of laying out a text storage in its containers: line fragments and the queries TextKit's layout
/// manager answers (used rects, rects of character ranges, hit testing, carets).
///
/// A value: it stays valid after the storage changes, describing the text as it was, and it draws alone (each line
/// carries its characters' paint, ``LineFragment/paint``), so ``Renderer`` needs no storage. All rects and points
/// are in the line coordinates of the fragment's container (points): its own coordinates (y down) for horizontal
/// text, turned for vertical text as ``writingFrame(inContainer:)`` says; all indices are UTF-16 offsets into the
/// storage.
public struct TextLayout: Sendable {
    /// Every line fragment, in layout order (container by container, top to bottom, left to right in a band).
    public let lineFragments: [LineFragment]
    /// The characters each container holds, one range per container (empty for a container left unused).
    public let containerCharacterRanges: [Range<Int>]
    /// The characters that did not fit any container, or were cut off by truncation; empty when all fit.
    public let unlaidCharacterRange: Range<Int>
    /// Where each ``TextTable`` was laid out, in the order the tables come in the text.
    public internal(set) var tableFrames: [TableFrame] = []
    /// The writing mode of the text (its first paragraph's): whether its lines are rows or columns.
    public internal(set) var writingMode = WritingMode.horizontalTB
    /// Each container's width in points when the text was laid out (0: unbounded), for ``writingFrame(inContainer:)``.
    var containerWidths: [Double] = []

    /// How line coordinates lie in container `index`: the identity for horizontal text; for vertical text turned,
    /// columns starting at the container's right edge (`vertical-rl`; at the right of the columns laid out when its
    /// width is unbounded) or left edge (`vertical-lr`).
    public func writingFrame(inContainer index: Int = 0) -> WritingFrame {
        guard writingMode.isVertical else { return .horizontal }
        let width = containerWidths.indices.contains(index) ? containerWidths[index] : 0
        return WritingFrame(
            writingMode: writingMode, width: width > 0 ? width : usedRect(inContainer: index).maxY)
    }

    /// The rectangle the text uses in container `index`: the union of its fragments' used rects and its tables'
    /// frames.
    public func usedRect(inContainer index: Int = 0) -> Rect {
        let lines = lineFragments.filter { $0.containerIndex == index }.reduce(Rect.zero) { $0.union($1.usedRect) }
        return tableFrames.filter { $0.containerIndex == index }.reduce(lines) { $0.union($1.rect) }
    }

    /// The number of lines (bands: fragments side by side at one top) in container `index`.
    public func lineCount(inContainer index: Int = 0) -> Int {
        var starts = LineStarts()
        for fragment in lineFragments where fragment.containerIndex == index {
            starts.add(top: fragment.rect.minY, offset: fragment.characterRange.lowerBound)
        }
        return starts.offsets.count
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
            where range.overlaps(span.range) || (range.isEmpty && span.range.lowerBound == range.lowerBound) {
                let rect = Rect(
                    x: span.minX, y: fragment.rect.minY, width: span.maxX - span.minX, height: fragment.rect.height)
                result = result.map { $0.union(rect) } ?? rect
            }
        }
        return result
    }

    /// The insertion point nearest `point` (container coordinates) in container `containerIndex`: the offset of
    /// ``position(at:inContainer:)``, which also gives the affinity; the container's first offset when that has no
    /// answer (a point that is not finite, a container without lines).
    public func characterIndex(at point: Point, inContainer containerIndex: Int = 0) -> Int {
        position(at: point, inContainer: containerIndex)?.offset
            ?? (containerCharacterRanges.indices.contains(containerIndex)
                ? containerCharacterRanges[containerIndex].lowerBound : 0)
    }
}

extension LineFragment {
    /// One glyph cluster's horizontal extent on the line, and the characters it draws.
    package struct CharacterSpan {
        package let range: Range<Int>
        package let minX: Double
        package let maxX: Double
        let isRightToLeft: Bool
    }

    /// The spans of the line's glyph clusters, in visual order: HarfBuzz keeps a grapheme's characters (a
    /// surrogate pair, an emoji sequence, a base and its marks) in one cluster, so no span starts inside one.
    package func characterSpans() -> [CharacterSpan] {
        var spans: [CharacterSpan] = []
        for run in runs where !run.characterRange.isEmpty {
            let positions = run.glyphPositions
            let glyphs = run.glyphRun.glyphs
            let nextStart = Self.nextClusterStarts(of: glyphs)
            var index = 0
            while index < glyphs.count {
                let cluster = glyphs[index].cluster
                var end = index
                var width = 0.0
                while end < glyphs.count, glyphs[end].cluster == cluster {
                    width += glyphs[end].advance
                    end += 1
                }
                let next = nextStart[cluster].map { $0 + paragraphStart } ?? run.characterRange.upperBound
                let clusterStart = paragraphStart + cluster
                spans.append(
                    CharacterSpan(
                        range: clusterStart..<max(clusterStart + 1, min(next, run.characterRange.upperBound)),
                        minX: positions[index], maxX: positions[index] + width,
                        isRightToLeft: run.glyphRun.isRightToLeft))
                index = end
            }
        }
        return spans
    }

    /// For each cluster of `glyphs` (paragraph offsets), the start of the next cluster in logical order; none for
    /// the last.
    private static func nextClusterStarts(of glyphs: [ShapedGlyph]) -> [Int: Int] {
        let starts = Set(glyphs.map(\.cluster)).sorted()
        var next: [Int: Int] = [:]
        next.reserveCapacity(starts.count)
        for (position, start) in starts.enumerated() where position + 1 < starts.count {
            next[start] = starts[position + 1]
        }
        return next
    }
}

@_spi(Stages) import GalleyText

/// How a caret moves through laid-out text: by grapheme (in logical or visual order), word, line, paragraph and
/// document, and up and down to the nearest position at a goal x. It reads the layout through its manager's
/// queries (lines, fragments, the storage's paragraphs and words) and changes nothing.
struct CaretNavigator {
    let manager: LayoutManager

    private var textStorage: TextStorage { manager.textStorage }

    /// `position` moved by `movement`, and the goal x of a vertical move (see
    /// ``LayoutManager/position(_:moved:goalX:)``).
    func position(
        _ position: TextPosition, moved movement: CaretMovement, goalX: Double? = nil
    ) throws -> (position: TextPosition, goalX: Double?) {
        let position = TextPosition(manager.clamped(position.offset), affinity: position.affinity)
        let length = textStorage.length
        switch movement {
        case .documentStart: return (TextPosition(0), nil)
        case .documentEnd: return (TextPosition(length, affinity: .upstream), nil)
        case .paragraphStart:
            var paragraph = manager.paragraphRange(at: position.offset, includingTerminator: false)
            if position.offset == paragraph.lowerBound, paragraph.lowerBound > 0 {
                paragraph = manager.paragraphRange(at: paragraph.lowerBound - 1, includingTerminator: false)
            }
            return (TextPosition(paragraph.lowerBound), nil)
        case .paragraphEnd:
            var paragraph = manager.paragraphRange(at: position.offset, includingTerminator: false)
            if position.offset == paragraph.upperBound, paragraph.upperBound < length {
                paragraph = manager.paragraphRange(
                    at: manager.paragraphRange(at: position.offset).upperBound, includingTerminator: false)
            }
            return (TextPosition(paragraph.upperBound, affinity: .upstream), nil)
        case .forward: return (try stepLogically(from: position, forward: true), nil)
        case .backward: return (try stepLogically(from: position, forward: false), nil)
        case .right, .left: return (try stepVisually(from: position, right: movement == .right), nil)
        case .wordForward, .wordBackward:
            return (try stepByWord(from: position, forward: movement == .wordForward), nil)
        case .lineStart, .lineEnd:
            guard let line = try manager.line(for: position) else { return (position, nil) }
            return (
                movement == .lineStart
                    ? TextPosition(line.start) : TextPosition(line.end, affinity: .upstream), nil
            )
        case .up, .down:
            return try stepVertically(from: position, down: movement == .down, goalX: goalX)
        }
    }

    /// The next (or previous) grapheme boundary, crossing line and paragraph ends; a paragraph terminator is one
    /// step.
    private func stepLogically(from position: TextPosition, forward: Bool) throws -> TextPosition {
        guard let line = try manager.line(for: position) else { return position }
        let offset = position.offset
        if forward {
            if let next = line.boundaries.first(where: { $0 > offset }) {
                return TextPosition(next, affinity: next == line.end ? .upstream : .downstream)
            }
            // At the line's end: over its terminator to the next line's start, or into the next wrapped line.
            let upper = line.fragment.characterRange.upperBound
            guard upper < textStorage.length || offset < upper else { return TextPosition(offset, affinity: .upstream) }
            if offset < upper { return TextPosition(upper) }
            guard let next = try manager.line(for: TextPosition(upper)) else { return position }
            return TextPosition(next.boundaries.first { $0 > offset } ?? next.end)
        }
        if let previous = line.boundaries.last(where: { $0 < offset }) { return TextPosition(previous) }
        guard line.start > 0 else { return TextPosition(0) }
        guard let previousLine = try manager.line(for: TextPosition(line.start - 1)) else { return position }
        // Back over the previous line's terminator to its end; into a wrapped line, one grapheme before its end.
        if previousLine.end < line.start { return TextPosition(previousLine.end, affinity: .upstream) }
        return TextPosition(previousLine.boundaries.last { $0 < line.start } ?? previousLine.start)
    }

    /// One grapheme to the left or right on screen; past a line's visual edge, to the adjacent line in the
    /// direction of reading.
    private func stepVisually(from position: TextPosition, right: Bool) throws -> TextPosition {
        guard let line = try manager.line(for: position) else { return position }
        let stops = line.visualStops
        let (x, _) = line.caretX(position)
        let current =
            stops.firstIndex(of: position)
            ?? stops.indices.filter { stops[$0].offset == position.offset }.min {
                abs(line.caretX(stops[$0]).primary - x) < abs(line.caretX(stops[$1]).primary - x)
            } ?? 0
        let target = right ? current + 1 : current - 1
        if stops.indices.contains(target) { return stops[target] }
        // Past the edge: reading onward (right in left-to-right lines) goes to the next line.
        let onward = right != line.fragment.isRightToLeft
        return try stepLogically(
            from: onward ? TextPosition(line.end, affinity: .upstream) : TextPosition(line.start), forward: onward)
    }

    /// To the end of the next word (or the start of the previous one), in the paragraph, then across paragraphs.
    private func stepByWord(from position: TextPosition, forward: Bool) throws -> TextPosition {
        let paragraph = manager.paragraphRange(at: position.offset, includingTerminator: false)
        let local = position.offset - paragraph.lowerBound
        let segments = paragraph.isEmpty ? [] : try WordBoundaries(textStorage.utf16[paragraph]).segments
        if forward {
            if let word = segments.first(where: { $0.isWord && $0.range.upperBound > local }) {
                return TextPosition(paragraph.lowerBound + word.range.upperBound, affinity: .upstream)
            }
            guard paragraph.upperBound < textStorage.length else {
                return TextPosition(paragraph.upperBound, affinity: .upstream)
            }
            if local < paragraph.count { return TextPosition(paragraph.upperBound, affinity: .upstream) }
            return try stepByWord(
                from: TextPosition(manager.paragraphRange(at: position.offset).upperBound), forward: true)
        }
        if let word = segments.last(where: { $0.isWord && $0.range.lowerBound < local }) {
            return TextPosition(paragraph.lowerBound + word.range.lowerBound)
        }
        guard paragraph.lowerBound > 0 else { return TextPosition(0) }
        if local > 0 { return TextPosition(paragraph.lowerBound) }
        let previous = manager.paragraphRange(at: paragraph.lowerBound - 1, includingTerminator: false)
        return try stepByWord(from: TextPosition(previous.upperBound, affinity: .upstream), forward: false)
    }

    /// To the line above or below, at `goalX` (else the caret's own x, which becomes the goal).
    private func stepVertically(from position: TextPosition, down: Bool, goalX: Double?) throws -> (
        position: TextPosition, goalX: Double?
    ) {
        guard let line = try manager.line(for: position) else { return (position, goalX) }
        let goal = goalX ?? line.caretX(position).primary
        let fragment = line.fragment
        let neighbour: LineFragment?
        if down {
            let upper = fragment.characterRange.upperBound
            neighbour =
                upper < textStorage.length || upper > line.end ? try manager.lineFragment(forCharacterAt: upper) : nil
        } else {
            neighbour =
                fragment.characterRange.lowerBound > 0
                ? try manager.lineFragment(forCharacterAt: fragment.characterRange.lowerBound - 1) : nil
        }
        guard let neighbour, neighbour.characterRange != fragment.characterRange else {
            return (down ? TextPosition(textStorage.length, affinity: .upstream) : TextPosition(0), goal)
        }
        // Of the fragments sharing the neighbour's band (a line split by an exclusion), the one nearest the goal.
        let band = try bandFragments(of: neighbour)
        let target =
            band.min {
                Self.distance(goal, to: $0.rect) < Self.distance(goal, to: $1.rect)
            } ?? neighbour
        return (manager.line(target).position(nearestX: goal), goal)
    }

    /// The fragments in the same container and band as `fragment`.
    private func bandFragments(of fragment: LineFragment) throws -> [LineFragment] {
        let probe = Rect(x: 0, y: fragment.rect.midY, width: 0, height: 0)
        let fragments =
            manager.layoutIsIncremental
            ? try manager.lineFragments(intersecting: probe)
            : try manager.layout().lineFragments.filter { $0.rect.minY <= probe.minY && $0.rect.maxY > probe.minY }
        return fragments.filter { $0.containerIndex == fragment.containerIndex }
    }

    private static func distance(_ x: Double, to rect: Rect) -> Double {
        x < rect.minX ? rect.minX - x : x > rect.maxX ? x - rect.maxX : 0
    }
}

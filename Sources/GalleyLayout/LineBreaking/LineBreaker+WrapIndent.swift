@_spi(Stages) import GalleyText

extension LineBreaker {
    /// How far a line starting at `start` (UTF-16 offset) is indented as the continuation of the source line it
    /// wraps (``ParagraphStyle/indentsWrappedLines``), in points: that line's leading spaces (a tab as four) and
    /// two more; 0 when `start` begins a source line (the paragraph's start, or just after a forced break).
    func wrapIndent(at start: Int) -> Double {
        let lineStart = mandatoryOffsets.partitioningIndex { $0 > start }
        let sourceStart = lineStart > 0 ? mandatoryOffsets[lineStart - 1] : 0
        guard start > sourceStart else { return 0 }
        var spaces = 2
        var offset = sourceStart
        while offset < start {
            switch units[units.startIndex + offset] {
            case 0x20: spaces += 1
            case 0x09: spaces += 4
            default: return Double(spaces) * wrapSpace
            }
            offset += 1
        }
        return Double(spaces) * wrapSpace
    }

    /// The advance of the first space in `text` from its `prefixWidths` (the widths before each offset); a
    /// quarter of the first character's advance when it has none.
    static func spaceAdvance(in text: ArraySlice<UInt16>, prefixWidths: [Double]) -> Double {
        if let space = text.firstIndex(of: 0x20) {
            let offset = space - text.startIndex
            return prefixWidths[offset + 1] - prefixWidths[offset]
        }
        return prefixWidths.count > 1 ? prefixWidths[1] / 4 : 0
    }
}

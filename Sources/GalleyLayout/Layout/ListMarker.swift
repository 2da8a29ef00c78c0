@_spi(Stages) import GalleyText

/// The marker of a list item, placed beside the first line of its paragraph in the list's indent.
public struct ListMarker: Sendable {
    /// What the marker shows.
    public enum Kind: Hashable, Sendable {
        /// A bullet or a number with its punctuation ("•", "3.", "iv.", "十二、").
        case text(String)
        /// A check box, ticked or not.
        case checkbox(isChecked: Bool)
    }

    /// What the marker shows.
    public let kind: Kind
    /// The item's number in its list (counted for bullets and check boxes too).
    public let itemNumber: Int
    /// How deeply the item is nested: 1 for a top-level list.
    public let level: Int
    /// The marker's box in container coordinates (points): the text's advance and the line's height, or the
    /// check box's square.
    public let frame: Rect
    /// The glyphs of a text marker, in visual order, on the first line's baseline; clusters count UTF-16 offsets
    /// into the marker's own text. Empty for a check box.
    public let runs: [PositionedRun]

    /// The marker moved down by `y` points.
    func offset(y: Double) -> ListMarker {
        ListMarker(
            kind: kind, itemNumber: itemNumber, level: level,
            frame: Rect(x: frame.minX, y: frame.minY + y, width: frame.width, height: frame.height),
            runs: runs.map { $0.offset(y: y) })
    }
}

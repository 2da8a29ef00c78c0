@_spi(Stages) import GalleyText

/// Why text could not be laid out.
public enum LayoutError: GalleyError, Equatable, Sendable {
    /// A container's width is not positive and finite, or its height negative or not finite, or either is over
    /// ``TextContainer/sizeLimit``.
    case invalidContainerSize(width: Double, height: Double, limit: Double)
    /// The line fragment padding is negative, not finite, or leaves no room in the width.
    case invalidPadding(Double, width: Double)
    /// A container's ``TextContainer/minimumSegmentWidth`` is negative, not finite, or wider than the container.
    case invalidMinimumSegmentWidth(Double, width: Double)
    /// A paragraph is longer than ``Limits/paragraphLength`` UTF-16 units.
    case paragraphTooLong(length: Int, limit: Int)
    /// The layout manager has no container to lay text into.
    case noTextContainer
    /// A point given to hit-testing is not finite (NaN or infinite).
    case invalidPoint(x: Double, y: Double)
    /// A container holding vertical text has no height: its height is the columns' length.
    case verticalContainerWithoutHeight
    /// A paragraph's writing mode differs from the layout's (its first paragraph's): one layout holds one.
    case mixedWritingModes(layout: WritingMode, paragraph: WritingMode)
    /// A container holding vertical text has an exclusion it cannot place: a picture's outline, or any
    /// exclusion in a `vertical-rl` container without a width (its columns start at its right edge).
    case unplaceableVerticalExclusion(reason: String)

    public var description: String {
        switch self {
        case .invalidContainerSize(let width, let height, let limit):
            return "text container size \(width) × \(height) pt is invalid: width must be in (0, \(limit)], "
                + "height in [0, \(limit)] (0 is unbounded)"
        case .invalidPadding(let padding, let width):
            return "line fragment padding \(padding) pt leaves no room in a \(width) pt container"
        case .invalidMinimumSegmentWidth(let minimum, let width):
            return
                "minimum segment width \(minimum) pt is invalid: it must be in [0, \(width)] for a \(width) pt container"
        case .paragraphTooLong(let length, let limit):
            return "paragraph of \(length) UTF-16 units is over the limit of \(limit)"
        case .noTextContainer:
            return "the layout manager has no text container"
        case .invalidPoint(let x, let y):
            return "point (\(x), \(y)) is not finite: hit-testing needs finite coordinates"
        case .verticalContainerWithoutHeight:
            return "a container of vertical text needs a height: it is the columns' length (0 is unbounded only "
                + "across them, as the width)"
        case .mixedWritingModes(let layout, let paragraph):
            return "a paragraph's writing mode \(paragraph.rawValue) differs from the layout's \(layout.rawValue) "
                + "(its first paragraph's): one layout holds one writing mode"
        case .unplaceableVerticalExclusion(let reason):
            return "an exclusion in a container of vertical text cannot be placed: \(reason)"
        }
    }
}

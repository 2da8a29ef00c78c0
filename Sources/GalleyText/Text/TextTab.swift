/// A tab stop, as `NSTextTab`: where the text after a tab character (U+0009) is placed on its line.
///
/// Locations are in points from the line's leading edge (the container's edge plus its line-fragment padding,
/// before any indent), measured rightwards in a left-to-right paragraph and leftwards in a right-to-left one.
public struct TextTab: Hashable, Sendable, Codable {
    /// How the text after a tab lines up with its stop.
    public enum Alignment: String, Hashable, Sendable, CaseIterable, Codable {
        /// The text starts at the stop.
        case left
        /// The text (up to the next tab or the line's end) ends at the stop.
        case right
        /// The text is centred on the stop.
        case center
        /// The text's first decimal point (`.`; the end of the text when it has none) sits at the stop.
        case decimal
    }

    /// The alignment of the text after the tab.
    public var alignment: Alignment
    /// The stop's distance from the line's leading edge, in points.
    public var location: Double

    /// A stop `location` points from the line's leading edge, aligning text as `alignment` says.
    public init(_ alignment: Alignment = .left, location: Double) {
        self.alignment = alignment
        self.location = location
    }
}

extension ParagraphStyle {
    /// The largest tab-stop location and default interval accepted, in points.
    public static let tabLocationLimit = 100_000.0
    /// The most lists a paragraph may be nested in (``textLists``' length).
    public static let listNestingLimit = 16

    /// TextKit's spacing of default tab stops, in points: ``defaultTabInterval`` in exact metrics when none is set.
    public static let textKitTabInterval = 28.0

    /// Where the default stops after ``tabStops`` fall, for a paragraph whose first font's space is `space` points
    /// wide: every ``defaultTabInterval`` points, else the metrics' default. In web metrics that is Chromium's:
    /// eight spaces (CSS `tab-size: 8`), and a tab that would move the pen less than half a space goes on to the
    /// stop after, so it always shows.
    package func defaultTabStops(space: Double) -> DefaultTabStops {
        let web = lineHeightMetrics == .web
        return DefaultTabStops(
            interval: defaultTabInterval ?? (web ? 8 * space : Self.textKitTabInterval),
            minimumAdvance: web ? space / 2 : 0)
    }

    /// The first stop beyond `position` (points from the line's leading edge): the next of ``tabStops``, else the
    /// next of the `defaults` (left-aligned), else a left stop at `position` itself.
    package func nextTabStop(after position: Double, defaults: DefaultTabStops) -> TextTab {
        let epsilon = 1e-6
        // The first stop beyond the position, by bisection (the stops are in increasing order).
        let low = tabStops.partitioningIndex { $0.location > position + epsilon }
        if low < tabStops.count { return tabStops[low] }
        let interval = defaults.interval
        guard interval > 0, interval.isFinite else { return TextTab(location: position) }
        let start = max(position, tabStops.last?.location ?? 0)
        var location = ((start + epsilon) / interval).rounded(.down) * interval + interval
        if location - position < defaults.minimumAdvance { location += interval }
        return TextTab(location: location)
    }
}

/// The left-aligned tab stops a paragraph has after its explicit ones (``ParagraphStyle/defaultTabStops(space:)``).
package struct DefaultTabStops {
    /// The spacing of the stops, in points; 0 for none.
    var interval: Double
    /// The least distance a tab moves the pen, in points: a nearer stop is passed over.
    var minimumAdvance: Double
}

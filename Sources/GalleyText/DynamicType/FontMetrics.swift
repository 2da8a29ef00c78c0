/// Scales custom fonts and plain numbers (padding, row heights) with the reader's content size, as iOS's
/// `UIFontMetrics`: along a per-style curve that is not the ratio of the preferred sizes (a 17 pt custom body font
/// becomes about 48 pt at the largest accessibility size, where preferred body is 53 pt).
///
/// ```swift
/// let metrics = FontMetrics(forTextStyle: .body)
/// let font = try metrics.scaledFont(for: try library.font(family: "Inter", size: 17), settings: settings)
/// let rowHeight = metrics.scaledValue(for: 44, settings: settings)
/// ```
public struct FontMetrics: Hashable, Sendable {
    /// The text style whose size curve values are scaled along.
    public let textStyle: TextStyle

    /// Metrics that scale along `textStyle`'s sizes, as `UIFontMetrics(forTextStyle:)`.
    public init(forTextStyle textStyle: TextStyle = .body) { self.textStyle = textStyle }

    /// The multiplier at `category`: 1 at `large`.
    public func multiplier(for category: ContentSizeCategory) -> Double {
        Self.multipliers[textStyle]![category.ordinal]
    }

    /// `value` (points, or any length) scaled for `settings.category`.
    public func scaledValue(for value: Double, settings: DynamicTypeSettings) -> Double {
        value * multiplier(for: settings.category)
    }

    /// `font` at its size scaled for `settings.category`, capped at `maximumPointSize` when given; Bold Text makes
    /// a variable font one named weight heavier, as for text styles.
    public func scaledFont(for font: Font, maximumPointSize: Double? = nil, settings: DynamicTypeSettings) throws
        -> Font
    {
        var size = scaledValue(for: font.size, settings: settings)
        if let maximumPointSize, maximumPointSize > 0 { size = min(size, maximumPointSize) }
        let sized = try font.withSize(size)
        return settings.boldText
            ? try sized.withWeight(DynamicTypeSettings.applyingBoldText(true, to: font.weight)) : sized
    }

    /// Per-style multipliers for the twelve categories, from a public reimplementation of `UIFontMetrics`
    /// (gewill/ScaledFont `customFontMultipliers`; see shared/reference/dynamic-type.md). Headline's AX4 value
    /// there (2.3183) breaks the curve and is body's elsewhere, so body's 2.5453 is used.
    static let multipliers: [TextStyle: [Double]] = [
        .largeTitle: [0.9267, 0.9513, 0.9757, 1, 1.0487, 1.1220, 1.1707, 1.2683, 1.3903, 1.4877, 1.6097, 1.7073],
        .title1: [0.9117, 0.9413, 0.9707, 1, 1.0587, 1.1177, 1.2060, 1.3530, 1.5000, 1.6763, 1.7940, 2.0000],
        .title2: [0.8570, 0.8930, 0.9287, 1, 1.0713, 1.1430, 1.2143, 1.4643, 1.6787, 1.8570, 2.1070, 2.3570],
        .title3: [0.8800, 0.9200, 0.9600, 1, 1.1200, 1.2000, 1.2800, 1.5200, 1.7600, 2.0400, 2.3200, 2.6000],
        .headline: [0.8637, 0.9090, 0.9547, 1, 1.0910, 1.1817, 1.3183, 1.5453, 1.8183, 2.1817, 2.5453, 2.8183],
        .body: [0.8637, 0.9090, 0.9547, 1, 1.0910, 1.1817, 1.3183, 1.5453, 1.8183, 2.1817, 2.5453, 2.8183],
        .callout: [0.8570, 0.9047, 0.9523, 1, 1.0953, 1.1903, 1.3333, 1.5237, 1.8570, 2.1903, 2.4763, 2.8570],
        .subheadline: [0.8000, 0.9000, 0.9500, 1, 1.1000, 1.2000, 1.3000, 1.5500, 1.8000, 2.1500, 2.5000, 2.9000],
        .footnote: [0.8890, 0.8890, 0.8890, 1, 1.1110, 1.2223, 1.3333, 1.6110, 1.8333, 2.2223, 2.5557, 2.8890],
        .caption1: [0.8127, 0.8127, 0.8127, 1, 1.1877, 1.3127, 1.4377, 1.6877, 2.0000, 2.4377, 2.7500, 3.1877],
        .caption2: [1, 1, 1, 1, 1.3847, 1.5383, 1.6923, 1.9230, 2.2307, 2.6923, 3.1540, 3.6923],
    ]
}

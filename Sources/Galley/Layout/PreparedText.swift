/// A text shaped once, measured at any width without shaping it again: the row whose height is wanted for a
/// phone and a tablet, portrait and landscape (Android's `PrecomputedText`, Pretext's `prepare`).
///
/// ```swift
/// let prepared = try measurer.prepare(storage)
/// let phone = try prepared.measure(width: 375), tablet = try prepared.measure(width: 768)
/// ```
///
/// Each measurement goes through the same line breaker and typesetter as ``TextMeasurer/measure(_:width:maximumNumberOfLines:)``
/// and equals it exactly; only the shaping (itemizing, fonts, HarfBuzz) is kept, so a new width costs the line
/// breaking alone, plus re-shaping at line edges where a break falls inside a ligature or a kerning pair.
///
/// A prepared text uses its measurer's shaper: measure it on the thread that owns that measurer.
public final class PreparedText {
    /// The measurer whose fonts, Dynamic Type settings and shaper the text was prepared with.
    public let measurer: TextMeasurer
    private let paragraphs: [ShapedParagraph]
    private let settings: DynamicTypeSettings

    init(measurer: TextMeasurer, paragraphs: [ShapedParagraph], settings: DynamicTypeSettings) {
        self.measurer = measurer
        self.paragraphs = paragraphs
        self.settings = settings
    }

    /// The size of the text laid out in an unbounded container `width` points wide, in at most
    /// `maximumNumberOfLines` lines (0: no limit), the last one cut with an ellipsis: what measuring the storage
    /// afresh at that width gives.
    ///
    /// - Throws: ``LayoutError/invalidContainerSize(width:height:limit:)`` for a width that is not positive and
    ///   finite.
    public func measure(width: Double, maximumNumberOfLines: Int = 0) throws -> TextMeasurement {
        try measurer.measure(
            shaped: paragraphs, settings: settings, width: width, maximumNumberOfLines: maximumNumberOfLines)
    }
}

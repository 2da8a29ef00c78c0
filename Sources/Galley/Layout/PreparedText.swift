/// A text shaped once, measured at any width without shaping it again: the row whose height is wanted for a
/// phone and a tablet, portrait and landscape (Android's `PrecomputedText`, Pretext's `prepare`).
///
/// ```swift
/// let prepared = try measurer.prepare(storage)
/// let phone = try prepared.measure(width: 375), tablet = try prepared.measure(width: 768)
/// ```
///
/// Each measurement equals ``TextMeasurer/measure(_:width:maximumNumberOfLines:)`` exactly. Only the shaping
/// (itemizing, fonts, HarfBuzz) and the break opportunities are kept; a plain paragraph (left-to-right, wrapping
/// words, no indents, lists, tabs, hyphens or justification, no break inside joined glyphs) is re-broken from
/// numbers kept per opportunity, in well under a microsecond for a row of a few lines; anything else, or a line
/// limit, goes through the same line breaker and typesetter as measuring afresh.
///
/// A prepared text uses its measurer's shaper: measure it on the thread that owns that measurer.
public final class PreparedText {
    /// The measurer whose fonts, Dynamic Type settings and shaper the text was prepared with.
    public let measurer: TextMeasurer
    private let paragraphs: [ShapedParagraph]
    private let settings: DynamicTypeSettings
    /// Every paragraph's plain model (nil when any paragraph is not plain); the break opportunities and the run
    /// figures of all of them, each in one array; and what only some of their lines need.
    private let models: [PreparedParagraph]?
    private let breaks: [PreparedBreak]
    private let runFigures: [LineMetrics.RunFigures]
    private let details: [PreparedParagraph.Details]

    init(measurer: TextMeasurer, paragraphs: [ShapedParagraph], settings: DynamicTypeSettings) throws {
        self.measurer = measurer
        self.paragraphs = paragraphs
        self.settings = settings
        var models: [PreparedParagraph] = [], breaks: [PreparedBreak] = []
        var runFigures: [LineMetrics.RunFigures] = [], details: [PreparedParagraph.Details] = []
        for shaped in paragraphs {
            let (strut, leading) = try Typesetter.strut(
                of: shaped.paragraph, fontLibrary: measurer.fontLibrary, settings: settings)
            if shaped.paragraph.length == 0 {
                models.append(
                    PreparedParagraph(
                        emptyAt: shaped.paragraph.utf16Range.lowerBound, style: shaped.paragraph.style, strut: strut,
                        strutLeading: leading))
                continue
            }
            guard
                let model = try PreparedParagraph(
                    shaped, strut: strut, strutLeading: leading, shaper: measurer.shaper, breaks: &breaks,
                    runFigures: &runFigures, details: &details)
            else {
                (models, breaks, runFigures, details) = ([], [], [], [])
                break
            }
            models.append(model)
        }
        self.models = models.isEmpty ? nil : models
        self.breaks = breaks
        self.runFigures = runFigures
        self.details = details
    }

    /// The size of the text laid out in an unbounded container `width` points wide, in at most
    /// `maximumNumberOfLines` lines (0: no limit), the last one cut with an ellipsis: what measuring the storage
    /// afresh at that width gives.
    ///
    /// - Throws: ``LayoutError/invalidContainerSize(width:height:limit:)`` for a width that is not positive and
    ///   finite.
    public func measure(width: Double, maximumNumberOfLines: Int = 0) throws -> TextMeasurement {
        if maximumNumberOfLines <= 0, let models {
            try TextContainer.validate(Size(width: width, height: 0))
            if let measurement = Self.measure(
                models, breaks: breaks, runFigures: runFigures, details: details, width: width)
            {
                return measurement
            }
        }
        return try measurer.measure(
            shaped: paragraphs, settings: settings, width: width, maximumNumberOfLines: maximumNumberOfLines)
    }

    /// Whether every paragraph is plain, so that a measurement without a line limit takes the plain path (at a
    /// width where no word is wider than a line).
    var isPlain: Bool { models != nil }

    /// The measurement from the plain models, placing lines as the typesetter places them in an unbounded
    /// container without exclusions or padding; nil when a paragraph is not plain at this width.
    private static func measure(
        _ models: [PreparedParagraph], breaks: [PreparedBreak], runFigures: [LineMetrics.RunFigures],
        details: [PreparedParagraph.Details], width: Double
    ) -> TextMeasurement? {
        var y = 0.0, bottom = 0.0
        var usedWidth = 0.0
        var starts = LineStarts(capacity: 8)
        var placedAny = false
        let placed = models.withUnsafeBufferPointer { models in
            breaks.withUnsafeBufferPointer { breaks in
                runFigures.withUnsafeBufferPointer { runFigures in
                    for paragraph in models {
                        if placedAny { y += paragraph.paragraphSpacingBefore }
                        var remaining = false
                        let placed = paragraph.placeLines(
                            width: width, breaks: UnsafeBufferPointer(rebasing: breaks[paragraph.breaks]),
                            runFigures: UnsafeBufferPointer(rebasing: runFigures[paragraph.runs]),
                            details: { details[paragraph.details] }
                        ) { line in
                            // Line spacing goes between lines of a paragraph, not after its last.
                            if remaining { y += paragraph.lineSpacing }
                            let top = y
                            starts.add(top: top, offset: paragraph.storageStart + line.start)
                            usedWidth = max(usedWidth, line.usedWidth)
                            bottom = max(bottom, top + line.height)
                            placedAny = true
                            y = top + line.bandHeight
                            remaining = true
                        }
                        guard placed else { return false }
                        y += paragraph.paragraphSpacing
                    }
                    return true
                }
            }
        }
        guard placed else { return nil }
        return TextMeasurement(starts: starts, height: bottom, width: usedWidth)
    }
}

@_spi(Stages) import GalleyText

/// A text shaped once, measured at any width without shaping it again: the row whose height is wanted for a
/// phone and a tablet, portrait and landscape (Android's `PrecomputedText`, Pretext's `prepare`).
///
/// ```swift
/// let prepared = try measurer.prepare(storage)
/// let phone = try prepared.measure(width: 375), tablet = try prepared.measure(width: 768)
/// ```
///
/// Each measurement equals ``TextMeasurer/measure(_:width:maximumNumberOfLines:)`` exactly: the same typesetter
/// and line placer place the lines, reading them from the text's packed breaks (`PackedLines`: numbers kept per
/// break opportunity, so that a line costs a walk over them, with no break iterator, dictionary or glyph run)
/// instead of a line breaker made again. Itemizing, fonts, HarfBuzz and ICU run once, in ``TextMeasurer/prepare(_:)``.
///
/// A prepared text uses its measurer's shaper: measure it on the thread that owns that measurer.
public final class PreparedText {
    /// The measurer whose fonts, Dynamic Type settings and shaper the text was prepared with.
    public let measurer: TextMeasurer
    private let paragraphs: [ShapedParagraph]
    private let settings: DynamicTypeSettings
    /// Each paragraph prepared (nil for an empty one, which has no lines to break); the break opportunities and
    /// run figures of all of them, each in one array.
    private let prepared: [PreparedParagraph?]
    private let breaks: [PreparedBreak]
    private let runFigures: [LineMetrics.RunFigures]
    /// Each paragraph's context when every paragraph is plain (``Typesetter/isPlain(_:hasAnnotations:packedWithoutHyphens:)``):
    /// its lines are then placed directly, without a line placer.
    private let plainContexts: [ParagraphContext]?

    init(measurer: TextMeasurer, paragraphs: [ShapedParagraph], settings: DynamicTypeSettings) throws {
        self.measurer = measurer
        self.paragraphs = paragraphs
        self.settings = settings
        var breaks: [PreparedBreak] = [], runFigures: [LineMetrics.RunFigures] = []
        prepared = try paragraphs.map { shaped in
            guard shaped.paragraph.length > 0 else { return nil }
            let strut = try shaped.paragraph.strut(fontLibrary: measurer.fontLibrary, settings: settings)
            return try PreparedParagraph(
                shaped, strut: strut, shaper: measurer.shaper, breaks: &breaks, runFigures: &runFigures)
        }
        self.breaks = breaks
        self.runFigures = runFigures
        plainContexts = try Self.plainContexts(
            of: paragraphs, prepared: prepared, measurer: measurer, settings: settings)
    }

    /// The context of each of `paragraphs` (prepared as `prepared`), when all are plain; nil otherwise.
    private static func plainContexts(
        of paragraphs: [ShapedParagraph], prepared: [PreparedParagraph?], measurer: TextMeasurer,
        settings: DynamicTypeSettings
    ) throws -> [ParagraphContext]? {
        var contexts: [ParagraphContext] = []
        for (index, shaped) in paragraphs.enumerated() {
            let strut =
                try prepared[index]?.strut
                ?? shaped.paragraph.strut(fontLibrary: measurer.fontLibrary, settings: settings)
            let context = ParagraphContext(
                shaped: shaped, index: index, isLast: index == paragraphs.count - 1, baseFont: strut.font,
                baseLeading: strut.leading, listItem: nil)
            let packed = prepared[index].map { $0.isPacked && !$0.hyphenates } ?? false
            let hasAnnotations = prepared[index]?.breakerAndAdjustments.breaker.hasAnnotations ?? false
            guard
                Typesetter<MeasuredLines>.isPlain(context, hasAnnotations: hasAnnotations, packedWithoutHyphens: packed)
            else { return nil }
            contexts.append(context)
        }
        return contexts.isEmpty ? nil : contexts
    }

    /// Whether every paragraph is plain, so that a measurement without a line limit places lines directly.
    var isPlain: Bool { plainContexts != nil }

    /// The size of the text laid out in an unbounded container `width` points wide, in at most
    /// `maximumNumberOfLines` lines (0: no limit), the last one cut with an ellipsis: what measuring the storage
    /// afresh at that width gives.
    ///
    /// - Throws: ``LayoutError/invalidContainerSize(width:height:limit:)`` for a width that is not positive and
    ///   finite.
    public func measure(width: Double, maximumNumberOfLines: Int = 0) throws -> TextMeasurement {
        try breaks.withUnsafeBufferPointer { breaks in
            try runFigures.withUnsafeBufferPointer { runFigures in
                if maximumNumberOfLines <= 0, let plainContexts,
                    let measurement = try measurer.typesetPlainly(
                        count: paragraphs.count, settings: settings, width: width,
                        place: { typesetter, index in
                            guard let prepared = prepared[index] else {
                                typesetter.placePlainEmptyParagraph(plainContexts[index])
                                return true
                            }
                            var lines = PackedLines(prepared, breaks: breaks, runFigures: runFigures)
                            return typesetter.placePlainly(plainContexts[index], lines: &lines)
                        })
                {
                    return measurement
                }
                return try measurer.typeset(
                    count: paragraphs.count, paragraph: { $0 < paragraphs.count ? paragraphs[$0].paragraph : nil },
                    settings: settings,
                    width: width, maximumNumberOfLines: maximumNumberOfLines, shaped: { paragraphs[$0] },
                    lines: { index, _ in PackedLines(prepared[index]!, breaks: breaks, runFigures: runFigures) })
            }
        }
    }
}

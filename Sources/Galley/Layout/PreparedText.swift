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
    /// Every paragraph's plain model; nil when any paragraph is not plain.
    private let models: [Model]?

    /// A paragraph as the plain path places it.
    private enum Model {
        case plain(PreparedParagraph)
        /// An empty paragraph: one line as tall as its primary font (points), at `storageStart`, with its style's
        /// spacing after and before it.
        case empty(lineHeight: Double, storageStart: Int, paragraphSpacing: Double, paragraphSpacingBefore: Double)
    }

    init(measurer: TextMeasurer, paragraphs: [ShapedParagraph], settings: DynamicTypeSettings) throws {
        self.measurer = measurer
        self.paragraphs = paragraphs
        self.settings = settings
        models = try Self.models(
            of: paragraphs, fontLibrary: measurer.fontLibrary, settings: settings, shaper: measurer.shaper)
    }

    /// The size of the text laid out in an unbounded container `width` points wide, in at most
    /// `maximumNumberOfLines` lines (0: no limit), the last one cut with an ellipsis: what measuring the storage
    /// afresh at that width gives.
    ///
    /// - Throws: ``LayoutError/invalidContainerSize(width:height:limit:)`` for a width that is not positive and
    ///   finite.
    public func measure(width: Double, maximumNumberOfLines: Int = 0) throws -> TextMeasurement {
        if maximumNumberOfLines <= 0, let models {
            try TextContainer(size: Size(width: width, height: 0)).validate()
            if let measurement = Self.measure(models, width: width) { return measurement }
        }
        return try measurer.measure(
            shaped: paragraphs, settings: settings, width: width, maximumNumberOfLines: maximumNumberOfLines)
    }

    /// Whether every paragraph is plain, so that a measurement without a line limit takes the plain path (at a
    /// width where no word is wider than a line).
    var isPlain: Bool { models != nil }

    private static func models(
        of paragraphs: [ShapedParagraph], fontLibrary: FontLibrary, settings: DynamicTypeSettings, shaper: Shaper
    ) throws -> [Model]? {
        var models: [Model] = []
        for shaped in paragraphs {
            let (strut, leading) = try Typesetter.strut(
                of: shaped.paragraph, fontLibrary: fontLibrary, settings: settings)
            if shaped.paragraph.length == 0 {
                let style = shaped.paragraph.style
                let metrics = LineMetrics(runs: [], style: style, strut: strut, strutLeading: leading)
                models.append(
                    .empty(
                        lineHeight: metrics.height, storageStart: shaped.paragraph.utf16Range.lowerBound,
                        paragraphSpacing: style.paragraphSpacing, paragraphSpacingBefore: style.paragraphSpacingBefore))
                continue
            }
            guard
                let model = PreparedParagraph(
                    shaped, strut: strut, strutLeading: leading, breaker: try LineBreaker(shaped, shaper: shaper),
                    shaper: shaper)
            else { return nil }
            models.append(.plain(model))
        }
        return models
    }

    /// The measurement from the plain models, placing lines as the typesetter places them in an unbounded
    /// container without exclusions or padding; nil when a paragraph is not plain at this width.
    private static func measure(_ models: [Model], width: Double)
        -> TextMeasurement?
    {
        var y = 0.0, bottom = 0.0, lastTop = -Double.infinity
        var used = Rect.zero
        var starts: [Int] = []
        var placedAny = false
        func place(start: Int, top: Double, height: Double, usedWidth: Double) {
            if top != lastTop {
                starts.append(start)
                lastTop = top
            }
            let rect = Rect(x: 0, y: top, width: usedWidth, height: height)
            used = used.union(rect)
            bottom = max(bottom, rect.maxY)
            placedAny = true
        }
        for model in models {
            switch model {
            case .empty(let lineHeight, let storageStart, let paragraphSpacing, let paragraphSpacingBefore):
                if placedAny { y += paragraphSpacingBefore }
                place(start: storageStart, top: y, height: lineHeight, usedWidth: 0)
                y += lineHeight
                y += paragraphSpacing
            case .plain(let paragraph):
                if placedAny { y += paragraph.paragraphSpacingBefore }
                var remaining = false
                let placed = paragraph.placeLines(width: width) { line in
                    if remaining { y += paragraph.lineSpacing }  // between lines of a paragraph, not after its last
                    let top = y
                    place(
                        start: paragraph.storageStart + line.start, top: top, height: line.height,
                        usedWidth: line.usedWidth)
                    y = top + line.bandHeight
                    remaining = true
                }
                guard placed else { return nil }
                y += paragraph.paragraphSpacing
            }
        }
        return TextMeasurement(height: bottom, width: used.width, lineCount: starts.count, lineStarts: starts)
    }
}

@_spi(Stages) import GalleyText

/// The size text needs at a width, without rendering: the table-row case (`NSAttributedString.boundingRect`).
public struct TextMeasurement: Hashable, Sendable {
    /// The exact height in points, from the first line's top to the last line's bottom.
    public let height: Double
    /// The widest line's used width in points.
    public let width: Double
    /// The number of lines (bands).
    public let lineCount: Int
    /// Where each line starts, as UTF-16 offsets into the text (`galley measure`'s `line_starts` are code points).
    public let utf16LineStarts: [Int]

    /// The height rounded up to whole pixels at `scale` (pixels per point), in points: what a row must reserve so
    /// that nothing is cut when drawn at that scale.
    public func pixelAlignedHeight(scale: Double) -> Double {
        guard scale > 0 else { return height }
        return (height * scale - 1e-9).rounded(.up) / scale
    }
}

extension TextMeasurement {
    /// The measurement of laid-out `fragments`: the bottom of the lowest used rect, the width of their union, and
    /// where each line starts.
    init(fragments: [LineFragment]) {
        var builder = Builder()
        for fragment in fragments { builder.add(fragment) }
        self = builder.measurement
    }

    /// A measurement of `height` and `width` points with the lines `starts` found.
    init(starts: LineStarts, height: Double, width: Double) {
        self.init(height: height, width: width, lineCount: starts.offsets.count, utf16LineStarts: starts.offsets)
    }

    /// A measurement made fragment by fragment, as they are placed (a measuring typesetter keeps none).
    struct Builder {
        private var starts = LineStarts()
        private var used = Rect.zero
        private var bottom = 0.0

        /// Takes `fragment` in: its line's start, its used rect.
        mutating func add(_ fragment: LineFragment) {
            add(top: fragment.rect.minY, offset: fragment.characterRange.lowerBound, used: fragment.usedRect)
        }

        /// Takes in a fragment placed at `top` from UTF-16 offset `offset` whose used rect is `used`.
        mutating func add(top: Double, offset: Int, used rect: Rect) {
            starts.add(top: top, offset: offset)
            used = used.union(rect)
            bottom = max(bottom, rect.maxY)
        }

        /// Takes in a rect the text occupies without a line in it (a table's padding and rules).
        mutating func include(_ rect: Rect) {
            used = used.union(rect)
            bottom = max(bottom, rect.maxY)
        }

        /// The measurement of the fragments taken in.
        var measurement: TextMeasurement { TextMeasurement(starts: starts, height: bottom, width: used.width) }
    }
}

/// Measures attributed text at a width with the same shaping and line breaking as layout and rendering, so a
/// measured height is exactly what a render at that width draws.
///
/// One measurer per thread (it reuses one `Shaper`); measurers may share a ``FontLibrary``. It measures through
/// the same typesetter and line placer as ``LayoutManager``, without glyph runs, and keeps nothing between calls
/// but the shared caches of shaped words, fonts and break iterators.
public final class TextMeasurer {
    /// Where fonts are found.
    public let fontLibrary: FontLibrary
    /// The Dynamic Type settings text styles are sized for (the environment's at each measurement, when the
    /// measurer follows one).
    public var settings: DynamicTypeSettings
    /// The environment the settings follow, when the measurer was made with one: every measurement reads its
    /// settings then, so a measured height is the one a ``LayoutManager`` following it draws.
    public let environment: DynamicTypeEnvironment?
    /// The bounds this measurer's work keeps to (the longest paragraph it measures, in UTF-16 units).
    public var limits = Limits()
    /// The measurer's shaper (its ``PreparedText``s re-shape at line edges with it).
    let shaper: Shaper
    /// What one measurement leaves for the next: the list markers shaped, and the typesetter of the last width,
    /// line limit and settings with what it allocated (a prepared corpus is re-measured row after row at one
    /// width: each row then allocates only its result).
    private let markerShapes = MarkerShapes()
    private var lastTypesetter: ReusedTypesetter?

    /// A typesetter kept between measurements, used in place.
    private final class ReusedTypesetter {
        let width: Double
        let lines: Int
        let settings: DynamicTypeSettings
        var typesetter: Typesetter<MeasuredLines>

        init(width: Double, lines: Int, settings: DynamicTypeSettings, typesetter: Typesetter<MeasuredLines>) {
            (self.width, self.lines, self.settings, self.typesetter) = (width, lines, settings, typesetter)
        }
    }

    /// A measurer finding fonts in `fontLibrary` and sizing text styles for `settings`, keeping shaped words in
    /// the process-wide word cache.
    public convenience init(fontLibrary: FontLibrary, settings: DynamicTypeSettings = DynamicTypeSettings()) {
        self.init(fontLibrary: fontLibrary, settings: settings, shapeCache: .shared)
    }

    /// A measurer that follows `environment` (fonts by text style and content-size category, bold text), as a
    /// ``LayoutManager`` made with it does, keeping shaped words in the process-wide word cache.
    public convenience init(fontLibrary: FontLibrary, environment: DynamicTypeEnvironment) {
        self.init(fontLibrary: fontLibrary, environment: environment, shapeCache: .shared)
    }

    /// A measurer as ``init(fontLibrary:settings:)`` makes it, keeping shaped words in `shapeCache`: a cache per
    /// thread spares threads measuring side by side the lock and the shared memory of one (at the cost of each
    /// learning its words).
    package init(
        fontLibrary: FontLibrary, settings: DynamicTypeSettings = DynamicTypeSettings(), shapeCache: ShapeCache
    ) {
        self.fontLibrary = fontLibrary
        self.settings = settings
        environment = nil
        shaper = Shaper(shapeCache: shapeCache)
    }

    /// A measurer as ``init(fontLibrary:environment:)`` makes it, keeping shaped words in `shapeCache`.
    package init(fontLibrary: FontLibrary, environment: DynamicTypeEnvironment, shapeCache: ShapeCache) {
        self.fontLibrary = fontLibrary
        self.environment = environment
        settings = environment.settings
        shaper = Shaper(shapeCache: shapeCache)
    }

    /// The environment's settings, taken as this measurement's when the measurer follows one.
    private func followEnvironment() {
        if let environment { settings = environment.settings }
    }

    /// The size of `storage` laid out in an unbounded container `width` points wide, in at most
    /// `maximumNumberOfLines` lines (0: no limit), the last one cut with an ellipsis as TextKit's
    /// `.byTruncatingTail` does: a two-line preview's height without a layout manager per row. Each paragraph is
    /// shaped when its lines are reached: a preview limited to a few lines shapes no more than it shows.
    ///
    /// - Throws: ``LayoutError/invalidContainerSize(width:height:limit:)`` for a width that is not positive and
    ///   finite; ``LayoutError/paragraphTooLong(length:limit:)``; ``FontError`` for a font that cannot be found.
    public func measure(_ storage: TextStorage, width: Double, maximumNumberOfLines: Int = 0) throws
        -> TextMeasurement
    {
        followEnvironment()
        let itemizer = Itemizer(fontLibrary: fontLibrary, settings: settings)
        let paragraphs = storage.paragraphs
        return try typeset(
            count: paragraphs.count, paragraph: { $0 < paragraphs.count ? paragraphs[$0] : nil }, settings: settings,
            width: width,
            maximumNumberOfLines: maximumNumberOfLines,
            shaped: { try self.shaper.shape(paragraphs[$0], itemizer: itemizer, limits: self.limits) },
            lines: { _, shaped in try LineBreaker(shaped, shaper: self.shaper) })
    }

    /// `storage` shaped for measuring at any width without shaping it again, with this measurer's fonts and current
    /// settings.
    ///
    /// - Throws: ``LayoutError/paragraphTooLong(length:limit:)``; ``FontError`` for a font that cannot be found.
    public func prepare(_ storage: TextStorage) throws -> PreparedText {
        followEnvironment()
        let itemizer = Itemizer(fontLibrary: fontLibrary, settings: settings)
        let shaped = try storage.paragraphs.map { try shaper.shape($0, itemizer: itemizer, limits: limits) }
        return try PreparedText(measurer: self, paragraphs: shaped, settings: settings)
    }

    /// The `count` paragraphs `paragraph` gives placed in one unbounded container `width` points wide, each shaped
    /// by `shaped` when reached and its lines read from the source `lines` makes.
    func typeset<Source: LineSource>(
        count: Int, paragraph: (Int) -> Paragraph?, settings: DynamicTypeSettings, width: Double,
        maximumNumberOfLines: Int,
        shaped: (Int) throws -> ShapedParagraph, lines: (Int, ShapedParagraph) throws -> Source
    ) throws -> TextMeasurement {
        let reused = try typesetter(width: width, maximumNumberOfLines: maximumNumberOfLines, settings: settings)
        defer { reused.typesetter.reset() }
        try reused.typesetter.placeParagraphs(count: count, paragraph: paragraph, shaped: shaped, lines: lines)
        return reused.typesetter.output.builder.measurement
    }

    /// `count` plain paragraphs (``Typesetter/isPlain(_:hasAnnotations:packedWithoutHyphens:)``) placed in one
    /// unbounded container `width` points wide by `place` (told the typesetter and the paragraph's index, false
    /// when a line is not plain after all), as ``typeset(count:paragraph:settings:width:maximumNumberOfLines:shaped:lines:)``
    /// places them; nil when `place` gave up.
    func typesetPlainly(
        count: Int, settings: DynamicTypeSettings, width: Double,
        place: (inout Typesetter<MeasuredLines>, Int) -> Bool
    ) throws -> TextMeasurement? {
        let reused = try typesetter(width: width, maximumNumberOfLines: 0, settings: settings)
        defer { reused.typesetter.reset() }
        guard reused.typesetter.placesPlainly else { return nil }
        for index in 0..<count {
            try Cancellation.check()
            guard place(&reused.typesetter, index) else { return nil }
        }
        return reused.typesetter.output.builder.measurement
    }

    /// The measuring typesetter for `width`, `maximumNumberOfLines` and `settings`: the last one, when it was made
    /// for them.
    ///
    /// - Throws: ``LayoutError/invalidContainerSize(width:height:limit:)`` for a width that is not positive and
    ///   finite.
    private func typesetter(width: Double, maximumNumberOfLines: Int, settings: DynamicTypeSettings) throws
        -> ReusedTypesetter
    {
        let lineLimit = max(0, maximumNumberOfLines)
        if let last = lastTypesetter, last.width == width, last.lines == lineLimit, last.settings == settings {
            return last
        }
        let container = TextContainer(
            size: Size(width: width, height: 0), maximumNumberOfLines: lineLimit, lineBreakMode: .truncateTail)
        try container.validate()
        let reused = ReusedTypesetter(
            width: width, lines: lineLimit, settings: settings,
            typesetter: Typesetter(
                containers: [container], shaper: shaper, fontLibrary: fontLibrary, settings: settings,
                markerShapes: markerShapes))
        lastTypesetter = reused
        return reused
    }

    /// The size of `string` with `attributes` at `width` points, in at most `maximumNumberOfLines` lines (0: no
    /// limit).
    public func measure(
        _ string: String, attributes: TextAttributes = TextAttributes(), width: Double, maximumNumberOfLines: Int = 0
    ) throws -> TextMeasurement {
        try measure(
            TextStorage(string, attributes: attributes), width: width, maximumNumberOfLines: maximumNumberOfLines)
    }
}

@_spi(Stages) import GalleyText

/// A region text is laid out in, as TextKit's `NSTextContainer`: a size, exclusion paths text flows around, a
/// padding at each line fragment's ends, and an optional limit on lines.
///
/// Coordinates are points with the origin at the container's top-left, y down. Containers chain: text that does
/// not fit one continues in the next container of the ``LayoutManager`` (columns, pages).
public final class TextContainer {
    /// The width and height in points. A height of 0 means unbounded (the text decides); so do `.infinity` and
    /// `.greatestFiniteMagnitude`, TextKit's habit, which are kept as 0.
    public var size: Size {
        didSet { size = Self.unboundedAsZero(size) }
    }

    /// `size` with an infinite or greatest-finite height (TextKit's way of saying unbounded) as 0.
    private static func unboundedAsZero(_ size: Size) -> Size {
        size.height == .infinity || size.height == .greatestFiniteMagnitude
            ? Size(width: size.width, height: 0) : size
    }
    /// Space left empty at both ends of every line fragment, in points (0 by default, as `boundingRect(with:)`;
    /// `UITextView`'s container uses 5).
    public var lineFragmentPadding: Double
    /// Shapes whose interiors no glyph may touch, in container coordinates.
    public var exclusionPaths: [BezierPath] {
        didSet { geometry = nil }
    }
    /// More shapes text flows around, beside ``exclusionPaths``: paths, or pictures' outlines
    /// (``ExclusionPath/init(image:origin:size:threshold:margin:)``).
    public var exclusions: [ExclusionPath] {
        didSet { geometry = nil }
    }
    /// The most lines (bands of text) this container holds; 0 for no limit.
    public var maximumNumberOfLines: Int
    /// How the last line is cut when ``maximumNumberOfLines`` stops the text: a truncating mode ends it with an
    /// ellipsis and ends the layout; word wrap and clip pass the rest to the next container.
    public var lineBreakMode: ParagraphStyle.LineBreakMode

    /// The narrowest free segment beside an exclusion that takes text, in points; nil (the default) for two ems of
    /// each paragraph's font, 0 to fill every segment a cluster fits. A narrower sliver between the container's
    /// edge and a shape, or between two shapes, is left empty rather than holding a stranded word.
    public var minimumSegmentWidth: Double?

    /// Which of the free segments beside exclusions a line uses.
    public enum WrapSide: String, Hashable, Sendable, CaseIterable, Codable {
        /// Every segment, left to right: text flows on both sides of a shape (TextKit's behaviour, the default).
        case both
        /// The widest segment only (InDesign's "largest area"), so each line reads on one side of the shape.
        case largest
        /// The segment at the line's start (the left in left-to-right text).
        case start
        /// The segment at the line's end.
        case end
    }

    /// Which free segments beside exclusions take text (``WrapSide``); `both` by default.
    public var wrapSide: WrapSide = .both

    /// The largest width or height a container may have, in points.
    public static let sizeLimit = 1_000_000.0
    /// The most chords a container's exclusion paths may be cut into for layout (each curve takes up to 1,000): a
    /// few thousand wild cubics would otherwise take gigabytes.
    public static let flattenedSegmentLimit = 2_000_000

    private var geometry: ExclusionGeometry?

    /// A container of `size` points (height 0: unbounded) with text flowing around `exclusionPaths` and
    /// `exclusions` (container coordinates), `lineFragmentPadding` points inside each line's ends, at most
    /// `maximumNumberOfLines` lines (0: no limit) and `lineBreakMode` for its last line.
    public init(
        size: Size, exclusionPaths: [BezierPath] = [], exclusions: [ExclusionPath] = [],
        lineFragmentPadding: Double = 0, maximumNumberOfLines: Int = 0,
        lineBreakMode: ParagraphStyle.LineBreakMode = .wordWrap
    ) {
        self.size = Self.unboundedAsZero(size)
        self.exclusionPaths = exclusionPaths
        self.exclusions = exclusions
        self.lineFragmentPadding = lineFragmentPadding
        self.maximumNumberOfLines = maximumNumberOfLines
        self.lineBreakMode = lineBreakMode
    }

    /// A container `width` points wide and `height` points tall (0: unbounded).
    public convenience init(width: Double, height: Double = 0) {
        self.init(size: Size(width: width, height: height))
    }

    /// Whether text flows around anything.
    public var hasExclusions: Bool { !exclusionPaths.isEmpty || !exclusions.isEmpty }

    /// Whether the height is unbounded.
    public var isHeightUnbounded: Bool { size.height == 0 }

    /// Throws unless `size` is a usable container size: a positive finite width, a finite height (0 for
    /// unbounded), neither over ``sizeLimit``.
    static func validate(_ size: Size) throws {
        let limit = sizeLimit
        guard size.width.isFinite, size.width > 0, size.width <= limit, size.height.isFinite, size.height >= 0,
            size.height <= limit
        else { throw LayoutError.invalidContainerSize(width: size.width, height: size.height, limit: limit) }
    }

    /// Throws unless the size, padding and paths are usable.
    func validate() throws {
        let width = size.width
        try Self.validate(size)
        guard lineFragmentPadding.isFinite, lineFragmentPadding >= 0, 2 * lineFragmentPadding < width else {
            throw LayoutError.invalidPadding(lineFragmentPadding, width: width)
        }
        if let minimumSegmentWidth, !(minimumSegmentWidth >= 0 && minimumSegmentWidth <= width) {
            throw LayoutError.invalidMinimumSegmentWidth(minimumSegmentWidth, width: width)
        }
        let paths = exclusionPaths + exclusions.compactMap(\.path)
        for path in paths { try path.validate() }
        // Curves become chords for layout: bound them before any is made.
        let limit = Self.flattenedSegmentLimit
        var chords = 0
        for path in paths {
            chords += path.flattenedSegmentCount(tolerance: ExclusionGeometry.tolerance)
            if chords > limit { throw PathError.tooManyFlattenedSegments(count: chords, limit: limit) }
        }
    }

    /// The parts of the band `[top, bottom]` between `minX` and `maxX` that no exclusion path touches.
    func freeSegments(minX: Double, maxX: Double, top: Double, bottom: Double) -> [FreeSegment] {
        if geometry == nil { geometry = ExclusionGeometry(paths: exclusionPaths, exclusions: exclusions) }
        return geometry!.freeSegments(minX: minX, maxX: maxX, top: top, bottom: bottom)
    }
}

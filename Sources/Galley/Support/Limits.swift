/// The limits Galley enforces on what it is given, each broken with an error that names it; the library user may
/// change them for the whole process through ``current``.
///
/// ```swift
/// var limits = Limits.current
/// limits.imagePixels = 200_000_000      // allow bigger posters
/// Limits.current = limits
/// ```
///
/// Set them once at start-up: reads are cheap and thread-safe, but work already under way keeps the values it read.
public struct Limits: Hashable, Sendable {
    /// Font sizes, in points.
    public var fontSize: ClosedRange<Double> = 0.01...10_000
    /// A text container's width and height, in points.
    public var containerSize = 1_000_000.0
    /// Segments in one path (from SVG path data or exclusion paths).
    public var pathSegments = 100_000
    /// A path coordinate's distance from the origin, in points.
    public var pathCoordinate = 1_000_000.0
    /// UTF-16 units in one paragraph.
    public var paragraphLength = 1 << 20
    /// Pixels in one image.
    public var imagePixels = 50_000_000
    /// Pixels along one side of an image (PNG and cairo-style consumers choke beyond 65,535).
    public var imageSide = 65_535
    /// Chords the exclusion paths of one container are cut into for layout (each curve takes up to 1,000).
    public var flattenedSegments = 2_000_000
    /// Bytes in one font file (Noto Sans CJK's collection is 20 MB, Noto Color Emoji's 10 MB).
    public var fontFileBytes = 128 << 20
    /// Pixels in one image read from a file (attachments, pictures text wraps around): 4096 × 4096.
    public var inputImagePixels = 1 << 24
    /// Bytes in one image file.
    public var imageFileBytes = 64 << 20
    /// Nesting levels of one list item (``ParagraphStyle/textLists``).
    public var listNesting = 16

    /// The default limits.
    public init() {}

    private static let stored = Locked(Limits())

    /// The limits in force for the process.
    public static var current: Limits {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

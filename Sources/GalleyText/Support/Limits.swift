/// The bounds on the resources one piece of work may take, each broken with an error that names it. They travel
/// with the work: ``LayoutManager/limits`` for a layout's paragraphs, ``RenderOptions/limits`` for the image it is
/// drawn into, and the `limits` parameter of ``PictureReader``'s readers for pictures read from files; so a service
/// may give each request its own, and a test a small one.
///
/// ```swift
/// var options = RenderOptions(scale: 2)
/// options.limits.imagePixels = 200_000_000      // allow a bigger poster
/// ```
///
/// What makes a single value valid is not a limit of this kind but a constant of its type: ``Font/sizeLimit``,
/// ``TextContainer/sizeLimit``, ``BezierPath/segmentLimit``, ``ParagraphStyle/listNestingLimit``,
/// ``FontLibrary/fontFileByteLimit``.
public struct Limits: Hashable, Sendable {
    /// UTF-16 units in one paragraph.
    public var paragraphLength = 1 << 20
    /// Pixels in one image.
    public var imagePixels = 50_000_000
    /// Pixels along one side of an image (PNG and cairo-style consumers choke beyond 65,535).
    public var imageSide = 65_535
    /// Pixels in one image read from a file (attachments, pictures text wraps around): 4096 × 4096.
    public var inputImagePixels = 1 << 24
    /// Bytes in one image file.
    public var imageFileBytes = 64 << 20
    /// Pixels in one WebP image: libwebp encodes the whole image at once and holds about 24 bytes a pixel while it
    /// does (a 48-million-pixel image took 1.15 GB), where PNG is written band by band. 4096 × 4096 by default,
    /// about 400 MB at most.
    public var webpPixels = 1 << 24

    /// The default limits.
    public init() {}
}

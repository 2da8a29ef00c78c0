/// A picture as pixels: what a ``TextAttachment`` shows and what an image ``ExclusionPath`` reads. The renderer's
/// `Canvas` is one, and so is any picture GalleyRender reads.
public protocol PixelImage: Sendable {
    /// The width in pixels.
    var width: Int { get }
    /// The height in pixels.
    var height: Int { get }
    /// Pixels per point: the picture is `width / scale` points wide at its own size.
    var scale: Double { get }
    /// The pixels, row by row from the top, four bytes each: red, green, blue and alpha, the colours premultiplied
    /// by alpha; `width × height × 4` bytes.
    var pixels: [UInt8] { get }
}

/// Why a picture cannot be shown or read.
public enum PixelImageError: GalleyError, Equatable, Sendable {
    /// The size or scale is not positive, or the pixels are not `width × height × 4` bytes.
    case malformed(width: Int, height: Int, scale: Double, bytes: Int)

    public var description: String {
        switch self {
        case .malformed(let width, let height, let scale, let bytes):
            return "a picture of \(width) × \(height) px at scale \(scale) holding \(bytes) bytes is malformed: "
                + "the sizes and the scale must be positive and the pixels width × height × 4 bytes"
        }
    }
}

extension PixelImage {
    /// Throws ``PixelImageError/malformed(width:height:scale:bytes:)`` unless the picture's size and scale are
    /// positive and its pixels fill it exactly: what every reader of a picture may then assume.
    package func checkShape() throws {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard width > 0, height > 0, scale.isFinite, scale > 0, !overflow, area <= Int.max / 4,
            pixels.count == area * 4
        else { throw PixelImageError.malformed(width: width, height: height, scale: scale, bytes: pixels.count) }
    }
}

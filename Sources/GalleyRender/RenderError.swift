import GalleyLayout
@_spi(Stages) import GalleyText

/// Why an image could not be made or written.
public enum RenderError: GalleyError, Equatable, Sendable {
    /// The image would have more pixels than `limit` (``Limits/imagePixels``) or a side over `sideLimit`
    /// (``Limits/imageSide``).
    case imageTooLarge(width: Int, height: Int, limit: Int, sideLimit: Int)
    /// The text reaches further down than `height` points, the most an image `width` pixels wide may show within
    /// `limit` pixels and `sideLimit` a side (found while laying out, before the rest of the text is placed).
    case textTooTall(width: Int, height: Double, limit: Int, sideLimit: Int)
    /// A size, scale or coordinate is zero, negative or not finite where a positive finite number is needed.
    case invalidDimension(name: String, value: Double)
    /// libpng refused to encode or decode an image.
    case pngFailed(String)
    /// libwebp could not encode the image (the reason given).
    case webpFailed(String)
    /// A WebP image of `width × height` pixels would be over `limit` (``Limits/webpPixels``) or WebP's 16,383
    /// pixels a side.
    case webpTooLarge(width: Int, height: Int, limit: Int)
    /// libjpeg could not encode the image (the reason given).
    case jpegFailed(String)
    /// cairo could not write the PDF or SVG document (the reason it gave).
    case vectorFailed(String)
    /// The pictures a PDF or SVG embeds, each once at the resolution it is shown at, would hold `pixels` pixels,
    /// more than `limit` (``Limits/imagePixels``, as a raster image of the page may hold).
    case picturesTooLarge(pixels: Int, limit: Int)
    /// The PNG could not be written to its file.
    case fileNotWritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .imageTooLarge(let width, let height, let limit, let sideLimit):
            return "image of \(width) × \(height) pixels is over the limit of \(limit) pixels "
                + "(\(sideLimit) per side)"
        case .textTooTall(let width, let height, let limit, let sideLimit):
            return "the text is taller than the \(Int(height)) points an image \(width) pixels wide may show "
                + "(\(limit) pixels, \(sideLimit) per side); set a height or a smaller scale"
        case .invalidDimension(let name, let value):
            return "\(name) must be a positive finite number, got \(value)"
        case .pngFailed(let message):
            return "PNG encoding or decoding failed: \(message)"
        case .webpFailed(let message):
            return "WebP encoding failed: \(message)"
        case .webpTooLarge(let width, let height, let limit):
            return "a WebP image of \(width) × \(height) pixels is over the limit of \(limit) pixels "
                + "(\(WebPWriter.sideLimit) per side; libwebp holds the whole image while it encodes); write PNG, or "
                + "render smaller"
        case .jpegFailed(let message):
            return "JPEG encoding failed: \(message)"
        case .vectorFailed(let message):
            return "PDF or SVG writing failed: \(message)"
        case .picturesTooLarge(let pixels, let limit):
            return "the pictures the document embeds hold \(pixels) pixels at the sizes they are shown, over the "
                + "limit of \(limit) pixels; show fewer distinct pictures, or smaller"
        case .fileNotWritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}

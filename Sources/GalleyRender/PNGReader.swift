import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// Decodes PNG files through libpng into canvases (premultiplied), for images drawn under text and for comparing
/// renders with reference images.
public enum PNGReader {
    /// The canvas held by the PNG `data`, at `scale` pixels per point.
    ///
    /// - Throws: ``RenderError/pngFailed(_:)`` with libpng's message for data that is not a PNG or is larger than
    ///   `limits` allow an image (``Limits/imagePixels``, ``Limits/imageSide``).
    public static func decode(_ data: Data, scale: Double = 1, limits: Limits = Limits()) throws -> Canvas {
        switch try PictureReader.decoded(.png, data, scale: scale, pixelLimit: limits.imagePixels, limits: limits) {
        case .success(let canvas): return canvas
        case .failure(let failure): throw RenderError.pngFailed(failure.message)
        }
    }
}

/// Why an image file could not be used.
public enum ImageError: GalleyError, Equatable, Sendable {
    /// The file is missing, not a regular file, too big, or unreadable.
    case unreadable(path: String, reason: String)
    /// It is not a picture Galley reads (PNG, JPEG, WebP, GIF), or its decoder could not read it.
    case corrupt(path: String, message: String)
    /// It has more pixels than ``Limits/inputImagePixels``.
    case tooManyPixels(path: String, width: Int, height: Int, limit: Int)
    /// One of its sides has more pixels than ``Limits/imageSide``.
    case sideTooLong(path: String, width: Int, height: Int, limit: Int)
    /// With it, the pictures of one document would have more pixels than its budget allows (GalleyDocuments'
    /// `DocumentLimits.documentImagePixels`).
    case overDocumentBudget(path: String, pixels: Int, limit: Int)

    /// The same error naming the file `path`: a file read at the path it resolved to is named as its reader named
    /// it (a service's client never learns the server's folders).
    public func naming(_ path: String) -> ImageError {
        switch self {
        case .unreadable(_, let reason): return .unreadable(path: path, reason: reason)
        case .corrupt(_, let message): return .corrupt(path: path, message: message)
        case .tooManyPixels(_, let width, let height, let limit):
            return .tooManyPixels(path: path, width: width, height: height, limit: limit)
        case .sideTooLong(_, let width, let height, let limit):
            return .sideTooLong(path: path, width: width, height: height, limit: limit)
        case .overDocumentBudget(_, let pixels, let limit):
            return .overDocumentBudget(path: path, pixels: pixels, limit: limit)
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read image \(path): \(reason)"
        case .corrupt(let path, let message):
            return "image \(path) is not a readable picture (PNG, JPEG, WebP or GIF): \(message)"
        case .tooManyPixels(let path, let width, let height, let limit):
            return "image \(path) has \(width) × \(height) pixels, over the limit of \(limit) pixels"
        case .sideTooLong(let path, let width, let height, let limit):
            return "image \(path) has \(width) × \(height) pixels, over the limit of \(limit) pixels a side"
        case .overDocumentBudget(let path, let pixels, let limit):
            return "image \(path) brings the document's pictures to \(pixels) pixels, over the limit of \(limit) "
                + "pixels for one document"
        }
    }
}

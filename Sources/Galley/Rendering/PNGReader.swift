import CPNG
import Foundation

/// Decodes PNG files through libpng into canvases (premultiplied), for images drawn under text and for comparing
/// renders with reference images.
public enum PNGReader {
    /// The canvas held by the PNG `data`, at `scale` pixels per point.
    ///
    /// - Throws: ``RenderError/pngFailed(_:)`` with libpng's message for data that is not a PNG or is larger than
    ///   `limits` allow an image (``Limits/imagePixels``, ``Limits/imageSide``).
    public static func decode(_ data: Data, scale: Double = 1, limits: Limits = Limits()) throws -> Canvas {
        switch try decoded(data, scale: scale, pixelLimit: limits.imagePixels, limits: limits) {
        case .success(let canvas): return canvas
        case .failure(let failure): throw RenderError.pngFailed(failure.message)
        }
    }

    /// Why libpng refused data: its message, and the size the header gave (0 × 0 when it was not read or was
    /// within the limits).
    struct DecodingFailure: Error {
        let message: String
        let width: Int, height: Int
    }

    /// libpng's reading of `data` as a premultiplied canvas, refusing images of more than `pixelLimit` pixels or
    /// `limits`' ``Limits/imageSide`` pixels a side before allocating them.
    ///
    /// - Throws: ``RenderError`` when the canvas cannot be made at `scale`.
    static func decoded(_ data: Data, scale: Double, pixelLimit: Int, limits: Limits) throws -> Result<
        Canvas, DecodingFailure
    > {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            CPNG_decode_rgba(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(pixelLimit),
                UInt32(clamping: limits.imageSide), &pixels, &width, &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            return .failure(
                DecodingFailure(
                    message: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self),
                    width: Int(width), height: Int(height)))
        }
        defer { CPNG_free(pixels) }
        return .success(
            try canvas(from: pixels, width: Int(width), height: Int(height), scale: scale, limits: limits))
    }

    /// A canvas of libpng's straight RGBA rows, premultiplied.
    private static func canvas(
        from pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, scale: Double, limits: Limits
    ) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height, scale: scale, limits: limits)
        let count = width * height * 4
        for index in stride(from: 0, to: count, by: 4) {
            let alpha = Int(pixels[index + 3])
            for channel in 0..<3 {
                canvas.pixels[index + channel] = UInt8((Int(pixels[index + channel]) * alpha + 127) / 255)
            }
            canvas.pixels[index + 3] = UInt8(alpha)
        }
        return canvas
    }
}

extension PNGReader {
    /// The PNG file at `path`, decoded at `scale` pixels per point, within `limits`.
    ///
    /// - Throws: ``ImageError`` naming the file: unreadable (missing, a directory, a FIFO, over
    ///   ``Limits/imageFileBytes``), not a PNG or corrupt, or over ``Limits/inputImagePixels``.
    public static func read(contentsOfFile path: String, scale: Double = 1, limits: Limits = Limits()) throws
        -> Canvas
    {
        if let refusal = FileRefusal.check(path, byteLimit: limits.imageFileBytes) {
            throw ImageError.unreadable(path: path, reason: refusal.reason)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImageError.unreadable(path: path, reason: "it could not be read")
        }
        return try decode(data, scale: scale, limits: limits, path: path)
    }

    /// A PNG held in memory (a picture given inline, as a data URI), decoded at `scale` pixels per point, under
    /// the limits a file has; `name` stands for its path in errors.
    ///
    /// - Throws: ``ImageError`` naming it: over ``Limits/imageFileBytes``, not a PNG or corrupt, or over
    ///   ``Limits/inputImagePixels``.
    public static func read(data: Data, named name: String, scale: Double = 1, limits: Limits = Limits()) throws
        -> Canvas
    {
        guard data.count <= limits.imageFileBytes else {
            throw ImageError.unreadable(
                path: name, reason: "\(data.count) bytes is over the limit of \(limits.imageFileBytes) bytes")
        }
        return try decode(data, scale: scale, limits: limits, path: name)
    }

    /// `data` (the file at `path`) decoded, refusing images of more than `limits`' ``Limits/inputImagePixels``
    /// before allocating them.
    static func decode(_ data: Data, scale: Double, limits: Limits, path: String) throws -> Canvas {
        let sideLimit = limits.imageSide, pixelLimit = limits.inputImagePixels
        switch try decoded(data, scale: scale, pixelLimit: pixelLimit, limits: limits) {
        case .success(let canvas): return canvas
        case .failure(let failure) where max(failure.width, failure.height) > sideLimit:
            throw ImageError.sideTooLong(path: path, width: failure.width, height: failure.height, limit: sideLimit)
        case .failure(let failure) where failure.width * failure.height > pixelLimit:
            throw ImageError.tooManyPixels(
                path: path, width: failure.width, height: failure.height, limit: pixelLimit)
        case .failure(let failure): throw ImageError.corrupt(path: path, message: failure.message)
        }
    }
}

/// Why an image file could not be used.
public enum ImageError: GalleyError, Equatable, Sendable {
    /// The file is missing, not a regular file, too big, or unreadable.
    case unreadable(path: String, reason: String)
    /// libpng could not decode it.
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
        case .corrupt(let path, let message): return "image \(path) is not a readable PNG: \(message)"
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

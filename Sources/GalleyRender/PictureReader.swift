import CGIF
import CJPEG
import CPNG
import CWebP
import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// Decodes the pictures notes and documents show, PNG, JPEG, WebP or GIF (its first image), told apart by their
/// first bytes, each by its own library (libpng, libjpeg-turbo, libwebp, giflib), under the same limits; a JPEG
/// photo is turned as its EXIF orientation says (libexif).
public enum PictureReader {
    /// The picture file at `path`, decoded at `scale` pixels per point, within `limits`.
    ///
    /// - Throws: ``ImageError`` naming the file: unreadable (missing, a directory, a FIFO, over
    ///   ``Limits/imageFileBytes``), not a picture or corrupt, or over ``Limits/inputImagePixels``.
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

    /// A picture held in memory (given inline, as a data URI), decoded at `scale` pixels per point, under the
    /// limits a file has; `name` stands for its path in errors.
    ///
    /// - Throws: ``ImageError`` naming it: over ``Limits/imageFileBytes``, not a picture or corrupt, or over
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

    /// The picture formats Galley reads, by their signatures.
    enum Format {
        case png, jpeg, webp, gif

        /// The format `data` starts as, or nil.
        init?(_ data: Data) {
            let bytes = [UInt8](data.prefix(12))
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
                self = .png
            } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
                self = .jpeg
            } else if bytes.count == 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8...] == Array("WEBP".utf8)[...]
            {
                self = .webp
            } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
                self = .gif
            } else {
                return nil
            }
        }
    }

    /// `data` (the file at `path`) decoded, refusing pictures of more than `limits`' ``Limits/inputImagePixels``
    /// before allocating them.
    static func decode(_ data: Data, scale: Double, limits: Limits, path: String) throws -> Canvas {
        let sideLimit = limits.imageSide, pixelLimit = limits.inputImagePixels
        guard let format = Format(data) else {
            throw ImageError.corrupt(path: path, message: "its first bytes are none of these formats'")
        }
        switch try decoded(format, data, scale: scale, pixelLimit: pixelLimit, limits: limits) {
        case .success(let canvas): return canvas
        case .failure(let failure) where max(failure.width, failure.height) > sideLimit:
            throw ImageError.sideTooLong(path: path, width: failure.width, height: failure.height, limit: sideLimit)
        case .failure(let failure) where failure.width * failure.height > pixelLimit:
            throw ImageError.tooManyPixels(
                path: path, width: failure.width, height: failure.height, limit: pixelLimit)
        case .failure(let failure): throw ImageError.corrupt(path: path, message: failure.message)
        }
    }

    /// `data` decoded by its format's library to straight RGBA, then premultiplied (a JPEG turned upright),
    /// refusing pictures of more than `pixelLimit` pixels or `limits`' ``Limits/imageSide`` a side before allocating
    /// them.
    ///
    /// - Throws: ``RenderError`` when the canvas cannot be made at `scale`.
    static func decoded(_ format: Format, _ data: Data, scale: Double, pixelLimit: Int, limits: Limits)
        throws -> Result<Canvas, DecodingFailure>
    {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var orientation: Int32 = 1
        var message = [CChar](repeating: 0, count: 256)
        let side = UInt32(clamping: limits.imageSide), most = UInt64(pixelLimit)
        let status = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress
            switch format {
            case .png:
                return CPNG_decode_rgba(bytes, raw.count, most, side, &pixels, &width, &height, &message, message.count)
            case .jpeg:
                return galley_jpeg_decode(
                    bytes, raw.count, most, side, &pixels, &width, &height, &orientation, &message, message.count)
            case .webp:
                return galley_webp_decode(
                    bytes, raw.count, most, side, &pixels, &width, &height, &message, message.count)
            case .gif:
                return galley_gif_decode(
                    bytes, raw.count, most, side, &pixels, &width, &height, &message, message.count)
            }
        }
        guard status == 0, let pixels else {
            return .failure(
                DecodingFailure(
                    message: String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self),
                    width: Int(width), height: Int(height)))
        }
        defer {
            switch format {
            case .png: CPNG_free(pixels)
            case .jpeg: galley_jpeg_free(pixels)
            case .webp: galley_webp_free(pixels)
            case .gif: galley_gif_free(pixels)
            }
        }
        let canvas = try canvas(from: pixels, width: Int(width), height: Int(height), scale: scale, limits: limits)
        return .success(try ExifOrientation(rawValue: Int(orientation))?.upright(canvas, limits: limits) ?? canvas)
    }

    /// Why a decoder refused data: its message, and the size the header gave (0 × 0 when it was not read or was
    /// within the limits).
    struct DecodingFailure: Error {
        let message: String
        let width: Int, height: Int
    }

    /// A canvas of straight RGBA rows (a decoder's), premultiplied.
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

import CPNG
import Foundation

/// Decodes PNG files through libpng into canvases (premultiplied), for images drawn under text and for comparing
/// renders with reference images.
public enum PNGReader {
    /// The canvas held by the PNG `data`, at `scale` pixels per point.
    ///
    /// - Throws: ``RenderError/pngFailed(_:)`` with libpng's message for data that is not a PNG;
    ///   ``RenderError/imageTooLarge(width:height:limit:)`` past ``Canvas/pixelLimit``.
    public static func decode(_ data: Data, scale: Double = 1) throws -> Canvas {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { bytes in
            CPNG_decode_rgba(
                bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, UInt64(Canvas.pixelLimit), &pixels, &width,
                &height, &message, message.count)
        }
        guard status == 0, let pixels else {
            throw RenderError.pngFailed(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        defer { CPNG_free(pixels) }
        var canvas = try Canvas(width: Int(width), height: Int(height), scale: scale)
        let count = Int(width) * Int(height) * 4
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

import CPNG
import Foundation

/// Encodes canvases as PNG through libpng: 8-bit RGBA with straight alpha, an sRGB chunk, and a pHYs chunk of
/// 72 dpi × the canvas scale, so a scale-2 image opens at its size in points.
public struct PNGWriter: Sendable {
    /// zlib's level, 0 (none) to 9 (smallest).
    public var compressionLevel: Int
    /// Which row filters libpng may choose among (libpng's `PNG_FILTER_*` bits); 0 is libpng's default.
    public var filters: Int32

    /// Level 3 with no row filter. Text on a flat background compresses better unfiltered: on the benchmark note
    /// (814 × 4,623 px) this writes a file 28 % smaller than libpng's defaults (level 6, adaptive filters) in a
    /// quarter of the time (`swift package benchmark --target Rendering` in Benchmarks/ prints both).
    public init(compressionLevel: Int = 3, filters: Int32 = CPNG_FILTER_NONE) {
        self.compressionLevel = min(9, max(0, compressionLevel))
        self.filters = filters
    }

    /// The PNG bytes of `canvas`.
    public func encode(_ canvas: Canvas) throws -> Data {
        let rgba = canvas.straightRGBA()
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let pixelsPerMeter = UInt32((canvas.scale * 72 / 0.0254).rounded())
        let status = rgba.withUnsafeBufferPointer { pixels in
            CPNG_encode_rgba(
                pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), canvas.width * 4, pixelsPerMeter,
                Int32(compressionLevel), filters, &output, &length, &message, message.count)
        }
        guard status == 0, let output else {
            throw RenderError.pngFailed(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        defer { CPNG_free(output) }
        return Data(bytes: output, count: length)
    }

    /// Writes `canvas` as a PNG file at `path`.
    public func write(_ canvas: Canvas, to path: String) throws {
        let data = try encode(canvas)
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw RenderError.fileNotWritable(path: path, reason: error.localizedDescription)
        }
    }
}

import CPNG
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Encodes canvases as PNG through libpng: 8-bit RGB, or RGBA with straight alpha when a pixel is not opaque, an
/// sRGB chunk, and a pHYs chunk of 72 dpi × the canvas scale, so a scale-2 image opens at its size in points.
public struct PNGWriter: Sendable {
    /// zlib's level, 0 (none) to 9 (smallest).
    public var compressionLevel: Int
    /// Which row filters libpng may choose among (libpng's `PNG_FILTER_*` bits); 0 is libpng's default.
    public var filters: Int32
    /// zlib's strategy (`CPNG_STRATEGY_*`: default, filtered, run-length).
    public var strategy: Int32

    /// Level 1, no row filter, default strategy, chosen by measurement on the benchmark note (814 × 4,469 px,
    /// opaque, so written as RGB) with `Benchmarks/compare-pango`: level 3 took 5 ms more for a file 6.5 % smaller
    /// (797 kB against 849 kB; pangocairo writes 976 kB). Sub or Up filters doubled the time and grew the file by a
    /// third; zlib's run-length strategy wrote files two to five times larger.
    public init(
        compressionLevel: Int = 1, filters: Int32 = CPNG_FILTER_NONE, strategy: Int32 = Int32(CPNG_STRATEGY_DEFAULT)
    ) {
        self.compressionLevel = min(9, max(0, compressionLevel))
        self.filters = filters
        self.strategy = strategy
    }

    /// The PNG bytes of `canvas`: RGB when every pixel is opaque (premultiplied and straight are then the same,
    /// and libpng reads the canvas's own rows), RGBA with straight alpha otherwise.
    public func encode(_ canvas: Canvas) throws -> Data {
        let hasAlpha = !canvas.isOpaque
        let bytes = hasAlpha ? canvas.straightRGBA() : canvas.pixels
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let pixelsPerMeter = UInt32((canvas.scale * 72 / 0.0254).rounded())
        let status = bytes.withUnsafeBufferPointer { pixels in
            CPNG_encode(
                pixels.baseAddress, UInt32(canvas.width), UInt32(canvas.height), canvas.width * 4,
                hasAlpha ? 1 : 0, pixelsPerMeter, Int32(compressionLevel), filters, strategy, &output, &length,
                &message, message.count)
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
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw RenderError.fileNotWritable(path: path, reason: "it is a directory")
        }
        // Written through open(2) and write(2), so a failure is named by its errno rather than a Foundation code.
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw RenderError.fileNotWritable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(file) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(file, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if !(written < 0 && errno == EINTR) {
                    let reason = written < 0 ? String(cString: strerror(errno)) : "nothing was written"
                    throw RenderError.fileNotWritable(path: path, reason: reason)
                }
            }
        }
    }
}

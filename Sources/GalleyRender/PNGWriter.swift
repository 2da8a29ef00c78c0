import CPNG
import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

#if canImport(Glibc)
    import Glibc
#endif

/// Encodes canvases as PNG through libpng, deflated by Intel's ISA-L (or zlib), at 8 bits a sample in the smallest
/// colour type that keeps every pixel exact: grey when every pixel is an opaque grey, a palette (with tRNS for its
/// translucent colours) when the image has at most 256 colours, else RGB, or RGBA with straight alpha when a pixel
/// is not opaque. With an sRGB chunk and a pHYs chunk of 72 dpi × the canvas scale, so a scale-2 image opens at
/// its size in points.
///
/// With row filter none (the default) the image is compressed in bands of ``bandRows`` rows on ``threads``
/// threads, each band a piece of one zlib-framed stream ended by a full flush (pigz's way of compressing in
/// parallel; ISA-L's igzip deflates each band several times faster than zlib, ``deflater``),
/// and libpng writes the chunks around the joined stream. A band starts with an empty dictionary, which costs
/// 0.5 % of the file on the benchmark note. While the image may still take one byte a pixel a band is kept as
/// indices into its colours (a byte a pixel) and compressed once every band is drawn; once the bands drawn show
/// more than 256 colours, each band is compressed as it is drawn. Other filters are libpng's own, on one thread.
public struct PNGWriter: Sendable {
    /// Which deflate compresses the bands.
    public enum Deflater: Sendable, Equatable {
        /// Intel's ISA-L (igzip) at ``PNGWriter/isalLevel``: several times faster than zlib for a file a few
        /// percent larger.
        case isal
        /// zlib at ``PNGWriter/compressionLevel``.
        case zlib
    }

    /// Which deflate compresses the bands (with row filter none; libpng's own path is zlib's).
    public var deflater: Deflater
    /// zlib's level, 0 (none) to 9 (smallest), for RGB and RGBA images; grey and palette images take at least
    /// level 4.
    public var compressionLevel: Int
    /// Which row filters libpng may choose among (libpng's `PNG_FILTER_*` bits); 0 is libpng's default.
    public var filters: Int32
    /// zlib's strategy (`CPNG_STRATEGY_*`: default, filtered, run-length).
    public var strategy: Int32
    /// How many threads draw and compress bands at once: by default every processor this process may run on
    /// (``Processors/usable``).
    public var threads: Int

    /// ISA-L's level (0 to 3) for every colour type.
    public static let isalLevel = 2

    /// Rows per band: a quarter of a megabyte of RGB at a phone-width image at scale 2; on the benchmark note,
    /// smaller bands made the file larger and larger ones left one core idle longer at the end.
    public static let bandRows = 256

    /// Level 1, no row filter, default strategy, chosen by measurement on the benchmark note (814 × 4,623 px,
    /// opaque, so written as RGB) with `Benchmarks/compare-pango`: level 3 took longer for a slightly smaller
    /// file; Sub or Up filters cost more time and grew the file; zlib's run-length strategy wrote files several
    /// times larger (figures in Benchmarks/README.md).
    public init(
        compressionLevel: Int = 1, filters: Int32 = CPNG_FILTER_NONE, strategy: Int32 = Int32(CPNG_STRATEGY_DEFAULT),
        threads: Int = Processors.usable, deflater: Deflater = .isal
    ) {
        self.deflater = deflater
        self.compressionLevel = min(9, max(0, compressionLevel))
        self.filters = filters
        self.strategy = strategy
        self.threads = max(1, threads)
    }

    /// The PNG bytes of `canvas`, in the smallest colour type that keeps its pixels (premultiplied and straight
    /// alpha are the same where every pixel is opaque).
    public func encode(_ canvas: Canvas) throws -> Data {
        let hasAlpha = !canvas.isOpaque
        let bytes = hasAlpha ? canvas.straightRGBA() : canvas.pixels
        guard filters == CPNG_FILTER_NONE else {
            return try encodeWithLibpng(
                bytes, width: canvas.width, height: canvas.height, scale: canvas.scale, hasAlpha: hasAlpha)
        }
        return try encodeInBands(
            width: canvas.width, height: canvas.height, scale: canvas.scale, hasAlpha: hasAlpha
        ) { first, rows, _, settle in
            try bytes.withUnsafeBytes {
                try settle(
                    UnsafeRawBufferPointer(
                        rebasing: $0[(first * canvas.width * 4)..<((first + rows) * canvas.width * 4)]))
            }
        }
    }

    /// The PNG bytes of an image `width × height` pixels drawn band by band, never whole: `drawingBand` is called
    /// once per band of ``bandRows`` rows, on several threads at once, with a canvas filled with `background`
    /// whose ``Canvas/firstRow`` says which rows it holds; drawing in points lands where it would on one canvas of
    /// the whole image whose pixel (0, 0) shows `origin`. Peak memory is a band per thread, the compressed bytes
    /// and, while the image may still take a palette, a byte a pixel of the bands drawn; never the image's four
    /// (15 MB for the benchmark note).
    ///
    /// The image is opaque when `background` is (drawing over an opaque pixel leaves it opaque), and takes the
    /// smallest colour type that keeps its pixels. With a row filter other than none the bands are drawn into one
    /// canvas and libpng encodes it.
    ///
    /// - Throws: ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` before drawing when the image would pass
    ///   `limits`' ``Limits/imagePixels`` or ``Limits/imageSide``; the first error `drawingBand` throws;
    ///   ``RenderError/pngFailed(_:)``.
    public func encode(
        width: Int, height: Int, scale: Double, origin: Point, background: Color, limits: Limits = Limits(),
        drawingBand: @Sendable (inout Canvas) throws -> Void
    ) throws -> Data {
        try limits.checkImage(width: width, height: height)
        guard filters == CPNG_FILTER_NONE else {
            var canvas = try Canvas(
                width: width, height: height, scale: scale, origin: origin, background: background, limits: limits)
            try drawingBand(&canvas)
            return try encode(canvas)
        }
        let hasAlpha = background.alpha < 1
        return try encodeInBands(width: width, height: height, scale: scale, hasAlpha: hasAlpha) {
            first, rows, worker, settle in
            var canvas: Canvas
            if var kept = worker.canvas, kept.height == rows {
                worker.canvas = nil  // So clearing and drawing do not copy the buffer.
                kept.clear(to: background)
                canvas = kept
            } else {
                canvas = try Canvas(
                    width: width, height: rows, scale: scale, origin: origin, background: background, limits: limits)
            }
            canvas.firstRow = first
            try Cancellation.check()
            try drawingBand(&canvas)
            let bytes = hasAlpha ? canvas.straightRGBA() : canvas.pixels
            let settled = try bytes.withUnsafeBytes { try settle($0) }
            canvas.origin = origin
            worker.canvas = canvas
            return settled
        }
    }

    /// Writes `canvas` as a PNG file at `path`.
    public func write(_ canvas: Canvas, to path: String) throws {
        try Self.write(try encode(canvas), to: path)
    }

    /// Writes PNG bytes (or any bytes) to the file at `path`, replacing it whole: the bytes go to a new file in the
    /// same folder, renamed over `path` once all are written, so a failed write leaves the old file (or none) and a
    /// symbolic link at `path` is itself replaced, never the file it points to. A device or FIFO at `path` (such as
    /// `/dev/null`) is written to, not replaced.
    ///
    /// - Throws: ``RenderError/fileNotWritable(path:reason:)`` naming the system's reason.
    public static func write(_ data: Data, to path: String) throws {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw RenderError.fileNotWritable(path: path, reason: "it is a directory")
        }
        func failure(_ code: Int32) -> RenderError {
            RenderError.fileNotWritable(path: path, reason: String(cString: strerror(code)))
        }
        if lstat(path, &status) == 0, [S_IFCHR, S_IFIFO].contains(status.st_mode & S_IFMT) {
            let file = open(path, O_WRONLY | O_CLOEXEC)
            guard file >= 0 else { throw failure(errno) }
            defer { close(file) }
            try writeAll(data, to: file, path: path)
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "" : folder + "/") + ".\(name).XXXXXX").utf8CString)
        // Written through open(2) and write(2), so a failure is named by its errno rather than a Foundation code.
        let file = mkstemp(&template)
        guard file >= 0 else { throw failure(errno) }
        var written = false
        defer {
            close(file)
            if !written { unlink(template) }
        }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        fchmod(file, 0o644)
        try writeAll(data, to: file, path: path)
        guard rename(template, path) == 0 else { throw failure(errno) }
        written = true
    }

    /// Writes all of `data` to the open `file` (named `path` in errors).
    private static func writeAll(_ data: Data, to file: Int32, path: String) throws {
        guard let failure = data.withUnsafeBytes({ DescriptorWriting.writeAll($0, to: file) }) else { return }
        let reason = failure == 0 ? "nothing was written" : String(cString: strerror(failure))
        throw RenderError.fileNotWritable(path: path, reason: reason)
    }
}

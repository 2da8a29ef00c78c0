import CPNG
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Encodes canvases as PNG through libpng and zlib: 8-bit RGB, or RGBA with straight alpha when a pixel is not
/// opaque, an sRGB chunk, and a pHYs chunk of 72 dpi × the canvas scale, so a scale-2 image opens at its size in
/// points.
///
/// With row filter none (the default) the image is compressed in bands of ``bandRows`` rows on ``threads``
/// threads, each band a piece of one zlib stream ended by a full flush (pigz's way of compressing in parallel),
/// and libpng writes the chunks around the joined stream. A band starts with an empty dictionary, which costs
/// 0.5 % of the file on the benchmark note. Other filters are libpng's own, on one thread.
public struct PNGWriter: Sendable {
    /// zlib's level, 0 (none) to 9 (smallest).
    public var compressionLevel: Int
    /// Which row filters libpng may choose among (libpng's `PNG_FILTER_*` bits); 0 is libpng's default.
    public var filters: Int32
    /// zlib's strategy (`CPNG_STRATEGY_*`: default, filtered, run-length).
    public var strategy: Int32
    /// How many threads draw and compress bands at once: by default every processor this process may run on
    /// (``Processors/usable``).
    public var threads: Int

    /// Rows per band: a quarter of a megabyte of RGB at a phone-width image at scale 2; on the benchmark note,
    /// smaller bands made the file larger and larger ones left one core idle longer at the end.
    public static let bandRows = 256

    /// Level 1, no row filter, default strategy, chosen by measurement on the benchmark note (814 × 4,623 px,
    /// opaque, so written as RGB) with `Benchmarks/compare-pango`: level 3 took longer for a slightly smaller
    /// file; Sub or Up filters cost more time and grew the file; zlib's run-length strategy wrote files several
    /// times larger (figures in the README's Performance section).
    public init(
        compressionLevel: Int = 1, filters: Int32 = CPNG_FILTER_NONE, strategy: Int32 = Int32(CPNG_STRATEGY_DEFAULT),
        threads: Int = Processors.usable
    ) {
        self.compressionLevel = min(9, max(0, compressionLevel))
        self.filters = filters
        self.strategy = strategy
        self.threads = max(1, threads)
    }

    /// The PNG bytes of `canvas`: RGB when every pixel is opaque (premultiplied and straight are then the same),
    /// RGBA with straight alpha otherwise.
    public func encode(_ canvas: Canvas) throws -> Data {
        let hasAlpha = !canvas.isOpaque
        let bytes = hasAlpha ? canvas.straightRGBA() : canvas.pixels
        guard filters == CPNG_FILTER_NONE else {
            return try encodeWithLibpng(
                bytes, width: canvas.width, height: canvas.height, scale: canvas.scale,
                hasAlpha: hasAlpha)
        }
        let bands = (canvas.height + Self.bandRows - 1) / Self.bandRows
        let pieces = try compressPieces(count: bands) { band, worker in
            let first = band * Self.bandRows, rows = min(Self.bandRows, canvas.height - first)
            return try bytes.withUnsafeBufferPointer {
                try worker.compress(
                    $0.baseAddress! + first * canvas.width * 4, width: canvas.width, rows: rows, hasAlpha: hasAlpha,
                    isLast: band == bands - 1)
            }
        }
        return try assemble(pieces, width: canvas.width, height: canvas.height, scale: canvas.scale, hasAlpha: hasAlpha)
    }

    /// The PNG bytes of an image `width × height` pixels drawn band by band, never whole: `drawingBand` is called
    /// once per band of ``bandRows`` rows, on several threads at once, with a canvas filled with `background`
    /// whose ``Canvas/firstRow`` says which rows it holds; drawing in points lands where it would on one canvas of
    /// the whole image whose pixel (0, 0) shows `origin`. Peak memory is a band per thread and the compressed
    /// bytes, not the image (15 MB for the benchmark note).
    ///
    /// The image is RGB when `background` is opaque (drawing over an opaque pixel leaves it opaque), RGBA
    /// otherwise. With a row filter other than none the bands are drawn into one canvas and libpng encodes it.
    ///
    /// - Throws: ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` before drawing when the image would pass
    ///   `limits`' ``Limits/imagePixels`` or ``Limits/imageSide``; the first error `drawingBand` throws; ``RenderError/pngFailed(_:)``.
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
        let bands = (height + Self.bandRows - 1) / Self.bandRows
        let pieces = try compressPieces(count: bands) { band, worker in
            let first = band * Self.bandRows, rows = min(Self.bandRows, height - first)
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
            let piece = try bytes.withUnsafeBufferPointer {
                try worker.compress(
                    $0.baseAddress!, width: width, rows: rows, hasAlpha: hasAlpha, isLast: band == bands - 1)
            }
            canvas.origin = origin
            worker.canvas = canvas
            return piece
        }
        return try assemble(pieces, width: width, height: height, scale: scale, hasAlpha: hasAlpha)
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

    // MARK: Pieces

    /// One band compressed: its deflate bytes (malloc'd by the shim, freed with the piece), the Adler-32 and
    /// length of its uncompressed rows.
    private final class Piece: @unchecked Sendable {
        let bytes: UnsafeMutablePointer<UInt8>
        let length: Int
        let adler: UInt32
        let rawLength: UInt64

        init(bytes: UnsafeMutablePointer<UInt8>, length: Int, adler: UInt32, rawLength: UInt64) {
            self.bytes = bytes
            self.length = length
            self.adler = adler
            self.rawLength = rawLength
        }

        deinit { CPNG_free(bytes) }
    }

    /// What one thread keeps from band to band: zlib's state, and the band canvas it draws into.
    private final class BandWorker {
        let compressor: OpaquePointer
        var canvas: Canvas?

        init(compressionLevel: Int, strategy: Int32) throws {
            guard let compressor = CPNG_compressor_new(Int32(compressionLevel), strategy) else {
                throw RenderError.pngFailed("zlib could not start")
            }
            self.compressor = compressor
        }

        deinit { CPNG_compressor_free(compressor) }

        /// `rows` rows of 8-bit RGBA from `pixels` (`width × 4` bytes apart) as a piece.
        func compress(_ pixels: UnsafePointer<UInt8>, width: Int, rows: Int, hasAlpha: Bool, isLast: Bool) throws
            -> Piece
        {
            var output: UnsafeMutablePointer<UInt8>?
            var length = 0
            var adler: UInt32 = 0
            guard
                CPNG_compress_piece(
                    compressor, pixels, UInt32(width), UInt32(rows), width * 4, hasAlpha ? 1 : 0, isLast ? 1 : 0,
                    &output, &length, &adler) == 0, let output
            else { throw RenderError.pngFailed("zlib could not compress the image") }
            let rawLength = UInt64(rows * (1 + width * (hasAlpha ? 4 : 3)))
            return Piece(bytes: output, length: length, adler: adler, rawLength: rawLength)
        }
    }

    /// `count` pieces made by `make` on up to ``threads`` threads, each with its own ``BandWorker``.
    private func compressPieces(count: Int, make: @Sendable (Int, BandWorker) throws -> Piece) throws -> [Piece] {
        try ParallelWork.map(
            count: count, threads: threads,
            makeWorker: { try BandWorker(compressionLevel: compressionLevel, strategy: strategy) }, make)
    }

    /// The PNG file around the joined pieces.
    private func assemble(_ pieces: [Piece], width: Int, height: Int, scale: Double, hasAlpha: Bool) throws -> Data {
        let starts = pieces.map { UnsafePointer<UInt8>?($0.bytes) }
        return try Self.encoded { output, length, message, capacity in
            CPNG_write_pieces(
                UInt32(width), UInt32(height), hasAlpha ? 1 : 0, Self.pixelsPerMeter(scale), Int32(compressionLevel),
                starts, pieces.map(\.length), pieces.map(\.adler), pieces.map(\.rawLength), pieces.count, output,
                length, message, capacity)
        }
    }

    /// The image encoded by libpng itself, with its row filters.
    private func encodeWithLibpng(_ bytes: [UInt8], width: Int, height: Int, scale: Double, hasAlpha: Bool) throws
        -> Data
    {
        try bytes.withUnsafeBufferPointer { pixels in
            try Self.encoded { output, length, message, capacity in
                CPNG_encode(
                    pixels.baseAddress, UInt32(width), UInt32(height), width * 4, hasAlpha ? 1 : 0,
                    Self.pixelsPerMeter(scale), Int32(compressionLevel), filters, strategy, output, length, message,
                    capacity)
            }
        }
    }

    /// The bytes a shim call hands back, or its message as an error.
    private static func encoded(
        _ call: (
            UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>,
            Int
        ) -> Int32
    ) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { call(&output, &length, $0.baseAddress!, $0.count) }
        guard status == 0, let output else {
            throw RenderError.pngFailed(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        // The shim's buffer comes from malloc (CPNG_free is free), so Data takes it over rather than copying it.
        return Data(bytesNoCopy: output, count: length, deallocator: .free)
    }

    /// 72 dpi × `scale`, in pixels per metre as pHYs records it.
    private static func pixelsPerMeter(_ scale: Double) -> UInt32 { UInt32((scale * 72 / 0.0254).rounded()) }
}

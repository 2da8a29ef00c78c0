import CPNG
import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

extension PNGWriter {
    /// One band after drawing: compressed when the image was already known to need three or four bytes a pixel,
    /// indexed while it may still take one.
    enum SettledBand: Sendable {
        case compressed(Piece)
        case indexed(IndexedBand)
    }

    /// The colours the bands drawn so far have shown, shared by the threads drawing them, until they pass 256.
    final class ImageColors: Sendable {
        private let seen = Locked<Set<UInt32>?>([])

        /// Whether the image has more than 256 colours, as far as the bands drawn show.
        var overflowed: Bool { seen.withLock { $0 == nil } }

        /// Adds a band's colours; false once the image has more than 256.
        func add(_ colors: [UInt32]) -> Bool {
            seen.withLock { seen in
                seen?.formUnion(colors)
                if let count = seen?.count, count > 256 { seen = nil }
                return seen != nil
            }
        }

        /// All the colours seen, when they are at most 256.
        var all: [UInt32]? { seen.withLock { $0.map(Array.init) } }
    }

    /// One band compressed: its deflate bytes (malloc'd by the shim, freed with the piece), the Adler-32 and
    /// length of its uncompressed rows.
    final class Piece: @unchecked Sendable {
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

    /// What one thread keeps from band to band: the deflater's state, and the band canvas it draws into.
    final class BandWorker {
        let compressor: OpaquePointer
        var canvas: Canvas?

        init(compressionLevel: Int, strategy: Int32, deflater: Deflater) throws {
            let choice = deflater == .isal ? CPNG_DEFLATER_ISAL : CPNG_DEFLATER_ZLIB
            guard let compressor = CPNG_compressor_new(Int32(compressionLevel), strategy, choice) else {
                throw RenderError.pngFailed("deflate could not start")
            }
            self.compressor = compressor
        }

        deinit { CPNG_compressor_free(compressor) }

        /// A drawn band of 8-bit RGBA `pixels` (`width × 4` bytes a row; straight alpha when `hasAlpha`) kept as
        /// indices while the image's colours may still number 256 or fewer, else compressed as RGB or RGBA.
        func settle(
            _ pixels: UnsafeRawBufferPointer, width: Int, hasAlpha: Bool, isLast: Bool, colors: ImageColors
        ) throws -> SettledBand {
            if !colors.overflowed, let band = IndexedBand(pixels), colors.add(band.colors) {
                return .indexed(band)
            }
            let rows = pixels.count / (width * 4)
            return .compressed(
                try piece(rows: rows, width: width, channels: hasAlpha ? 4 : 3) {
                    CPNG_compress_piece(
                        compressor, pixels.bindMemory(to: UInt8.self).baseAddress, UInt32(width), UInt32(rows),
                        width * 4, hasAlpha ? 1 : 0, isLast ? 1 : 0, $0, $1, $2)
                })
        }

        /// An indexed band compressed as `type` writes its pixels.
        func compress(_ band: IndexedBand, as type: PNGColorType, width: Int, isLast: Bool) throws -> Piece {
            let table = type.table(for: band.colors), rows = band.indices.count / width
            return try piece(rows: rows, width: width, channels: type.channels) { output, length, adler in
                CPNG_compress_indexed_piece(
                    compressor, band.indices, UInt32(width), UInt32(rows), table, Int32(type.channels),
                    isLast ? 1 : 0, output, length, adler)
            }
        }

        /// The piece a shim call compresses, `rows` rows of `width` pixels of `channels` bytes.
        private func piece(
            rows: Int, width: Int, channels: Int,
            _ call: (
                UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>, UnsafeMutablePointer<Int>,
                UnsafeMutablePointer<UInt32>
            ) -> Int32
        ) throws -> Piece {
            var output: UnsafeMutablePointer<UInt8>?
            var length = 0
            var adler: UInt32 = 0
            guard call(&output, &length, &adler) == 0, let output else {
                throw RenderError.pngFailed("deflate could not compress the image")
            }
            return Piece(bytes: output, length: length, adler: adler, rawLength: UInt64(rows * (1 + width * channels)))
        }
    }

    /// zlib's level for an image of `type`: ``compressionLevel``, but at least 4 for one byte a pixel. Deflate then
    /// reads a third of RGB's bytes, so level 4 there costs less than level 1 on RGB; on the benchmark note in
    /// grey it made the file 11 % smaller than level 1 did, within 1 % of `optipng -o1`'s.
    func compressionLevel(for type: PNGColorType) -> Int {
        type.channels == 1 ? max(compressionLevel, Self.oneBytePixelLevel) : compressionLevel
    }

    /// The least zlib level a grey or palette image is compressed at.
    static let oneBytePixelLevel = 4

    /// The deflater for the bands of an image of `type` (nil: not yet known, RGB or RGBA): ISA-L only for three
    /// or four bytes a pixel. A grey or palette image is a third of the bytes, and zlib at level 4 deflates it
    /// within 1 % of `optipng -o1`'s file where ISA-L's level 2 was over 10 % larger (PNGOutputTests).
    func deflater(for type: PNGColorType?) -> Deflater {
        type.map { $0.channels == 1 } == true ? .zlib : deflater
    }

    /// The level the bands of an image of `type` are deflated at: ``isalLevel`` through ISA-L, else zlib's
    /// (``compressionLevel(for:)``).
    func bandLevel(for type: PNGColorType?) -> Int {
        deflater(for: type) == .isal ? Self.isalLevel : type.map(compressionLevel(for:)) ?? compressionLevel
    }

    /// A fresh ``BandWorker`` for bands of an image of `type` (nil: not yet known), at this writer's strategy.
    private func makeWorker(for type: PNGColorType?) -> @Sendable () throws -> BandWorker {
        { [strategy, deflater = deflater(for: type), level = bandLevel(for: type)] in
            try BandWorker(compressionLevel: level, strategy: strategy, deflater: deflater)
        }
    }

    /// The PNG of an image `width × height` pixels, straight alpha when `hasAlpha`, made in bands of
    /// ``bandRows`` rows on up to ``threads`` threads: `band(first, rows, worker, settle)` hands the 8-bit RGBA
    /// rows `first..<first + rows` to `settle`, on the thread's `worker`.
    func encodeInBands(
        width: Int, height: Int, scale: Double, hasAlpha: Bool,
        _ band:
            @Sendable (
                _ first: Int, _ rows: Int, _ worker: BandWorker,
                _ settle: (UnsafeRawBufferPointer) throws -> SettledBand
            ) throws -> SettledBand
    ) throws -> Data {
        let colors = ImageColors()
        let count = (height + Self.bandRows - 1) / Self.bandRows
        let settled = try ParallelWork.map(
            count: count, threads: threads, makeWorker: makeWorker(for: nil)
        ) { index, worker in
            let first = index * Self.bandRows
            return try band(first, min(Self.bandRows, height - first), worker) { pixels in
                try worker.settle(pixels, width: width, hasAlpha: hasAlpha, isLast: index == count - 1, colors: colors)
            }
        }
        return try finish(settled, colors: colors, width: width, height: height, scale: scale, hasAlpha: hasAlpha)
    }

    /// The PNG file of an image `width × height` pixels from its settled bands, in order: the image's colour type
    /// chosen from their colours, the bands still indexed compressed in it on up to ``threads`` threads, and
    /// libpng's chunks around the joined pieces.
    private func finish(
        _ bands: [SettledBand], colors: ImageColors, width: Int, height: Int, scale: Double, hasAlpha: Bool
    ) throws -> Data {
        let allIndexed = bands.allSatisfy { if case .indexed = $0 { true } else { false } }
        let type = PNGColorType(colors: allIndexed ? colors.all : nil, hasAlpha: hasAlpha)
        let level = bandLevel(for: type)
        let pieces = try ParallelWork.map(count: bands.count, threads: threads, makeWorker: makeWorker(for: type)) {
            index, worker in
            switch bands[index] {
            case .compressed(let piece): piece
            case .indexed(let band):
                try worker.compress(band, as: type, width: width, isLast: index == bands.count - 1)
            }
        }
        let starts = pieces.map { UnsafePointer<UInt8>?($0.bytes) }
        return try type.withFormat { format in
            try Self.encoded { output, length, message, capacity in
                CPNG_write_pieces(
                    UInt32(width), UInt32(height), format, Self.pixelsPerMeter(scale),
                    Int32(deflater(for: type) == .isal ? 1 : level),
                    starts, pieces.map(\.length), pieces.map(\.adler), pieces.map(\.rawLength), pieces.count, output,
                    length, message, capacity)
            }
        }
    }

    /// The image (8-bit RGBA rows, straight alpha when `hasAlpha`) encoded by libpng itself, with its row
    /// filters, in the smallest colour type that keeps its pixels.
    func encodeWithLibpng(_ bytes: [UInt8], width: Int, height: Int, scale: Double, hasAlpha: Bool) throws -> Data {
        let indexed = bytes.withUnsafeBytes { IndexedBand($0) }
        let type = PNGColorType(colors: indexed?.colors, hasAlpha: hasAlpha)
        var rows = bytes, stride = width * 4
        if let indexed, type.channels == 1 {
            let table = type.table(for: indexed.colors)
            rows = indexed.indices.map { table[Int($0) * 4] }
            stride = width
        }
        return try rows.withUnsafeBufferPointer { pixels in
            try type.withFormat { format in
                try Self.encoded { output, length, message, capacity in
                    CPNG_encode(
                        pixels.baseAddress, UInt32(width), UInt32(height), stride, format, Self.pixelsPerMeter(scale),
                        Int32(compressionLevel(for: type)), filters, strategy, output, length, message, capacity)
                }
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

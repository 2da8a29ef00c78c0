import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Each PNG takes the smallest colour type that keeps every pixel exact, however many threads write it and
/// whichever row filters it uses.
@Suite struct PNGColorTypeTests {
    /// IHDR's colour type: 0 grey, 2 RGB, 3 palette, 6 RGBA.
    static func colorType(_ png: Data) -> UInt8? { PNGChunks.first("IHDR", in: png)?[9] }

    /// `canvas` encoded on one thread, on three, and through libpng's own row filters, each decoded to its pixels.
    static func encodings(_ canvas: Canvas) throws -> [Data] {
        let encodings = try [
            PNGWriter(threads: 1).encode(canvas), PNGWriter(threads: 3).encode(canvas),
            PNGWriter(filters: 0x10 | 0x20).encode(canvas),
        ]
        for png in encodings { #expect(try PNGReader.decode(png, scale: canvas.scale).pixels == canvas.pixels) }
        #expect(encodings[0] == encodings[1])
        #expect(Set(encodings.map(colorType)).count == 1, "the filtered file takes the same colour type")
        return encodings
    }

    /// A canvas of `width × height` whose pixel at (x, y) is `color(x, y)`: premultiplied RGBA, opaque unless
    /// it gives an alpha.
    static func canvas(width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = color(x, y)
                for channel in 0..<4 {
                    canvas.pixels[(y * width + x) * 4 + channel] = channel < pixel.count ? pixel[channel] : 255
                }
            }
        }
        return canvas
    }

    @Test func blackTextOnWhiteIsWrittenInGreyLevels() throws {
        let storage = TextStorage(
            LayoutFixtures.english + LayoutFixtures.chinese, attributes: TextAttributes(foregroundColor: .black))
        let (canvas, _) = try RenderFixtures.render(storage, background: .white)
        let png = try Self.encodings(canvas)[0]
        #expect(Self.colorType(png) == 0)
        #expect(png.count < (try PNGWriter(compressionLevel: 1).encode(Self.inColor(canvas))).count / 2)
    }

    @Test func textInOneColourIsWrittenWithAPaletteOfItsShades() throws {
        let storage = TextStorage(
            LayoutFixtures.english, attributes: TextAttributes(foregroundColor: Color(red: 0.1, green: 0.3, blue: 0.6)))
        let (canvas, _) = try RenderFixtures.render(storage, background: .white)
        let png = try Self.encodings(canvas)[0]
        #expect(Self.colorType(png) == 3)
        let palette = try #require(PNGChunks.first("PLTE", in: png))
        #expect(palette.count % 3 == 0 && palette.count / 3 > 16 && palette.count / 3 <= 256, "its shades")
        #expect(PNGChunks.first("tRNS", in: png) == nil, "every colour is opaque")
    }

    @Test func translucentColoursComeFirstInThePaletteAndOnlyTheyHaveAnAlpha() throws {
        let canvas = try Self.canvas(width: 40, height: 30) { x, y in
            x < 10 ? [0, 0, 0, 0] : y < 10 ? [128, 0, 0, 128] : [255, 255, 255]
        }
        let png = try Self.encodings(canvas)[0]
        #expect(Self.colorType(png) == 3)
        let alphas = try #require(PNGChunks.first("tRNS", in: png))
        #expect([UInt8](alphas) == [0, 128], "the clear and the half-red entries, not the white one")
    }

    @Test func imagesOfMoreThan256ColoursAreWrittenAsRGBOrRGBA() throws {
        let opaque = try Self.canvas(width: 30, height: 20) { x, y in
            [UInt8(x * 8), UInt8(y * 12), 128]
        }
        #expect(Self.colorType(try Self.encodings(opaque)[0]) == 2)
        let translucent = try Self.canvas(width: 30, height: 20) { x, y in
            x == 0 ? [64, UInt8(y * 6), 64, 128] : [UInt8(x * 8), UInt8(y * 12), 128]
        }
        #expect(Self.colorType(try Self.encodings(translucent)[0]) == 6)
    }

    /// Bands of 256 rows, each with fewer than 256 colours, that together have more: the bands kept as indices
    /// while the colours were few are written as RGB with the rest, the same bytes on any number of threads.
    @Test func bandsThatTogetherPassTheLimitAreWrittenAsRGB() throws {
        let rows = PNGWriter.bandRows
        let canvas = try Self.canvas(width: 8, height: rows * 3 + 5) { x, y in
            [UInt8(y / rows * 60), UInt8(y % rows), UInt8(x * 30)]
        }
        #expect(Self.colorType(try Self.encodings(canvas)[0]) == 2)
        let fewer = try Self.canvas(width: 8, height: rows * 3 + 5) { _, y in
            [UInt8(y / rows * 60), UInt8(y % 60), 0]
        }
        #expect(Self.colorType(try Self.encodings(fewer)[0]) == 3, "4 × 60 colours")
    }

    /// Noise deflate cannot shrink, in bands of different sizes, writes the same bytes on one thread and on three:
    /// a band's compressed bytes do not depend on which band the thread compressed before.
    @Test func incompressibleBandsAreWrittenAlikeOnAnyNumberOfThreads() throws {
        var generator = SeededGenerator(state: 75)
        let rows = PNGWriter.bandRows
        let noise = try Self.canvas(width: 97, height: rows * 4 + 31) { x, y in
            // The first band plain, the rest noise: each thread meets noise after a different band.
            y < rows ? [200, 200, 200] : (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
        #expect(Self.colorType(try Self.encodings(noise)[0]) == 2)
    }

    /// The zlib stream's Adler-32, joined from the bands', is that of the whole image's rows as PNG stores them
    /// (a filter byte 0, then a grey level a pixel), and its header names the level deflate used.
    @Test func greyRowsAreChecksummedAsStored() throws {
        let storage = TextStorage(
            Array(repeating: LayoutFixtures.english, count: 4).joined(separator: "\n"),
            attributes: TextAttributes(foregroundColor: .black))
        let (canvas, _) = try RenderFixtures.render(storage, background: .white)
        #expect(canvas.height > 2 * PNGWriter.bandRows)
        let png = try PNGWriter().encode(canvas)
        #expect(Self.colorType(png) == 0)
        let stream = PNGChunks.all("IDAT", in: png).reduce(Data(), +)
        #expect(stream.prefix(2) == Data([0x78, 0x5E]), "zlib's header for levels 2 to 5")
        var a: UInt32 = 1, b: UInt32 = 0
        for row in 0..<canvas.height {
            b = (b + a) % 65521
            for index in stride(from: row * canvas.width * 4, to: (row + 1) * canvas.width * 4, by: 4) {
                a = (a + UInt32(canvas.pixels[index])) % 65521
                b = (b + a) % 65521
            }
        }
        #expect(stream.suffix(4).reduce(0) { $0 << 8 | UInt32($1) } == b << 16 | a)
    }

    /// `canvas` with one pixel turned a colour of its own, so that it has colour and cannot be grey.
    static func inColor(_ canvas: Canvas) -> Canvas {
        var colored = canvas
        colored.pixels[0...3] = [255, 0, 0, 255]
        return colored
    }

    /// A band's indices and colours (the first met first) are those a pixel-by-pixel count gives, whatever its runs
    /// of one colour (long ones pass sixteen pixels at a time), its length (not a multiple of sixteen) and its count
    /// of colours (past 256 it is not indexed).
    @Test(arguments: [(1, 8), (37, 3), (1_000, 40), (4_099, 256), (4_100, 257), (333, 1)])
    func aBandIsIndexedAsPixelByPixel(count: Int, colorCount: Int) {
        var generator = SeededGenerator(state: UInt64(count * 1_000 + colorCount))
        let palette = (0..<colorCount).map { UInt32($0 * 7_919 + 0xFF00_0000) }
        var pixels: [UInt32] = []
        // Runs of every length from 1 to 60, so that blocks of one colour start and end anywhere; the first pixels
        // take every colour, so that the count of colours is the palette's.
        pixels += palette
        while pixels.count < count {
            let run = Int.random(in: 1...60, using: &generator)
            pixels += Array(repeating: palette.randomElement(using: &generator)!, count: run)
        }
        pixels.removeLast(pixels.count - max(count, colorCount))
        var colors: [UInt32] = []
        var expected: [UInt8] = []
        for pixel in pixels {
            if !colors.contains(pixel) { colors.append(pixel) }
            expected.append(UInt8(truncatingIfNeeded: colors.firstIndex(of: pixel)!))
        }
        let band = pixels.withUnsafeBytes { IndexedBand($0) }
        if colors.count > 256 {
            #expect(band == nil)
        } else {
            #expect(band?.colors == colors)
            #expect(band?.indices == expected)
        }
    }
}

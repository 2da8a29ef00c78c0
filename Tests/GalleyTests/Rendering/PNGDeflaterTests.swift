import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// ISA-L deflates PNG bands into the same image zlib does: every colour type, band edges, one row, a last band of
/// one row, and a noisy image ISA-L cannot shrink (its output buffer grows); libpng reads each back (checking the
/// joined Adler-32), and Python's zlib inflates the stream to the same rows.
@Suite struct PNGDeflaterTests {
    /// A `width × height` canvas: noise (incompressible) or a few colours in stripes, opaque or not.
    static func canvas(width: Int, height: Int, noise: Bool, colors: Int, opaque: Bool) throws -> Canvas {
        var canvas = try Canvas(width: width, height: height)
        var generator = SeededGenerator(state: UInt64(width * 31 + height))
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                // Stripes of `colors` colours (each its own red, green and blue), or noise.
                let stripe = noise ? 0 : (x / 7 + y) % colors
                let channels: [UInt8] =
                    noise
                    ? (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    : [UInt8(stripe * 40 % 256), UInt8(stripe % 256), UInt8(stripe / 256 * 90 % 256)]
                let alpha: UInt8 = opaque ? 255 : (x + y) % 3 == 0 ? 128 : 255
                // Premultiplied: a channel is at most its alpha.
                for channel in 0..<3 { canvas.pixels[index + channel] = min(channels[channel], alpha) }
                canvas.pixels[index + 3] = alpha
            }
        }
        return canvas
    }

    @Test(arguments: [
        (31, 1, false, 3, true), (97, 257, false, 5, true), (64, 513, false, 300, true), (40, 256, false, 4, false),
        (120, 300, true, 0, true), (50, 700, true, 0, false), (640, 1, true, 0, true),
    ])
    func isalAndZlibWriteTheSamePixels(_ width: Int, _ height: Int, _ noise: Bool, _ colors: Int, _ opaque: Bool)
        throws
    {
        let canvas = try Self.canvas(width: width, height: height, noise: noise, colors: colors, opaque: opaque)
        let fast = try PNGWriter(threads: 2, deflater: .isal).encode(canvas)
        let zlib = try PNGWriter(threads: 2, deflater: .zlib).encode(canvas)
        // ISA-L deflates three or four bytes a pixel; one byte a pixel is zlib's either way.
        if colors > 256 || noise { #expect(fast != zlib || height == 1, "ISA-L is not in use") }
        let (one, other) = (try PNGReader.decode(fast), try PNGReader.decode(zlib))
        #expect(one.width == width && one.height == height)
        #expect(one.pixels == other.pixels)
        // Noise is written nearly whole either way; ISA-L's level 2 leaves synthetic stripes up to 1.6 times larger
        // than zlib's level 1 (the benchmark note: 1.095 times), a bound against a broken stream, not a target.
        #expect(Double(fast.count) < Double(zlib.count) * 2 + 200, "\(fast.count) vs \(zlib.count) bytes")
    }

    @Test func theDefaultIsISAL() {
        #expect(PNGWriter().deflater == .isal && PNGWriter.isalLevel == 2)
    }
}

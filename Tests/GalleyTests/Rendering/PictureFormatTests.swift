import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Pictures in JPEG, WebP and GIF read as PNG ones are: the same pixels (within JPEG's loss), a photo turned as its
/// EXIF orientation says, a GIF's first image alone, and the same limits and errors.
@Suite struct PictureFormatTests {
    /// The repository's flower picture, the reference every format is read against.
    static let flower: Canvas = {
        // A fixture every checkout has; a failure here fails every test of the suite, loudly.
        try! PictureReader.read(
            contentsOfFile: TestFonts.repositoryRoot.appendingPathComponent("Examples/flower.png").path)
    }()

    /// The mean of each channel over 8 × 8 blocks: what a JPEG keeps of a picture.
    static func blockMeans(_ canvas: Canvas) -> [Double] {
        var means: [Double] = []
        for blockY in stride(from: 0, to: canvas.height - 7, by: 8) {
            for blockX in stride(from: 0, to: canvas.width - 7, by: 8) {
                for channel in 0..<3 {
                    var sum = 0
                    for y in blockY..<blockY + 8 {
                        for x in blockX..<blockX + 8 { sum += Int(canvas.pixels[(y * canvas.width + x) * 4 + channel]) }
                    }
                    means.append(Double(sum) / 64)
                }
            }
        }
        return means
    }

    @Test func aLosslessWebPIsThePNGsPixels() throws {
        let webp = try WebPWriter().encode(Self.flower)
        let read = try PictureReader.read(data: webp, named: "flower.webp")
        #expect(read.width == Self.flower.width && read.height == Self.flower.height)
        #expect(read.pixels == Self.flower.pixels)
    }

    @Test func aJPEGIsThePNGsPictureWithinItsLoss() throws {
        // JPEG has no alpha: the flower over white, as the writer flattens it, is what it must give back.
        var flat = try Canvas(width: Self.flower.width, height: Self.flower.height, background: .white)
        for index in stride(from: 0, to: flat.pixels.count, by: 4) {
            let alpha = Int(Self.flower.pixels[index + 3])
            for channel in 0..<3 {
                flat.pixels[index + channel] = UInt8(Int(Self.flower.pixels[index + channel]) + (255 - alpha))
            }
        }
        let jpeg = try JPEGWriter(quality: 95).encode(Self.flower)
        let read = try PictureReader.read(data: jpeg, named: "flower.jpg")
        #expect(read.width == flat.width && read.height == flat.height)
        let differences = zip(Self.blockMeans(read), Self.blockMeans(flat)).map { abs($0 - $1) }
        #expect(differences.max()! < 6, "the largest 8×8 block mean differs by \(differences.max()!)")
        #expect(read.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "opaque")
    }

    /// A photo stored on its side with EXIF orientation 6 (turn right to view) is read upright: taller than wide,
    /// what was its left half on top.
    @Test func aJPEGIsTurnedAsItsEXIFOrientationSays() throws {
        var stored = try Canvas(width: 32, height: 16, background: .white)
        for y in 0..<16 {
            for x in 0..<32 {
                let index = (y * 32 + x) * 4
                (stored.pixels[index], stored.pixels[index + 1], stored.pixels[index + 2]) =
                    x < 16 ? (220, 20, 20) : (20, 20, 220)
            }
        }
        let jpeg = [UInt8](try JPEGWriter(quality: 95).encode(stored))
        for (orientation, size, topIsRed) in [(1, (32, 16), true), (6, (16, 32), true), (8, (16, 32), false)] {
            let read = try PictureReader.read(data: Data(Self.withOrientation(orientation, jpeg)), named: "photo.jpg")
            #expect(read.width == size.0 && read.height == size.1, "orientation \(orientation)")
            let topLeft = Array(read.pixels[0..<3]),
                bottomRight = Array(read.pixels[(read.pixels.count - 4)...].prefix(3))
            let red = { (pixel: [UInt8]) in pixel[0] > 150 && pixel[2] < 100 }
            #expect(red(topLeft) == topIsRed && red(bottomRight) != topIsRed, "orientation \(orientation)")
        }
    }

    /// `jpeg` with an EXIF segment (big-endian TIFF, IFD0 holding Orientation alone) after its start marker.
    static func withOrientation(_ orientation: Int, _ jpeg: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] =
            Array("MM".utf8) + [0x00, 0x2A, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1]
            + [0, UInt8(orientation), 0, 0] + [0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    /// A GIF of two images on a 4 × 2 screen: the first (3 × 2 at x 1, white transparent) is what is read; the
    /// second, all blue, is not.
    @Test func aGIFsFirstImageIsRead() throws {
        let read = try PictureReader.read(contentsOfFile: TestFonts.fixture("pictures/first-frame.gif").path)
        #expect(read.width == 4 && read.height == 2)
        let pixels = stride(from: 0, to: read.pixels.count, by: 4).map { Array(read.pixels[$0..<$0 + 4]) }
        let (clear, red, green, blue): ([UInt8], [UInt8], [UInt8], [UInt8]) =
            ([0, 0, 0, 0], [255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255])
        #expect(pixels == [clear, red, green, blue, clear, clear, red, green])
    }

    @Test func everyFormatKeepsToTheLimitsBeforeDecoding() throws {
        var small = Limits()
        small.inputImagePixels = 100
        var tiny = Limits()
        tiny.inputImagePixels = 7
        let webp = try WebPWriter().encode(Self.flower)
        let jpeg = try JPEGWriter().encode(Self.flower)
        let gif = try Data(contentsOf: TestFonts.fixture("pictures/first-frame.gif"))
        for (data, name) in [(webp, "big.webp"), (jpeg, "big.jpg")] {
            #expect(
                throws: ImageError.tooManyPixels(
                    path: name, width: Self.flower.width, height: Self.flower.height, limit: 100)
            ) {
                try PictureReader.read(data: data, named: name, limits: small)
            }
        }
        #expect(throws: ImageError.tooManyPixels(path: "tiny.gif", width: 4, height: 2, limit: 7)) {
            try PictureReader.read(data: gif, named: "tiny.gif", limits: tiny)
        }
    }

    /// A GIF whose image is larger than its 4 × 2 screen (60,000 pixels a side, a few bytes of LZW) is refused by
    /// the image's size before a row is decoded.
    @Test func aGIFImageLargerThanItsScreenIsRefused() throws {
        let side: [UInt8] = [0x60, 0xEA]  // 60,000, little-endian
        let bytes: [UInt8] =
            Array("GIF89a".utf8) + [4, 0, 2, 0, 0xF1, 0, 0] + [255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255]
            + [0x2C, 0, 0, 0, 0] + side + side + [0] + [2, 2, 0x44, 0x01, 0] + [0x3B]
        #expect(throws: ImageError.tooManyPixels(path: "bomb.gif", width: 60_000, height: 60_000, limit: 1 << 24)) {
            try PictureReader.read(data: Data(bytes), named: "bomb.gif")
        }
    }

    @Test func damagedPicturesAreOneClearError() throws {
        let webp = [UInt8](try WebPWriter().encode(Self.flower))
        let jpeg = [UInt8](try JPEGWriter().encode(Self.flower))
        let gif = [UInt8](try Data(contentsOf: TestFonts.fixture("pictures/first-frame.gif")))
        for (bytes, name) in [
            (Array(webp.prefix(40)), "cut.webp"), (Array(jpeg.prefix(20)), "cut.jpg"),
            (Array(gif.prefix(30)), "cut.gif"),
            (Array("BM not a picture".utf8), "picture.bmp"),
        ] {
            do {
                let read = try PictureReader.read(data: Data(bytes), named: name)
                Issue.record("\(name) was read, \(read.width) × \(read.height)")
            } catch let error as ImageError {
                guard case .corrupt(let path, _) = error else {
                    Issue.record("\(name): \(error)")
                    continue
                }
                #expect(path == name)
                #expect(error.description.contains("is not a readable picture (PNG, JPEG, WebP or GIF)"))
            }
        }
    }
}

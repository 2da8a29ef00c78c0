import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `galley render` writes JPEG through libjpeg-turbo when the output is named `.jpg` or `.jpeg` (or `--format
/// jpeg`): libjpeg-turbo's own `djpeg` reads it back as the PNG's picture, on the page colour where the image is not
/// opaque, smaller at a lower `--quality`.
@Suite struct JPEGOutputTests {
    static let note = "Examples/note-mixed.md"

    /// The picture `djpeg` decodes from the JPEG at `path`, as an opaque canvas.
    static func decoded(_ path: String) throws -> Canvas {
        let djpeg = try #require(ExternalTool.find("djpeg"), "djpeg is missing: run Scripts/setup")
        let ppm = GalleyCommand.temporary((path as NSString).lastPathComponent + ".ppm")
        _ = try ExternalTool.run(djpeg, ["-pnm", "-outfile", ppm, path])
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ppm)))
        // "P6\nWIDTH HEIGHT\n255\n" then RGB.
        var fields: [Int] = [], index = 2, number = ""
        while fields.count < 3 {
            let byte = data[index]
            index += 1
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                number.append(Character(UnicodeScalar(byte)))
            } else if !number.isEmpty {
                fields.append(Int(number)!)
                number = ""
            }
        }
        var canvas = try Canvas(width: fields[0], height: fields[1])
        for pixel in 0..<(fields[0] * fields[1]) {
            for channel in 0..<3 { canvas.pixels[pixel * 4 + channel] = data[index + pixel * 3 + channel] }
            canvas.pixels[pixel * 4 + 3] = 255
        }
        return canvas
    }

    private func render(_ input: String, _ output: String, _ extra: [String] = []) throws {
        let outcome = try GalleyCommand.run(["render", input, "-o", output] + extra)
        #expect(outcome.status == 0, "\(outcome.error)")
    }

    @Test func aJPEGLooksAsThePNG() throws {
        let (jpeg, png) = (GalleyCommand.temporary("note.jpg"), GalleyCommand.temporary("note-for-jpeg.png"))
        try render(Self.note, jpeg)
        try render(Self.note, png)
        let header = try Data(contentsOf: URL(fileURLWithPath: jpeg)).prefix(3)
        #expect(header == Data([0xFF, 0xD8, 0xFF]), "not a JPEG")
        let difference = try #require(
            ImageLikeness.blockDifference(try Self.decoded(jpeg), try GalleyCommand.image(png)),
            "the JPEG is not the PNG's size")
        // Quality 90 with full-resolution colour: within a level or two on average, a missing glyph is 100 off.
        #expect(difference.mean < 2 && difference.largest < 24, "8 × 8 block differences \(difference)")
    }

    @Test func aLowerQualityIsASmallerFileAndFormatNamesAreAccepted() throws {
        let (best, low, named) = (
            GalleyCommand.temporary("q95.jpeg"), GalleyCommand.temporary("q40.jpg"),
            GalleyCommand.temporary("named.jpeg")
        )
        try render(Self.note, best, ["--quality", "95"])
        try render(Self.note, low, ["--quality", "40"])
        try render(Self.note, named, ["--format", "JPEG"])
        let sizes = try [best, low, named].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
        }
        #expect(sizes[1] > 0 && sizes[1] < sizes[0] / 2 && sizes[2] > 0, "\(sizes)")
        #expect(try Self.decoded(named).width == (try Self.decoded(best)).width)
    }

    @Test func aTransparentPageIsWrittenOnWhite() throws {
        let document = GalleyCommand.temporary("clear.json")
        try ##"{"render": {"background": null}, "content": [{"text": "Clear", "attributes": {"color": "#FF0000"}}]}"##
            .write(toFile: document, atomically: false, encoding: .utf8)
        let jpeg = GalleyCommand.temporary("clear.jpg")
        try render(document, jpeg)
        let picture = try Self.decoded(jpeg)
        // The top-left corner is margin: white, not black.
        #expect(picture.pixels[0] > 250 && picture.pixels[1] > 250 && picture.pixels[2] > 250)
    }

    @Test func compressionDoesNotApplyToJPEG() throws {
        let outcome = try GalleyCommand.run(
            ["render", Self.note, "-o", GalleyCommand.temporary("x.jpg"), "--compression", "small"])
        #expect(
            outcome.status == 2 && outcome.error.contains("--compression applies to PNG and lossless WebP only"),
            "\(outcome.error)")
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Attachments, lists and pictures through the `galley` command: JSON documents and notes that use them render,
/// and missing, corrupt or giant pictures, bad thresholds and lists nested too deep are one-line errors naming the
/// field (or line) and the limit.
@Suite struct PictureInputTests {
    /// A folder holding `picture.png` (a 6 × 4 opaque red image), `broken.png` (text), and `giant.png` (a PNG header
    /// claiming 5,000 × 5,000 pixels, no pixel data).
    static let folder: URL = {
        let folder = URL(fileURLWithPath: GalleyCommand.temporary("pictures"))
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let picture = try! Canvas(width: 6, height: 4, background: Color(red: 1, green: 0, blue: 0))
        try! PNGWriter().write(picture, to: folder.appendingPathComponent("picture.png").path)
        try! Data("not a picture".utf8).write(to: folder.appendingPathComponent("broken.png"))
        try! pngHeader(width: 5_000, height: 5_000).write(to: folder.appendingPathComponent("giant.png"))
        return folder
    }()

    /// The signature and IHDR chunk of an RGBA PNG of `width` × `height`, an empty IDAT, then IEND: enough for a
    /// decoder to read the size and refuse it before any pixel.
    static func pngHeader(width: UInt32, height: UInt32) -> Data {
        // An empty zlib stream stands for the pixel data a decoder must never reach.
        png(width: width, height: height, pixelData: [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    }

    /// An RGBA PNG of `width` × `height` whose IDAT chunk holds `pixelData` (a zlib stream), ending with IEND
    /// unless `ends` is false.
    static func png(width: UInt32, height: UInt32, pixelData: [UInt8], ends: Bool = true) -> Data {
        func chunk(_ kind: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(kind.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            return bigEndian(UInt32(body.count)) + typed + bigEndian(crc)
        }
        func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        let header = bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", pixelData)
                + (ends ? chunk("IEND", []) : []))
    }

    /// Runs `galley render` on a document with `json` as its text, written in the pictures folder.
    static func render(json: String, name: String) throws -> GalleyCommand.Outcome {
        let path = folder.appendingPathComponent("\(name).json").path
        try json.write(toFile: path, atomically: false, encoding: .utf8)
        return try GalleyCommand.run(["render", path, "-o", folder.appendingPathComponent("\(name).png").path])
    }

    @Test func aDocumentWithAPictureAListAndAWrappedPictureRenders() throws {
        let outcome = try Self.render(
            json: """
                {"container": {"width": 300, "exclusions": [
                    {"image": "picture.png", "x": 120, "y": 0, "width": 60, "threshold": 0.5, "margin": 4}]},
                 "content": [
                    {"text": "Before "},
                    {"attachment": {"image": "picture.png", "height": 12, "baselineOffset": -2, "alt": "red"}},
                    {"text": " after, a box ", "attributes": {"strokeWidth": 3, "obliqueness": 0.2}},
                    {"attachment": {"width": 10, "height": 10}},
                    {"text": "\\nFirst step", "attributes": {"paragraph": {"lists": [{"format": "decimal", "start": 3}]},
                      "underline": {"style": "single", "pattern": "dashDot", "byWord": true, "color": "#3366CC"}}},
                    {"text": "\\nx", "attributes": {"superscript": 1, "expansion": 0.2}}]}
                """, name: "good")
        #expect(outcome.status == 0, "\(outcome.error)")
        let canvas = try PictureReader.read(contentsOfFile: Self.folder.appendingPathComponent("good.png").path)
        #expect(canvas.width > 600)
    }

    @Test(arguments: [
        (
            #"{"content": [{"attachment": {"image": "missing.png"}}]}"#,
            ["content[0].attachment.image", "missing.png", "no such file"]
        ),
        (
            #"{"content": [{"attachment": {"image": "broken.png"}}]}"#,
            ["content[0].attachment.image", "not a readable picture"]
        ),
        (
            #"{"content": [{"attachment": {"image": "giant.png"}}]}"#,
            ["giant.png", "5000 × 5000 pixels", "limit of 16777216 pixels"]
        ),
        (#"{"content": [{"attachment": {}}]}"#, ["content[0].attachment", "needs \"image\""]),
        (#"{"content": [{"attachment": {"width": -3, "height": 4}}]}"#, ["content[0].attachment.width", "outside 0"]),
        (
            #"{"container": {"exclusions": [{"image": "picture.png", "threshold": 1.5}]}, "content": ["x"]}"#,
            ["container.exclusions[0].threshold", "1.5 is outside 0...1"]
        ),
        (
            #"{"container": {"exclusions": [{"image": "picture.png", "margin": -2}]}, "content": ["x"]}"#,
            ["container.exclusions[0].margin", "outside 0"]
        ),
        (
            #"{"content": [{"text": "x", "attributes": {"paragraph": {"lists": ["disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc", "disc"]}}}]}"#,
            ["content[0].attributes.paragraph.lists", "17 nested lists; the limit is 16"]
        ),
        (
            #"{"content": [{"text": "x", "attributes": {"paragraph": {"lists": ["bullets"]}}}]}"#,
            ["lists[0]", "\"bullets\" is not one of disc"]
        ),
    ])
    func badPicturesAndListsAreNamedErrors(_ json: String, _ expected: [String]) throws {
        // Cases run in parallel: each writes its own files.
        let outcome = try Self.render(json: json, name: "bad-\(abs(json.hashValue))")
        #expect(outcome.status == 1)
        #expect(outcome.error.split(separator: "\n").count == 1, "one line: \(outcome.error)")
        for fragment in expected { #expect(outcome.error.contains(fragment), "\(outcome.error)") }
    }

    /// A picture given inline as a data URI draws the same image as the file it came from, in a document and in a
    /// note; a data URI that is not base64 PNG is a one-line error that does not echo its data.
    @Test func inlinePicturesDrawAsTheirFiles() throws {
        let file = Self.folder.appendingPathComponent("picture.png")
        let uri = "data:image/png;base64," + (try Data(contentsOf: file)).base64EncodedString()
        func document(_ picture: String) -> String {
            #"{"content": ["a ", {"attachment": {"image": "\#(picture)", "width": 30}}, " b"]}"#
        }
        #expect(try Self.render(json: document("picture.png"), name: "by-path").status == 0)
        #expect(try Self.render(json: document(uri), name: "inline").status == 0)
        let byPath = try Data(contentsOf: Self.folder.appendingPathComponent("by-path.png"))
        #expect(byPath == (try Data(contentsOf: Self.folder.appendingPathComponent("inline.png"))))
        var notes: [Data] = []
        for (name, picture) in [("file-note", "picture.png"), ("inline-note", uri)] {
            let note = Self.folder.appendingPathComponent("\(name).md").path
            try "Text\n![red](\(picture))\n".write(toFile: note, atomically: false, encoding: .utf8)
            let output = GalleyCommand.temporary("\(name).png")
            let drawn = try GalleyCommand.run(["render", note, "-o", output])
            #expect(drawn.status == 0, "\(drawn.error)")
            notes.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(notes[0] == notes[1])
        let bad = try Self.render(
            json: document("data:image/png;base64,@@@@" + String(repeating: "A", count: 5_000)), name: "bad")
        #expect(bad.status == 1)
        #expect(bad.error.contains("data:image/…;base64,…") && bad.error.count < 300, "\(bad.error)")
    }

    @Test func aNoteNamesTheLineOfAMissingPicture() throws {
        let path = Self.folder.appendingPathComponent("note.md").path
        try "# Title\nText\n![gone](gone.png)\n".write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["render", path, "-o", GalleyCommand.temporary("note.png")])
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("line 3") && outcome.error.contains("gone.png"), "\(outcome.error)")
    }

    @Test func excludeImageFlagWrapsTextAndNamesABadFile() throws {
        let note = Self.folder.appendingPathComponent("plain.txt").path
        try String(repeating: "Words flow around the picture. ", count: 20).write(
            toFile: note, atomically: false, encoding: .utf8)
        let picture = Self.folder.appendingPathComponent("picture.png").path
        let good = try GalleyCommand.run(
            ["layout", note, "--exclude-image", "\(picture)@100,0", "--image-margin", "2", "--width", "300"])
        #expect(good.status == 0, "\(good.error)")
        let bad = try GalleyCommand.run([
            "render", note, "--exclude-image", "\(picture)x@1,2", "-o", GalleyCommand.temporary("flags.png"),
        ])
        #expect(bad.status != 0 && bad.error.contains("x@1,2") == false && bad.error.contains("cannot read image"))
        let malformed = try GalleyCommand.run([
            "render", note, "--exclude-image", picture, "-o", GalleyCommand.temporary("flags.png"),
        ])
        #expect(malformed.status != 0 && malformed.error.contains("FILE@X,Y"))
        let threshold = try GalleyCommand.run([
            "render", note, "--image-threshold", "2", "-o", GalleyCommand.temporary("flags.png"),
        ])
        #expect(threshold.status != 0 && threshold.error.contains("--image-threshold"))
    }
}

/// Notes show JPEG, WebP and GIF pictures as they show PNG ones, from a file or inline.
@Suite struct PictureFormatInputTests {
    @Test func aNoteShowsAJPEGWebPOrGIFAsItShowsThePNG() throws {
        let folder = URL(fileURLWithPath: GalleyCommand.temporary("formats"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let flower = try PictureReader.read(
            contentsOfFile: TestFonts.repositoryRoot.appendingPathComponent("Examples/flower.png").path)
        try PNGWriter().write(flower, to: folder.appendingPathComponent("flower.png").path)
        try JPEGWriter(quality: 95).encode(flower).write(to: folder.appendingPathComponent("flower.jpg"))
        let webp = try WebPWriter().encode(flower)
        try webp.write(to: folder.appendingPathComponent("flower.webp"))
        func render(_ picture: String, _ name: String, scale: String = "1") throws -> Canvas {
            let note = folder.appendingPathComponent("\(name).md").path
            try "Flowers\n\n![flower](\(picture))\n".write(toFile: note, atomically: false, encoding: .utf8)
            let output = folder.appendingPathComponent("\(name).png").path
            let drawn = try GalleyCommand.run(["render", note, "-o", output, "--width", "300", "--scale", scale])
            #expect(drawn.status == 0, "\(name): \(drawn.error)")
            return try PictureReader.read(contentsOfFile: output)
        }
        let png = try render("flower.png", "png")
        #expect(try render("flower.webp", "webp").pixels == png.pixels, "lossless WebP draws the same pixels")
        #expect(
            try render("data:image/webp;base64,\(webp.base64EncodedString())", "inline-webp").pixels == png.pixels)
        let jpeg = try render("flower.jpg", "jpeg")
        let difference = try #require(ImageLikeness.blockDifference(jpeg, png))
        #expect(difference.largest < 12, "JPEG's loss only: \(difference)")
        try FileManager.default.copyItem(
            at: TestFonts.fixture("pictures/first-frame.gif"), to: folder.appendingPathComponent("frame.gif"))
        // At scale 2 each of the GIF's pixels is one of the image's.
        let gif = try render("frame.gif", "gif", scale: "2")
        // A colour the picture drew: its channel strong, the others weak (edges blend with the page).
        func shows(_ channel: Int) -> Bool {
            stride(from: 0, to: gif.pixels.count, by: 4).contains { index in
                (0..<3).allSatisfy { gif.pixels[index + $0] > 150 ? $0 == channel : gif.pixels[index + $0] < 110 }
            }
        }
        #expect(shows(0) && shows(1) && shows(2), "the GIF's first image is drawn: red, green and blue")
    }
}

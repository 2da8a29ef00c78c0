import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The files a document reads: only inside its folder and the allowed ones (links resolved, refusals worded the
/// same whether or not the file exists), each picture decoded once whatever path names it, all of a document's
/// pictures within one pixel budget, and PNG decoding that stops at the last row.
@Suite struct DocumentFilesTests {
    /// `root/doc/` holds `p.png` (6 × 4), a hard link to it, a copy, a folder `sub`, `out` (a link to `root/outside/`) and
    /// `escape.png` (a link to `root/outside/secret.png`); `root/outside/` holds `secret.png`.
    static let root: URL = {
        let root = URL(fileURLWithPath: GalleyCommand.temporary("document-files"))
        let manager = FileManager.default
        let documentFolder = root.appendingPathComponent("doc"), outside = root.appendingPathComponent("outside")
        try? manager.createDirectory(at: documentFolder, withIntermediateDirectories: true)
        try? manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try? manager.createDirectory(
            at: documentFolder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let picture = try! Canvas(width: 6, height: 4, background: Color(red: 1, green: 0, blue: 0))
        let path = documentFolder.appendingPathComponent("p.png").path
        try! PNGWriter().write(picture, to: path)
        try! PNGWriter().write(picture, to: documentFolder.appendingPathComponent("copy.png").path)
        try! PNGWriter().write(picture, to: outside.appendingPathComponent("secret.png").path)
        _ = link(path, documentFolder.appendingPathComponent("hard.png").path)
        _ = symlink(outside.path, documentFolder.appendingPathComponent("out").path)
        _ = symlink(
            outside.appendingPathComponent("secret.png").path, documentFolder.appendingPathComponent("escape.png").path)
        return root
    }()

    static var documentFolder: String { root.appendingPathComponent("doc").path }
    static var outsideFolder: String { root.appendingPathComponent("outside").path }

    /// Each path, whether the document may read it, and whether it may once the outside folder is allowed.
    @Test(arguments: [
        ("p.png", true, true), ("./sub/../p.png", true, true), ("missing.png", true, true),
        ("sub/missing.png", true, true), ("../outside/secret.png", false, true),
        ("../outside/missing.png", false, true),
        ("/etc/passwd", false, false), ("escape.png", false, true), ("out/secret.png", false, true),
        ("out/missing.png", false, true), ("../../../../proc/kmsg", false, false),
        // `missing/..` does not exist, so the system would not open it either.
        ("missing/../../outside/secret.png", false, false),
    ])
    func aDocumentReadsOnlyInsideItsFolder(_ path: String, _ allowed: Bool, _ allowedWhenWidened: Bool) {
        _ = Self.root
        #expect(FileAccess(baseDirectory: Self.documentFolder).permits(path) == allowed)
        let widened = FileAccess(baseDirectory: Self.documentFolder, allowing: [Self.outsideFolder])
        #expect(widened.permits(path) == allowedWhenWidened)
    }

    @Test func aRefusalReadsTheSameWhetherOrNotTheFileExists() throws {
        _ = Self.root
        let files = DocumentFiles(access: FileAccess(baseDirectory: Self.documentFolder))
        func message(_ path: String) -> String {
            do {
                _ = try files.image(path)
                return "read"
            } catch {
                return "\(error)".replacingOccurrences(of: path, with: "PATH")
            }
        }
        let existing = message("../outside/secret.png"), missing = message("../outside/nothing.png")
        #expect(existing == missing)
        #expect(existing.contains("outside the folders this input may read"))
        #expect(message("escape.png") == existing)
    }

    @Test func aPictureNamedManyWaysIsDecodedOnceAndDocumentsHaveAPixelBudget() throws {
        _ = Self.root
        // Two pictures' worth: the same file under five names fits, a second file fits, a third is refused.
        let files = DocumentFiles(access: FileAccess(baseDirectory: Self.documentFolder), pixelBudget: 2 * 24)
        for spelling in ["p.png", "./p.png", "././p.png", "sub/../p.png", "hard.png", Self.documentFolder + "/p.png"] {
            #expect(throws: Never.self) { try files.image(spelling) }
        }
        #expect(throws: Never.self) { try files.image("copy.png") }
        let widened = DocumentFiles(
            access: FileAccess(baseDirectory: Self.documentFolder, allowing: [Self.outsideFolder]), pixelBudget: 2 * 24)
        _ = try widened.image("p.png")
        _ = try widened.image("copy.png")
        #expect(throws: ImageError.overDocumentBudget(path: "out/secret.png", pixels: 72, limit: 48)) {
            try widened.image("out/secret.png")
        }
    }

    @Test func aNoteCannotEmbedAFileOutsideItsFolderUnlessAllowed() throws {
        _ = Self.root
        let note = Self.root.appendingPathComponent("doc/note.md").path
        try "# Note\n\n![secret](../outside/secret.png)\n".write(toFile: note, atomically: false, encoding: .utf8)
        let output = Self.root.appendingPathComponent("doc/note.png").path
        let refused = try GalleyCommand.run(["render", note, "-o", output])
        #expect(refused.status == 1)
        #expect(refused.error.contains("line 3: ../outside/secret.png is outside the folders"))
        let allowed = try GalleyCommand.run(["render", note, "-o", output, "--allow-dir", Self.outsideFolder])
        #expect(allowed.status == 0, "\(allowed.error)")
        // A note named relative to the working directory reads the pictures beside it.
        try "# Note\n\n![own](p.png)\n".write(toFile: note, atomically: false, encoding: .utf8)
        let relative = try GalleyCommand.run(
            ["render", "note.md", "-o", "note.png"], directory: URL(fileURLWithPath: Self.documentFolder))
        #expect(relative.status == 0, "\(relative.error)")
    }

    /// A font file is a file however it is named: under "file" or as a family holding a `/`, the same check.
    @Test(arguments: ["file", "family"]) func aDocumentFontFileOutsideItsFolderIsRefused(key: String) throws {
        let library = try TestFonts.bundled
        let json = #"{"content": [{"text": "x", "attributes": {"font": {"\#(key)": "/etc/passwd", "size": 12}}}]}"#
        #expect {
            try DocumentReader.read(
                json, defaults: TextAttributes(), library: library,
                access: FileAccess(baseDirectory: Self.documentFolder))
        } throws: { error in
            "\(error)"
                == "content[0].attributes.font.\(key): /etc/passwd is outside the folders this input may read (its own "
                + "folder and those given with --allow-dir)"
        }
    }

    /// A font file a document names by a relative path is found beside the document, not in the working directory.
    @Test func aDocumentFontFileIsFoundBesideTheDocument() throws {
        _ = Self.root
        let copy = Self.documentFolder + "/mono.ttf"
        if !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.copyItem(
                atPath: TestFonts.fontFile("JetBrainsMono/JetBrainsMono-Regular.ttf"), toPath: copy)
        }
        let json = #"{"content": [{"text": "x", "attributes": {"font": {"file": "mono.ttf", "size": 12}}}]}"#
        let document = try DocumentReader.read(
            json, defaults: TextAttributes(), library: try TestFonts.bundled,
            access: FileAccess(baseDirectory: Self.documentFolder))
        guard case .font(let font)? = document.storage.attributes(at: 0).font else {
            Issue.record("the run has no fixed font")
            return
        }
        #expect(font.face.familyName == "JetBrains Mono")
        #expect(font.face.path == copy)
    }

    /// A picture named as UIKit names its scaled images (`p@2x.png`, up to `@8x`) has that many pixels per point,
    /// so a 2× picture drawn at scale 2 uses every pixel instead of being shown twice as big: attachments and
    /// pictures to flow around in JSON documents (one pixel per point otherwise) and notes (two otherwise). A width
    /// or height given still decides.
    @Test func aPicturesNameGivesItsPixelsPerPoint() throws {
        _ = Self.root
        for scale in [2, 3] {
            let copy = Self.documentFolder + "/p@\(scale)x.png"
            if !FileManager.default.fileExists(atPath: copy) {
                try FileManager.default.copyItem(atPath: Self.documentFolder + "/p.png", toPath: copy)
            }
        }
        let access = FileAccess(baseDirectory: Self.documentFolder)
        func attachmentSize(_ attachment: String) throws -> Size? {
            let json = #"{"content": [{"attachment": "# + attachment + "}]}"
            let document = try DocumentReader.read(
                json, defaults: TextAttributes(), library: try TestFonts.bundled, access: access)
            return document.storage.attributes(at: 0).attachment.map { $0.bounds.size }
        }
        #expect(try attachmentSize(#"{"image": "p.png"}"#) == Size(width: 6, height: 4))
        #expect(try attachmentSize(#"{"image": "p@2x.png"}"#) == Size(width: 3, height: 2))
        #expect(try attachmentSize(#"{"image": "./p@3x.png"}"#) == Size(width: 2, height: 4.0 / 3))
        #expect(try attachmentSize(#"{"image": "p@2x.png", "width": 12}"#) == Size(width: 12, height: 8))
        let exclusion = try DocumentReader.read(
            #"{"container": {"exclusions": [{"image": "p@2x.png", "x": 10, "y": 20}]}, "content": [{"text": "x"}]}"#,
            defaults: TextAttributes(), library: try TestFonts.bundled, access: access)
        #expect(exclusion.exclusions.first?.imageFrame == Rect(x: 10, y: 20, width: 3, height: 2))
        let note = try NoteReader.read("![a](p.png) ![b](p@3x.png)", access: access)
        let pictures = (0..<note.storage.length).compactMap { note.storage.attributes(at: $0).attachment?.bounds.size }
        #expect(pictures == [Size(width: 3, height: 2), Size(width: 2, height: 4.0 / 3)])
        for (name, scale) in [
            ("a@2x.png", 2.0), ("dir/b@8x.jpeg", 8), ("c@2x", 2), ("d@1x.png", nil), ("e@9x.png", nil),
            ("f.2x.png", nil), ("g@x.png", nil), ("h@2x/i.png", nil), ("data:image/png;base64,AAAA@2x", nil),
        ] as [(String, Double?)] {
            #expect(DocumentFiles.pixelsPerPoint(named: name) == scale, "\(name)")
        }
    }

    /// 2 × 2 pixels in a zlib stream of stored blocks that does not end after the rows, in a file cut off there:
    /// libpng reads on after the last row to check the stream's end (and would inflate gigabytes of zeros placed
    /// there); decoding stops at the last row instead, so the picture is whole.
    @Test func decodingStopsAtTheLastRow() throws {
        let rows: [UInt8] = [0, 255, 0, 0, 255, 0, 255, 0, 255] + [0, 0, 0, 255, 255, 255, 255, 255, 255]
        let length = UInt16(rows.count)
        let storedBlock = [0x00, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        let zeros = [UInt8](repeating: 0, count: 4_000)
        let trailing: [UInt8] = [0x00, 0xA0, 0x0F, 0x5F, 0xF0] + zeros  // a further stored block of 4,000 zeros
        let data = PictureInputTests.png(
            width: 2, height: 2, pixelData: [0x78, 0x01] + storedBlock + rows + trailing, ends: false)
        var limits = Limits()
        limits.inputImagePixels = 100
        let image = try PictureReader.decode(data, scale: 1, limits: limits, path: "cut.png")
        #expect(image.width == 2 && image.height == 2)
        #expect(Array(image.pixels[0..<8]) == [255, 0, 0, 255, 0, 255, 0, 255])
        #expect(Array(image.pixels[8..<16]) == [0, 0, 255, 255, 255, 255, 255, 255])
    }

    @Test func aPictureLongerThanTheSideLimitIsNamedWithThatLimit() throws {
        let data = PictureInputTests.pngHeader(width: 1, height: 1_000_000)
        #expect(throws: ImageError.sideTooLong(path: "tall.png", width: 1, height: 1_000_000, limit: 65_535)) {
            try PictureReader.decode(data, scale: 1, limits: Limits(), path: "tall.png")
        }
        var taller = Limits()
        taller.imageSide = 2_000_000
        let wide = PictureInputTests.pngHeader(width: 20, height: 1_000_000)
        #expect(throws: ImageError.tooManyPixels(path: "tall.png", width: 20, height: 1_000_000, limit: 1 << 24)) {
            try PictureReader.read(data: wide, named: "tall.png", limits: taller)
        }
    }
}

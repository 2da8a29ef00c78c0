import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The renderer's PDF and SVG pages draw what its raster images draw, effects included, and a text flowing through
/// chained containers becomes pages: checked with poppler's and librsvg's own tools.
@Suite struct VectorRenderingTests {
    /// Every kind of mark a page holds: shadowed, pressed, hollow and outlined text, obliqued and expanded glyphs,
    /// colour emoji (the system's), a character no font has (drawn as the missing-glyph box), decorations,
    /// backgrounds, Arabic.
    static func markedStorage() -> TextStorage {
        let storage = TextStorage()
        let body = TextAttributes(font: .textStyle(.title2))
        let runs: [(String, TextAttributes)] = [
            ("Shadowed 影子 ", TextAttributes(shadow: Shadow(offsetX: 2, offsetY: 2, blurRadius: 3))),
            (
                "pressed 凹版 ",
                TextAttributes(foregroundColor: Color(red: 0.4, green: 0.35, blue: 0.3), textEffect: .letterpress)
            ),
            ("hollow ", TextAttributes(strokeWidth: 4)),
            ("outlined ", TextAttributes(foregroundColor: .white, strokeWidth: -6, strokeColor: .black)),
            ("slanted ", TextAttributes(obliqueness: 0.25)),
            ("wide ", TextAttributes(expansion: 0.3)),
            ("🌷🎉\u{E000} ", TextAttributes()),
            ("underlined ", TextAttributes(underline: TextDecoration())),
            ("marked ", TextAttributes(backgroundColor: Color(red: 1, green: 0.9, blue: 0.3))),
            ("مرحبا بالعالم", TextAttributes()),
        ]
        for (text, attributes) in runs { storage.append(text, attributes: body.merging(attributes)) }
        return storage
    }

    private func rasterized(pdf: Data, name: String) throws -> Canvas {
        let pdftoppm = try #require(ExternalTool.find("pdftoppm"), "pdftoppm is missing: run Scripts/setup")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-vector-\(name).pdf").path
        try pdf.write(to: URL(fileURLWithPath: path))
        _ = try ExternalTool.run(pdftoppm, ["-r", "144", "-png", "-singlefile", path, path])
        return try PNGReader.decode(try Data(contentsOf: URL(fileURLWithPath: path + ".png")), scale: 2)
    }

    /// Rendering the same text again in one process gives the same PDF and SVG bytes: cairo's process-wide image
    /// and surface numbers are renumbered, and no clock is written.
    @Test func theSameTextRendersToTheSameBytesAgain() throws {
        let manager = LayoutManager(textStorage: Self.markedStorage(), fontLibrary: try TestFonts.system)
        manager.addTextContainer(TextContainer(width: 300))
        let options = RenderOptions(scale: 2)
        let svgs = try (0..<2).map { _ in try Renderer().renderSVG(manager, options: options) }
        #expect(svgs[0] == svgs[1])
        let text = String(decoding: svgs[0], as: UTF8.self)
        #expect(text.contains("id=\"image0\"") && text.contains("#image0"), "images numbered from 0")
        let pdfs = try (0..<2).map { _ in try Renderer().renderPDF(manager, options: options) }
        #expect(pdfs[0] == pdfs[1])
    }

    /// A variable font's face is made for cairo once per process and instance, not once per document: cairo 1.16
    /// keeps about 300 bytes of FreeType's for every face it makes from a variable font, so a service answering
    /// PDFs grew by that much at every one (about 110 MB a hundred thousand PDFs). The PDFs still draw the instance.
    @Test func aVariableFontIsMadeForCairoOncePerProcess() throws {
        let library = try TestFonts.bundled
        // A weight no other test asks for, so that no other document makes or replaces this face meanwhile.
        let font = try library.font(family: "Inter", size: 21, weight: 537)
        #expect(!font.face.axes.isEmpty && !font.variations.isEmpty)
        let manager = LayoutManager(
            textStorage: TextStorage("Heavy instance once", attributes: TextAttributes(font: .font(font))),
            fontLibrary: library)
        manager.addTextContainer(TextContainer(width: 300))
        let first = try Renderer().renderPDF(manager)
        let face = try #require(VariableFaces.held(for: font))
        for _ in 0..<3 {
            _ = try Renderer().renderPDF(manager)
            _ = try Renderer().renderSVG(manager)
            #expect(VariableFaces.held(for: font) == face)
        }
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-variable-once.pdf").path
        try first.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ExternalTool.run(pdftotext, [path, "-"])
        #expect(text.split(whereSeparator: \.isWhitespace) == ["Heavy", "instance", "once"])
    }

    /// cairo's per-process image and surface numbers become 0, 1, … in order of their ids, in ids and in both
    /// forms of reference, and nothing else changes: not a number no id carries, not an embedded image's bytes.
    @Test func processWideIDsAreNumberedInOrderOfAppearance() {
        let svg = """
            <image id="image12" xlink:href="data:image/png;base64,aW1hZ2UxMg=="/><use xlink:href="#image12"/>\
            <pattern id="surface40"><use xlink:href="#image7"/></pattern><image id="image7"/>\
            <rect fill="url(#surface40)"/><use xlink:href="#image99"/><g id="image12x"/><text>image12</text>
            """
        let renumbered = String(decoding: VectorDocument.renumberingProcessWideIDs(Data(svg.utf8)), as: UTF8.self)
        #expect(
            renumbered == """
                <image id="image0" xlink:href="data:image/png;base64,aW1hZ2UxMg=="/><use xlink:href="#image0"/>\
                <pattern id="surface0"><use xlink:href="#image1"/></pattern><image id="image1"/>\
                <rect fill="url(#surface0)"/><use xlink:href="#image99"/><g id="image12x"/><text>image12</text>
                """)
    }

    @Test func everyMarkOnAPDFPageLooksAsInThePNG() throws {
        let manager = LayoutManager(textStorage: Self.markedStorage(), fontLibrary: try TestFonts.system)
        manager.addTextContainer(TextContainer(width: 320))
        let options = RenderOptions(scale: 2, background: RenderFixtures.paper, margin: 16)
        let png = try Renderer().render(manager, options: options)
        let page = try rasterized(pdf: try Renderer().renderPDF(manager, options: options), name: "marks")
        let difference = try #require(ImageLikeness.blockDifference(png, page), "the page is not the PNG's size")
        #expect(difference.mean < 3 && difference.largest < 64, "8 × 8 block differences \(difference)")
    }

    @Test func everyMarkInAnSVGLooksAsInThePNG() throws {
        let rsvg = try #require(ExternalTool.find("rsvg-convert"), "rsvg-convert is missing: run Scripts/setup")
        let manager = LayoutManager(textStorage: Self.markedStorage(), fontLibrary: try TestFonts.system)
        manager.addTextContainer(TextContainer(width: 320))
        let options = RenderOptions(scale: 2, background: RenderFixtures.paper, margin: 16)
        let png = try Renderer().render(manager, options: options)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-vector-marks.svg").path
        try Renderer().renderSVG(manager, options: options).write(to: URL(fileURLWithPath: path))
        _ = try ExternalTool.run(rsvg, ["-z", "2", path, "-o", path + ".png"])
        let drawn = try PNGReader.decode(try Data(contentsOf: URL(fileURLWithPath: path + ".png")), scale: 2)
        let difference = try #require(ImageLikeness.blockDifference(png, drawn), "the SVG is not the PNG's size")
        #expect(difference.mean < 3 && difference.largest < 64, "8 × 8 block differences \(difference)")
    }

    @Test func chainedContainersBecomePagesInReadingOrder() throws {
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let storage = TextStorage(
            LayoutFixtures.english + " " + LayoutFixtures.chinese, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        for _ in 0..<3 { manager.addTextContainer(TextContainer(size: Size(width: 200, height: 120))) }
        let layout = try manager.layout()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-vector-pages.pdf").path
        try Renderer().renderPDF(manager, options: RenderOptions(scale: 2)).write(to: URL(fileURLWithPath: path))
        for page in 1...3 {
            let text = try ExternalTool.run(pdftotext, ["-f", "\(page)", "-l", "\(page)", path, "-"])
                .filter { !$0.isWhitespace }
            let lines = layout.lineFragments.filter { $0.containerIndex == page - 1 }
            let first = try #require(lines.first, "container \(page - 1) holds no line")
            let firstWords = String(decoding: storage.utf16[first.characterRange], as: UTF16.self)
                .filter { !$0.isWhitespace }.prefix(6)
            #expect(!firstWords.isEmpty && text.hasPrefix(firstWords), "page \(page) starts \(text.prefix(20))")
        }
    }
}

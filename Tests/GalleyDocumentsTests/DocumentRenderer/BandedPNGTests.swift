import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// PNGs compressed in bands on several threads, and documents drawn band by band, are the same image as one
/// canvas written on one thread.
@Suite struct BandedPNGTests {
    /// A note tall enough for several 256-row bands at scale 1: a letterpress title, a date badge, code spans.
    static let note = """
        ---
        date: 2026-11-22
        ---
        # Bands of a tall note

        """
        + Array(
            repeating: "Text in *bold*, _italic_, ~struck~ and `code`, 中文与 English 混排，标点「压缩」。",
            count: 24
        ).joined(separator: "\n")

    /// A JSON document with blurred shadows (which reach across band edges) and a transparent background.
    static let shadowed = #"""
        {"container": {"width": 300},
         "render": {"scale": 2, "padding": 12, "background": null},
         "content": [{"text": "\#(Array(repeating: "Shadows cross the edges of bands. ", count: 40).joined())",
                      "attributes": {"color": "#203040",
                                     "shadow": {"offsetX": 2, "offsetY": 5, "blur": 9, "color": "#FF000080"}}}]}
        """#

    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func aNoteDrawnInBandsIsTheWholeCanvas(scale: Double) throws {
        let library = try TestFonts.bundled
        var document = try NoteReader.read(Self.note, defaults: TextAttributes())
        document.render.scale = scale
        let renderer = DocumentRenderer(document: document, library: library)
        let whole = try renderer.render()
        #expect(whole.height > 2 * PNGWriter.bandRows)
        let banded = try renderer.renderPNG(with: PNGWriter(threads: 2))
        #expect(banded == (try PNGWriter(threads: 1).encode(whole)))
        #expect(try PNGReader.decode(banded, scale: scale).pixels == whole.pixels)
    }

    @Test func shadowsAcrossBandsAndATransparentBackgroundComeOutAsOneCanvas() throws {
        let library = try TestFonts.bundled
        let document = try DocumentReader.read(Self.shadowed, defaults: TextAttributes(), library: library)
        let renderer = DocumentRenderer(document: document, library: library)
        let whole = try renderer.render()
        #expect(whole.height > 2 * PNGWriter.bandRows)
        let banded = try renderer.renderPNG()
        #expect(banded == (try PNGWriter().encode(whole)))
        #expect(PNGChunks.first("IHDR", in: banded)?[9] == 6, "RGBA: the background is transparent")
    }

    @Test func threadsAndFiltersChangeNeitherThePixelsNorTheFile() throws {
        let storage = TextStorage(
            Array(repeating: LayoutFixtures.english + LayoutFixtures.chinese, count: 8).joined(separator: "\n"),
            attributes: TextAttributes(font: .textStyle(.body)))
        let (canvas, _) = try RenderFixtures.render(storage)
        #expect(canvas.height > 3 * PNGWriter.bandRows)
        let one = try PNGWriter(threads: 1).encode(canvas)
        #expect(one == (try PNGWriter(threads: 3).encode(canvas)))
        #expect(try PNGReader.decode(one, scale: 2).pixels == canvas.pixels)
        let filtered = try PNGWriter(filters: 0x10 | 0x20).encode(canvas)
        #expect(filtered != one)
        #expect(try PNGReader.decode(filtered, scale: 2).pixels == canvas.pixels)
    }

    @Test func aLayoutRenderedToPNGInBandsIsItsCanvas() throws {
        let storage = TextStorage(
            Array(repeating: LayoutFixtures.english + LayoutFixtures.chinese, count: 6).joined(separator: "\n"),
            attributes: TextAttributes(
                font: .textStyle(.body), shadow: Shadow(offsetX: 1, offsetY: 3, blurRadius: 6, color: .black)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 300))
        let options = RenderOptions(scale: 3, background: .white, margin: 10)
        let canvas = try Renderer().render(manager, options: options)
        #expect(canvas.height > 3 * PNGWriter.bandRows)
        #expect(try Renderer().renderPNG(manager, options: options) == (try PNGWriter().encode(canvas)))
    }

    @Test func anImageOverTheLimitIsRefusedBeforeABandIsDrawn() {
        #expect(throws: RenderError.self) {
            _ = try PNGWriter().encode(
                width: 8_000, height: 8_000, scale: 1, origin: .zero, background: .white
            ) { _ in Issue.record("a band was drawn") }
        }
    }

    @Test func subpixelPositionsKeepGlyphsWithinAQuarterPoint() {
        #expect([1.0, 1.5, 2, 3, 4, 8].map(GlyphRasterizer.subpixelBins(scale:)) == [4, 3, 2, 2, 1, 1])
    }
}

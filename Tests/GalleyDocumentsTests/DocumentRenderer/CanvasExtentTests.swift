import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A canvas sized by Galley takes in everything drawn: shadows past the margin and painted shapes past the
/// container are not clipped; a caller's clip rect is kept as it is.
@Suite struct CanvasExtentTests {
    static let shadowed = TextAttributes(
        font: .textStyle(.body), foregroundColor: .black,
        shadow: Shadow(offsetX: 20, offsetY: 30, blurRadius: 10, color: Color(red: 1, green: 0, blue: 0)))

    @Test func aShadowPastTheMarginGrowsTheCanvas() throws {
        let storage = TextStorage("Shadow", attributes: Self.shadowed)
        let (canvas, layout) = try RenderFixtures.render(storage, width: 200, padding: 0)
        let lineBottom = try #require(layout.lineFragments.last?.rect.maxY)
        #expect(Double(canvas.height) / 2 >= lineBottom + 30 + 10 - 1e-9)
        #expect(canvas.origin == Point(x: 0, y: 0), "nothing reaches left or up, so pixel (0, 0) stays put")
        // The shadow's lowest red rows are inside the image, with white below them.
        var lowestRed = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where Int(canvas.pixel(x: x, y: y).r) - Int(canvas.pixel(x: x, y: y).g) > 30 {
                lowestRed = max(lowestRed, y)
            }
        }
        #expect(lowestRed > Int(lineBottom * 2) + 40)
        #expect(lowestRed < canvas.height - 1)
        // A clip rect set by the caller wins.
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 200))
        let clipped = try Renderer().render(
            manager, options: RenderOptions(scale: 1, clip: Rect(x: 0, y: 0, width: 50, height: 10)))
        #expect(clipped.width == 50 && clipped.height == 10)
    }

    /// The layout's renderer and a document size an image by one rule: the same text, container and margin give
    /// the same image, its shadow reaching past the margin included.
    @Test(arguments: ["Shadow", "Shadow cast"]) func bothRenderersSizeAnImageAlike(text: String) throws {
        let library = try TestFonts.bundled
        let manager = LayoutManager(textStorage: TextStorage(text, attributes: Self.shadowed), fontLibrary: library)
        manager.addTextContainer(TextContainer(width: 40))
        let canvas = try Renderer().render(manager, options: RenderOptions(scale: 2, margin: 3))
        #expect(canvas.width >= 80 + 12 && canvas.height > 12)
        let json = """
            {"container": {"width": 40}, "render": {"scale": 2, "margin": 3, "background": "#FFFFFF"},
             "content": [{"text": "\(text)", "attributes": {"color": "#000000",
               "shadow": {"offsetX": 20, "offsetY": 30, "blur": 10, "color": "#FF0000"}}}]}
            """
        let document = try DocumentReader.read(
            json, defaults: TextAttributes(font: .textStyle(.body)), library: library)
        let drawn = try DocumentRenderer(document: document, library: library).render()
        #expect(drawn.width == canvas.width && drawn.height == canvas.height && drawn.origin == canvas.origin)
        let samePixels = drawn.pixels == canvas.pixels
        #expect(samePixels)
    }

    @Test func aPaintedShapePastTheContainerIsDrawnWhole() throws {
        let json = #"""
            {"container": {"width": 200, "exclusions": [{"path": "M 180 10 H 260 V 90 H 180 Z", "fill": "#FF0000"}]},
             "render": {"scale": 1, "margin": 0, "background": "#FFFFFF"}, "content": ["text"]}
            """#
        let library = try TestFonts.bundled
        let document = try DocumentReader.read(
            json, defaults: TextAttributes(font: .textStyle(.body)), library: library)
        let canvas = try DocumentRenderer(document: document, library: library).render()
        #expect(canvas.width == 260 && canvas.height == 90)
        let corner = canvas.pixel(x: 255, y: 85)
        #expect(corner.r > 250 && corner.g < 10, "the square's far corner is painted")
    }
}

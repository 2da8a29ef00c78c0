import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// At scale 1 ideographs are hinted vertically (FreeType's light hinting), so the close horizontal strokes of a
/// dense character stay apart; the layout does not move.
@Suite struct SmallCJKHintingTests {
    /// 量 drawn black on white at 17 pt and `scale`: the darkness (0…255) of each pixel row down its middle column.
    static func middleColumn(scale: Double) throws -> [Int] {
        let font = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 17)
        let (layout, _) = try LayoutFixtures.layout(
            "量", attributes: TextAttributes(font: .font(font), foregroundColor: .black),
            container: TextContainer(size: Size(width: 40, height: 0)))
        var canvas = try Canvas(covering: Rect(x: 0, y: 0, width: 40, height: 30), scale: scale, background: .white)
        Renderer().draw(layout, on: &canvas)
        let glyph = try #require(layout.lineFragments.first?.runs.first)
        let x = Int(((glyph.origin.x + 8.5) * scale).rounded(.down))
        return (0..<Int(30 * scale)).map { 255 - Int(canvas.pixel(x: x, y: $0).r) }
    }

    /// The dark strokes a column crosses: runs of rows at least `dark`, each apart from the last by a row lighter
    /// than `light`.
    static func strokes(_ column: [Int], dark: Int = 110, light: Int = 50) -> Int {
        var count = 0, separated = true
        for value in column {
            if value >= dark, separated {
                count += 1
                separated = false
            } else if value < light {
                separated = true
            }
        }
        return count
    }

    @Test func denseStrokesStayApartAtScaleOne() throws {
        // 量's middle column crosses eight horizontal strokes in 17 pixels; unhinted, only 2 stand apart (the rest
        // blur into grey bands), hinted 5.
        let hinted = Self.strokes(try Self.middleColumn(scale: 1))
        #expect(hinted >= 5, "\(hinted) strokes apart")
        // At scale 2 (34 pixels) nothing is hinted, the strokes apart by size alone; Latin is never hinted.
        let cjk = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 17).face
        let latin = try TestFonts.bundled.font(family: "Inter", size: 17).face
        #expect(GlyphRasterizer.hintsVertically(cjk, pixelSize: 17, form: .plain))
        #expect(!GlyphRasterizer.hintsVertically(cjk, pixelSize: 34, form: .plain))
        #expect(!GlyphRasterizer.hintsVertically(latin, pixelSize: 17, form: .plain))
    }
}

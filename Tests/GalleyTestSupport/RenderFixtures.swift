import Foundation

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// Renders storages with the bundled fonts for rendering tests.
enum RenderFixtures {
    static let paper = Color(red: 0.93, green: 0.91, blue: 0.87)

    static func render(
        _ storage: TextStorage, width: Double = 320, height: Double = 0, exclusions: [BezierPath] = [],
        scale: Double = 2,
        background: Color? = paper, padding: Double = 16, clip: Rect? = nil
    ) throws -> (Canvas, TextLayout) {
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(size: Size(width: width, height: height), exclusionPaths: exclusions))
        let canvas = try Renderer().render(
            manager, options: RenderOptions(scale: scale, background: background, margin: padding, clip: clip))
        return (canvas, try manager.layout())
    }

    /// Whether pixel (x, y) differs from `background` by more than a rounding error.
    static func isInk(_ canvas: Canvas, x: Int, y: Int, background: Color = paper) -> Bool {
        let pixel = canvas.pixel(x: x, y: y)
        let expected = [background.red, background.green, background.blue].map { Int(($0 * 255).rounded()) }
        return abs(Int(pixel.r) - expected[0]) > 2 || abs(Int(pixel.g) - expected[1]) > 2
            || abs(Int(pixel.b) - expected[2]) > 2
    }

    /// The bounding box (in pixels) of ink between pixel rows `rows`, or nil.
    static func inkBounds(_ canvas: Canvas, rows: Range<Int>, background: Color = paper) -> (
        minX: Int, maxX: Int, minY: Int, maxY: Int
    )? {
        var bounds: (minX: Int, maxX: Int, minY: Int, maxY: Int)?
        for y in max(0, rows.lowerBound)..<min(canvas.height, rows.upperBound) {
            for x in 0..<canvas.width where isInk(canvas, x: x, y: y, background: background) {
                bounds = (
                    min(bounds?.minX ?? x, x), max(bounds?.maxX ?? x, x), min(bounds?.minY ?? y, y),
                    max(bounds?.maxY ?? y, y)
                )
            }
        }
        return bounds
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// TextKit code hands CGPoint, CGSize and CGRect around; Galley's geometry converts both ways without change.
@Suite struct CoreGraphicsConversionTests {
    @Test func geometryRoundTripsThroughCoreGraphics() {
        let point = Point(x: -12.25, y: 1e6)
        #expect(Point(CGPoint(point)) == point)
        #expect(CGPoint(point) == CGPoint(x: -12.25, y: 1_000_000))
        let size = Size(width: 320, height: 0.5)
        #expect(Size(CGSize(size)) == size)
        // A rectangle given with a negative width keeps it: neither side standardizes.
        let rect = CGRect(x: 10, y: 20, width: -30, height: 40)
        #expect(Rect(rect) == Rect(x: 10, y: 20, width: -30, height: 40))
        #expect(CGRect(Rect(rect)) == rect)
    }

    @Test func aLayoutAnswersInCoreGraphicsTypes() throws {
        let storage = TextStorage("Hello, 世界", attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(size: Size(CGSize(width: 200, height: 0))))
        let layout = try manager.layout()
        let used = CGRect(layout.usedRect())
        #expect(used.width > 40 && used.width < 200 && used.height > 15)
        #expect(layout.characterIndex(at: Point(CGPoint(x: used.maxX + 5, y: used.midY))) == storage.length)
    }
}

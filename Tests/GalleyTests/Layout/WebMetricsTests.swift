import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Web line-height metrics: each font's ascent, descent and line gap rounded to whole points as Blink rounds them
/// to pixels, so line heights equal Chromium's `line-height: normal`.
@Suite struct WebMetricsTests {
    private func lineHeights(_ text: String, metrics: ParagraphStyle.LineHeightMetrics) throws -> [Double] {
        var style = ParagraphStyle()
        style.lineHeightMetrics = metrics
        let library = try TestFonts.bundled
        let attributes = TextAttributes(font: .font(try library.font(family: "Inter", size: 17)), paragraphStyle: style)
        let (layout, _) = try LayoutFixtures.layout(text, attributes: attributes, container: TextContainer(width: 1000))
        return layout.lineFragments.map(\.rect.height)
    }

    @Test func linesAreWholePixelsAsInChromium() throws {
        // Chromium 156, Inter 17 px: 16 + 4 = 20 px; with Noto Sans CJK SC 20 + 5 = 25; with Noto Sans Devanagari
        // 16 + 7 = 23; with Noto Sans Arabic 23 + 13 = 36 (recorded in web-measure and by hand).
        #expect(try lineHeights("Latin text", metrics: .web) == [20])
        #expect(try lineHeights("Latin 中文", metrics: .web) == [25])
        #expect(try lineHeights("Draft धन्यवाद", metrics: .web) == [23])
        #expect(try lineHeights("Hello مرحبا", metrics: .web) == [36])
        #expect(try lineHeights("Latin text", metrics: .exact).first.map { abs($0 - 20.5739) < 0.001 } == true)
    }

    @Test func roundingIsToTheNearestWholeNumber() {
        #expect(LineMetrics.webRounded(ascent: 16.469, descent: 4.105, gap: 0) == (16, 4, 0))
        #expect(LineMetrics.webRounded(ascent: 19.72, descent: 4.896, gap: 0.5) == (20, 5, 1))
    }
}

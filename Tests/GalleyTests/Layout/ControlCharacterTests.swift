import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Control characters and separators: never a missing-glyph box; U+2028 ends a line, U+2029 a paragraph.
@Suite struct ControlCharacterTests {
    static let attributes = TextAttributes(font: .textStyle(.body))

    @Test func controlsDrawNoGlyphBoxAndTakeNoRoomOfTheirOwn() throws {
        let shaped = try TestFonts.shape("a\tb\u{2028}c\u{7}d\u{85}", attributes: Self.attributes)
        let glyphs = shaped.runs.flatMap(\.glyphs)
        #expect(!glyphs.contains { $0.glyphID == 0 }, "a missing-glyph box")
        #expect(glyphs.filter { [1, 3, 5].contains($0.cluster) }.allSatisfy { $0.advance == 0 })
    }

    @Test func aLineSeparatorEndsALineInsideItsParagraph() throws {
        let (layout, storage) = try LayoutFixtures.layout(
            "one\u{2028}two\u{2029}three", attributes: Self.attributes, container: TextContainer(width: 300))
        #expect(LayoutFixtures.lines(layout, storage) == ["one\u{2028}", "two\u{2029}", "three"])
        #expect(layout.lineFragments.map(\.paragraphIndex) == [0, 0, 1])
        #expect(
            layout.lineFragments[0].usedRect.width == (try TestFonts.shape("one", attributes: Self.attributes).width))
    }
}

import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Line heights a reader sees as steady: invisible characters change nothing, and no line is shorter than the
/// paragraph's primary font makes it (CSS's strut), whichever fonts its glyphs come from.
@Suite struct LineHeightTests {
    static func height(_ text: String, attributes: TextAttributes, width: Double = 400) throws -> Double {
        try TextMeasurer(fontLibrary: try TestFonts.system).measure(text, attributes: attributes, width: width).height
    }

    static func inter17() throws -> TextAttributes {
        TextAttributes(font: .font(try TestFonts.system.font(family: "Inter", size: 17)))
    }

    @Test(arguments: [
        "\u{200E}", "\u{200F}", "\u{2060}", "\u{200D}", "\u{200C}", "\u{2066}", "\u{2069}", "\u{00AD}", "\u{FE0F}",
    ])
    func anInvisibleFormatCharacterLeavesTheHeightUnchanged(_ mark: String) throws {
        let attributes = try Self.inter17()
        let plain = try Self.height("ab", attributes: attributes)
        #expect(abs(plain - 20.57) < 0.01, "Inter 17's own line")
        for text in ["a\(mark)b", "\(mark)ab", "ab\(mark)", "\(mark)"] {
            #expect(try Self.height(text, attributes: attributes) == plain, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func invisibleCharactersTakeTheirNeighboursFontNotAFallback() throws {
        let shaped = try TestFonts.shape(
            "a\u{200E}b\u{2060}c", attributes: try Self.inter17(), library: try TestFonts.system)
        #expect(Set(shaped.runs.map(\.font.face.familyName)) == ["Inter"])
    }

    @Test func twoEmojiAreAsTallAsTwoLetters() throws {
        for attributes in [try Self.inter17(), TextAttributes(font: .textStyle(.body))] {
            let letters = try Self.height("ab", attributes: attributes)
            let emoji = try Self.height("😀😀", attributes: attributes)
            #expect(emoji >= letters)
            // The emoji font is taller than Inter, so only a strut that is missing would make emoji lines shorter;
            // Chinese (Noto Sans CJK, also taller) is never shorter either.
            #expect(try Self.height("中文", attributes: attributes) >= letters)
        }
    }

    @Test func aRunWithNoFontIsTheBodyStyle() throws {
        let none = try Self.height("one line\n", attributes: TextAttributes())
        let body = try Self.height("one line\n", attributes: TextAttributes(font: .textStyle(.body)))
        #expect(none == body)
        #expect(body == 44, "two lines of body's 22 pt leading")
    }

    @Test func anEmptyLineIsAsTallAsATextLine() throws {
        let attributes = try Self.inter17()
        let one = try Self.height("ab", attributes: attributes)
        #expect(try Self.height("ab\n\nab", attributes: attributes) == 3 * one)
    }
}

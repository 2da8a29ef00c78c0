import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Conveniences a client of the library reaches for: a way back to AttributedString, UTF-16 offsets and string
/// indices, a rectangle's centre, and a line limit when measuring.
@Suite struct LibraryConvenienceTests {
    @Test func aStorageConvertsBackToAnEqualAttributedString() throws {
        // A paragraph style belongs to a whole paragraph (the storage extends it, as TextKit does), so the
        // styled run is a paragraph of its own.
        var original = AttributedString("Galley 排版\n")
        original.galley.font = .textStyle(.headline)
        var tail = AttributedString("linked, underlined")
        tail.galley.underline = TextDecoration(.double)
        tail.galley.language = "en-GB"
        tail.link = URL(string: "https://example.com")
        var paragraph = ParagraphStyle()
        paragraph.hyphenationFactor = 0.5
        tail.galley.paragraphStyle = paragraph
        original.append(tail)
        let storage = TextStorage(original)
        let back = AttributedString(storage)
        #expect(back == original)
        #expect(TextStorage(back).attributeRuns.map(\.attributes) == storage.attributeRuns.map(\.attributes))
    }

    @Test func utf16OffsetsAndStringIndicesConvertBothWays() {
        let text = "a😀é中"
        #expect(text.index(atUTF16Offset: 1).map { text[$0...] } == "😀é中")
        #expect(text.index(atUTF16Offset: 2) == nil, "inside the emoji's surrogate pair")
        #expect(text.index(atUTF16Offset: 5) == text.endIndex && text.index(atUTF16Offset: 6) == nil)
        let range = text.range(of: "é中")!
        #expect(text.utf16Offsets(of: range) == 3..<5)
        #expect(text.range(ofUTF16Offsets: 3..<5) == range)
    }

    @Test func aRectangleHasACentre() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.midX == 25 && rect.midY == 40)
    }

    @Test func aLineLimitMeasuresATruncatedPreview() throws {
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let attributes = TextAttributes(font: .textStyle(.body))
        let full = try measurer.measure(LayoutFixtures.english, attributes: attributes, width: 200)
        let preview = try measurer.measure(
            LayoutFixtures.english, attributes: attributes, width: 200, maximumNumberOfLines: 2)
        #expect(full.lineCount > 2)
        #expect(preview.lineCount == 2)
        #expect(preview.height == 44)
        #expect(preview.utf16LineStarts == Array(full.utf16LineStarts.prefix(2)))
        #expect(
            try measurer.measure("short", attributes: attributes, width: 200, maximumNumberOfLines: 2).lineCount == 1)
    }
}

import Testing

@testable import Galley

/// Paragraphs shaped ahead of the typesetter on several processors lay out exactly as when each is shaped in turn.
@Suite struct ShapeAheadTests {
    static let text = (0..<24).map { index in
        [LayoutFixtures.english, LayoutFixtures.chinese, "Code `let x = 1` and emoji 😀 مرحبا"][index % 3]
    }.joined(separator: "\n")

    /// Each line's characters, frame, glyph ids and pen positions.
    static func summary(_ layout: TextLayout) -> [String] {
        layout.lineFragments.map { line in
            "\(line.characterRange) \(line.rect) "
                + line.runs.map { "\($0.glyphRun.glyphs.map(\.glyphID)) \($0.glyphPositions)" }.joined(separator: " ")
        }
    }

    @Test func paragraphsShapedAheadLayOutAsParagraphsShapedInTurn() throws {
        #expect(Self.text.utf16.count >= LayoutManager.shapeAheadLength)
        let storage = TextStorage(Self.text, attributes: TextAttributes(font: .textStyle(.body)))
        let ahead = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        ahead.addTextContainer(TextContainer(width: 280))
        let inTurn = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        inTurn.addTextContainer(TextContainer(width: 280))
        inTurn.loadParagraphs()
        for index in inTurn.paragraphCache.entries.indices { _ = try inTurn.shapedParagraph(at: index) }
        #expect(ahead.paragraphCache.entries.allSatisfy { $0.shaped == nil })
        let expected = Self.summary(try inTurn.layout())
        #expect(Self.summary(try ahead.layout()) == expected)
        #expect(expected.count > 24)
        // Shaped ahead: every paragraph was shaped, in one window.
        #expect(ahead.paragraphCache.entries.allSatisfy { $0.shaped != nil })
    }
}

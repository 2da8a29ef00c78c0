import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct EditingTests {
    @Test func editsReportTheirRangeLengthChangeAndKind() throws {
        let storage = TextStorage("one\ntwo\nthree")
        var edits: [TextEdit] = []
        let token = storage.addEditObserver { _, edit in edits.append(edit) }
        try storage.replaceCharacters(in: 5..<6, with: "WW")
        #expect(edits.last == TextEdit(kind: .characters, editedRange: 4..<9, changeInLength: 1))
        try storage.addAttributes(TextAttributes(foregroundColor: .white), range: 0..<2)
        #expect(edits.last == TextEdit(kind: .attributes, editedRange: 0..<4, changeInLength: 0))
        storage.beginEditing()
        try storage.replaceCharacters(in: 0..<0, with: "X")
        try storage.replaceCharacters(in: 12..<15, with: "")
        try storage.addAttributes(TextAttributes(kern: 1), range: 1..<2)
        #expect(edits.count == 2, "nothing is told inside a batch")
        storage.endEditing()
        #expect(edits.count == 3)
        #expect(edits.last?.kind == [.characters, .attributes])
        #expect(edits.last?.changeInLength == -2)
        #expect(edits.last?.editedRange == 0..<storage.length)
        token.cancel()
    }

    @Test func processingGivesEachParagraphItsFirstCharactersStyle() throws {
        let storage = TextStorage("first line\nsecond")
        var centered = ParagraphStyle()
        centered.alignment = .center
        try storage.addAttributes(TextAttributes(paragraphStyle: centered), range: 0..<3)
        #expect(storage.attributes(at: 9).paragraphStyle?.alignment == .center)
        #expect(storage.attributes(at: 12).paragraphStyle == nil)
    }

    /// The highlighter styles typed Markdown as the note reader draws it, dims the markup, and restyles only the
    /// paragraph an edit touched.
    @Test func theHighlighterRestylesOnlyTheEditedParagraph() throws {
        let line = "plain **bold** _it_ ~~gone~~ `code` [link](https://x.org) 中文*斜*"
        let storage = TextStorage(Array(repeating: line, count: 50).joined(separator: "\n"))
        let base = TextAttributes(font: .textStyle(.body))
        let highlighter = NoteHighlighter(baseAttributes: base)
        let token = highlighter.attach(to: storage)
        #expect(highlighter.restyledParagraphCount == 50)
        func offset(_ text: String) -> Int {
            line.utf16.distance(from: line.startIndex, to: line.range(of: text)!.lowerBound)
        }
        // The same attributes the reader gives each kind of markup.
        func reader(_ style: NoteInlines.Style) -> TextAttributes { NoteWriter.attributes(base, style) }
        #expect(storage.attributes(at: offset("bold")).font == reader(NoteInlines.Style(bold: true)).font)
        #expect(storage.attributes(at: offset("it_")).font == reader(NoteInlines.Style(italic: true)).font)
        #expect(storage.attributes(at: offset("gone")).strikethrough != nil)
        #expect(storage.attributes(at: offset("code`")).font == reader(NoteInlines.Style(code: true)).font)
        #expect(storage.attributes(at: offset("link]")).link == URL(string: "https://x.org"))
        #expect(storage.attributes(at: offset("斜")).font == reader(NoteInlines.Style(italic: true)).font)
        // Markup characters are dimmed, the text between them is not.
        for marker in ["**bold", "_it", "~~gone", "`code", "](https"] {
            #expect(storage.attributes(at: offset(marker)).foregroundColor == highlighter.markerColor, "\(marker)")
        }
        #expect(storage.attributes(at: offset("plain")).foregroundColor == nil)
        let middle = storage.paragraphRange(around: 900..<900)
        try storage.replaceCharacters(in: middle.lowerBound..<middle.lowerBound, with: "**new** ")
        #expect(highlighter.restyledParagraphCount == 51)
        #expect(storage.attributes(at: middle.lowerBound + 2).font == reader(NoteInlines.Style(bold: true)).font)
        try storage.replaceCharacters(in: middle.lowerBound..<(middle.lowerBound + 1), with: "")
        #expect(highlighter.restyledParagraphCount == 52)
        #expect(storage.attributes(at: middle.lowerBound + 2).font == reader(NoteInlines.Style(italic: true)).font)
        token.cancel()
    }

    /// A `\{` (which keeps a note's brace from opening ruby) moves nothing the highlighter styles after it.
    @Test func theHighlighterStylesMarkupAfterAnEscapedBrace() throws {
        let line = #"\{a|b} \{c} **bold** `code`"#
        let storage = TextStorage(line)
        let base = TextAttributes(font: .textStyle(.body))
        let highlighter = NoteHighlighter(baseAttributes: base)
        let token = highlighter.attach(to: storage)
        func offset(_ text: String) -> Int {
            line.utf16.distance(from: line.startIndex, to: line.range(of: text)!.lowerBound)
        }
        let bold = NoteWriter.attributes(base, NoteInlines.Style(bold: true)).font
        #expect(storage.attributes(at: offset("bold")).font == bold)
        #expect(storage.attributes(at: offset("d**")).font == bold)
        #expect(storage.attributes(at: offset("**bold")).foregroundColor == highlighter.markerColor)
        #expect(storage.attributes(at: offset(" **bold")).foregroundColor == nil)
        #expect(
            storage.attributes(at: offset("code`")).font
                == NoteWriter.attributes(base, NoteInlines.Style(code: true)).font)
        token.cancel()
    }

    @Test func severalLayoutManagersFollowOneStorage() throws {
        let storage = TextStorage(LayoutFixtures.english, attributes: TextAttributes(font: .textStyle(.body)))
        let narrow = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        narrow.addTextContainer(TextContainer(width: 150))
        let wide = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        wide.addTextContainer(TextContainer(width: 400))
        let before = (try narrow.layout().lineCount(), try wide.layout().lineCount())
        try storage.replaceCharacters(in: 0..<0, with: LayoutFixtures.english + " ")
        let after = (try narrow.layout().lineCount(), try wide.layout().lineCount())
        #expect(after.0 > before.0 && after.1 > before.1)
        #expect(after.0 > after.1)
    }

    @Test func aWindowAtTheTopDoesNotLayOutTheRest() throws {
        let storage = TextStorage(
            Array(repeating: LayoutFixtures.english, count: 400).joined(separator: "\n"),
            attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 320))
        let window = try manager.lineFragments(intersecting: Rect(x: 0, y: 0, width: 320, height: 600))
        #expect(!window.isEmpty)
        let laidOut = manager.paragraphCache.entries.filter { $0.placed != nil }.count
        #expect(laidOut < 10, "\(laidOut) paragraphs laid out for one screen")
        let shaped = manager.paragraphCache.entries.filter { $0.shaped != nil }.count
        #expect(shaped < 10)
    }

    @Test func aColourChangeKeepsTheShapedGlyphs() throws {
        let storage = TextStorage("Colour me\nand not me", attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 320))
        _ = try manager.layout()
        try storage.addAttributes(TextAttributes(foregroundColor: .white), range: 0..<6)
        #expect(manager.paragraphCache.entries[0].shaped != nil, "a colour change must not re-shape")
        try storage.addAttributes(TextAttributes(fontFeatures: [FontFeature("tnum")]), range: 0..<6)
        #expect(manager.paragraphCache.entries[0].shaped == nil, "a feature change re-shapes")
        #expect(manager.paragraphCache.entries[1].shaped != nil, "the other paragraph keeps its glyphs")
    }

    // MARK: Property: incremental equals fresh

    static let pieces = [
        "word ", "typography ", "排版", "，", "。", "\n", "Galley ", "mixed 中文 ", "\n\n", "😀", "مرحبا ", " ",
    ]

    private func randomEdit(_ storage: TextStorage, _ random: inout SeededGenerator) throws {
        let length = storage.length
        let offset = length == 0 ? 0 : Int.random(in: 0...length, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4:
            let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)!
            }.joined()
            try storage.replaceCharacters(in: offset..<offset, with: text)
        case 4..<6:
            let end = min(length, offset + Int.random(in: 1...12, using: &random))
            try storage.replaceCharacters(in: offset..<end, with: "")
        case 6:
            try storage.replaceCharacters(in: offset..<offset, with: "\n")
        case 7:
            if let newline = storage.utf16.indices.filter({ storage.utf16[$0] == 0x0A }).randomElement(using: &random) {
                try storage.replaceCharacters(in: newline..<(newline + 1), with: "")
            }
        case 8:
            let end = min(length, offset + Int.random(in: 1...20, using: &random))
            let attributes = [
                TextAttributes(foregroundColor: Color(red: 0.8, green: 0.1, blue: 0.1)),
                TextAttributes(font: .styled(.body, weight: 700)),
                TextAttributes(font: .textStyle(.headline)), TextAttributes(kern: 0.5),
            ].randomElement(using: &random)!
            try storage.addAttributes(attributes, range: offset..<end)
        default:
            var style = ParagraphStyle()
            style.alignment = [.center, .right, .justified, .natural].randomElement(using: &random)!
            style.paragraphSpacing = Double(Int.random(in: 0...8, using: &random))
            style.paragraphSpacingBefore = Double(Int.random(in: 0...4, using: &random))
            try storage.addAttributes(TextAttributes(paragraphStyle: style), range: offset..<min(length, offset + 1))
        }
    }

    /// Fragments as text, positions to 1/10,000 pt (summing heights in another order may differ in the last bits).
    private func describe(_ fragments: [LineFragment]) -> [String] {
        fragments.map { fragment in
            let runs = fragment.runs.map { run in
                "\(run.characterRange) \(run.glyphRun.glyphs.map(\.glyphID)) x\(String(format: "%.4f", run.origin.x))"
            }
            let rect = [
                fragment.rect.minX, fragment.rect.minY, fragment.rect.width, fragment.rect.height,
                fragment.usedRect.width,
            ]
            .map { String(format: "%.4f", $0) }.joined(separator: ",")
            return "\(fragment.characterRange) \(rect) base \(String(format: "%.4f", fragment.baselineY)) \(runs)"
        }
    }

    @Test(arguments: [UInt64(7), 2026])
    func incrementalLayoutEqualsAFreshLayoutAfterAThousandRandomEdits(_ seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let storage = TextStorage(
            LayoutFixtures.english + "\n" + LayoutFixtures.chinese, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 260))
        let everything = Rect(x: 0, y: -1, width: 260, height: 1e9)
        _ = try manager.lineFragments(intersecting: everything)
        for step in 1...1_000 {
            if step % 25 == 0 {
                storage.beginEditing()
                try randomEdit(storage, &random)
                try randomEdit(storage, &random)
                storage.endEditing()
            } else {
                try randomEdit(storage, &random)
            }
            if step % 100 == 0 || step == 1_000 {
                // A fresh manager over an exact copy (unpaired surrogates from deletions included).
                let reference = LayoutManager(
                    textStorage: TextStorage(copying: storage), fontLibrary: try TestFonts.bundled)
                reference.addTextContainer(TextContainer(width: 260))
                let expected = describe(try reference.layout().lineFragments)
                #expect(
                    describe(try manager.lineFragments(intersecting: everything)) == expected,
                    "window layout after \(step) edits")
                #expect(describe(try manager.layout().lineFragments) == expected, "full layout after \(step) edits")
            }
        }
        #expect(storage.length > 0)
    }
}

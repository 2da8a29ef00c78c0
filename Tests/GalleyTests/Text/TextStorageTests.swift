import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct TextStorageTests {
    @Test func attributesAreSplitAndMergedByRange() throws {
        let storage = TextStorage("Hello, world")
        let red = TextAttributes(foregroundColor: try Color(hex: "#FF0000"))
        try storage.addAttributes(red, range: 0..<5)
        #expect(storage.attributeRuns.map(\.utf16Range) == [0..<5, 5..<12])
        #expect(storage.attributes(at: 4).foregroundColor == Color(red: 1, green: 0, blue: 0))
        #expect(storage.attributes(at: 5).foregroundColor == nil)
        try storage.addAttributes(red, range: 5..<12)
        #expect(storage.attributeRuns.map(\.utf16Range) == [0..<12])
    }

    @Test func replacingCharactersShiftsLaterRuns() throws {
        let storage = TextStorage("abc")
        try storage.addAttributes(TextAttributes(kern: 2), range: 2..<3)
        try storage.replaceCharacters(in: 0..<1, with: "XYZ")
        #expect(storage.string == "XYZbc")
        #expect(storage.attributeRuns.map(\.utf16Range) == [0..<4, 4..<5])
        #expect(storage.attributes(at: 4).kern == 2)
        try storage.replaceCharacters(in: 1..<5, with: "")
        #expect(storage.string == "X")
        #expect(storage.attributeRuns.map(\.utf16Range) == [0..<1])
    }

    @Test func eachParagraphTakesItsFirstCharactersStyleInOnePass() throws {
        // Paragraphs whose runs disagree on the paragraph style (a list marker run, then its text) are fixed by
        // one rewrite of the runs they cover; fixing them one by one was quadratic (a 1 MB note of nested list
        // items took 275 s).
        var centred = ParagraphStyle()
        centred.alignment = .center
        var indented = ParagraphStyle()
        indented.headIndent = 12
        let bold = TextAttributes(foregroundColor: .black)
        let storage = TextStorage("", attributes: TextAttributes())
        storage.beginEditing()
        for index in 0..<2_000 {
            var head = bold, tail = TextAttributes()
            head.paragraphStyle = index % 2 == 0 ? centred : indented
            tail.paragraphStyle = index % 3 == 0 ? nil : centred
            storage.append("• ", attributes: head)
            storage.append("item \(index)\n", attributes: tail)
        }
        storage.endEditing()
        var start = 0
        for index in 0..<2_000 {
            let paragraph = storage.paragraphRange(around: start..<start)
            let expected = index % 2 == 0 ? centred : indented
            let runs = storage.attributeRuns.filter { $0.utf16Range.overlaps(paragraph) }
            #expect(runs.allSatisfy { $0.attributes.paragraphStyle == expected }, "paragraph \(index)")
            // Colour still splits each paragraph in two; equal neighbours are merged.
            #expect(runs.count == 2 && runs[0].attributes.foregroundColor == .black)
            start = paragraph.upperBound
        }
        for (left, right) in zip(storage.attributeRuns, storage.attributeRuns.dropFirst()) {
            #expect(left.utf16Range.upperBound == right.utf16Range.lowerBound && left.attributes != right.attributes)
        }
    }

    @Test func outOfBoundsRangesAreErrors() throws {
        let storage = TextStorage("abc")
        #expect(throws: TextStorageError.rangeOutOfBounds(2..<9, length: 3)) {
            try storage.setAttributes(TextAttributes(), range: 2..<9)
        }
    }

    @Test func paragraphsSplitAtEveryTerminator() throws {
        let storage = TextStorage("one\ntwo\r\nthree\rfour\u{2029}\n")
        let paragraphs = storage.paragraphs
        #expect(paragraphs.map(\.string) == ["one", "two", "three", "four", "", ""])
        #expect(paragraphs.map(\.terminatorLength) == [1, 2, 1, 1, 1, 0])
        #expect(paragraphs[1].utf16Range == 4..<7)
        #expect(TextStorage("").paragraphs.count == 1)
    }

    /// Terminators wherever they fall, around the scan's 64-unit chunks too: the paragraphs are those a split of
    /// the units at each terminator gives.
    @Test func paragraphsSplitAtTerminatorsAnywhere() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt16]] = [[0x61], [0x4E2D], [0x20], [0x0A], [0x0D], [0x0D, 0x0A], [0x85], [0x2029], [0x2028]]
        for _ in 0..<400 {
            let length = Int.random(in: 0...300, using: &generator)
            var units: [UInt16] = []
            while units.count < length {
                // Mostly text, so that terminators fall alone in chunks as well as together.
                units += Int.random(in: 0..<12, using: &generator) == 0 ? pieces.randomElement()! : [0x61]
            }
            var expected: [Range<Int>] = []
            var start = 0, offset = 0
            while offset < units.count {
                guard [0x0A, 0x0D, 0x85, 0x2029].contains(units[offset]) else {
                    offset += 1
                    continue
                }
                expected.append(start..<offset)
                offset += units[offset] == 0x0D && offset + 1 < units.count && units[offset + 1] == 0x0A ? 2 : 1
                start = offset
            }
            expected.append(start..<units.count)
            let storage = TextStorage(String(decoding: units, as: UTF16.self))
            #expect(storage.paragraphs.map(\.utf16Range) == expected, "\(units)")
        }
    }

    @Test func indicesAreUTF16Offsets() throws {
        let storage = TextStorage("a😀b")
        #expect(storage.length == 4)
        try storage.addAttributes(TextAttributes(kern: 1), range: 3..<4)
        #expect(storage.attributes(at: 3).kern == 1)
        #expect(storage.attributes(at: 1).kern == nil)
    }

    @Test func attributedStringsConvertWithGalleysAttributes() throws {
        var attributed = AttributedString("Title body")
        let title = attributed.range(of: "Title")!
        attributed[title].font = .textStyle(.headline)
        attributed[title].foregroundColor = .white
        attributed[title].underline = TextDecoration(.double)
        attributed[attributed.range(of: "body")!].link = URL(string: "https://example.com")
        let storage = TextStorage(attributed)
        #expect(storage.string == "Title body")
        #expect(storage.attributes(at: 0).font == .textStyle(.headline))
        #expect(storage.attributes(at: 0).underline?.style == .double)
        #expect(storage.attributes(at: 0).foregroundColor == .white)
        #expect(storage.attributes(at: 7).link?.host == "example.com")
        #expect(storage.attributes(at: 5).font == nil)
    }

    @Test func hexColoursParseAndBadOnesAreErrors() throws {
        #expect(try Color(hex: "#336699").hexString == "#336699")
        #expect(try Color(hex: "#fff") == .white)
        #expect(try Color(hex: "00000080").alpha > 0.5)
        #expect(throws: ColorError.invalidHex("#12345")) { try Color(hex: "#12345") }
        #expect(throws: ColorError.self) { try Color(hex: "red") }
    }

    /// CSS's colour names, in any case, as browsers read them; hex still works and misspellings are errors.
    @Test func cssColourNamesParse() throws {
        #expect(try Color(css: "red").hexString == "#FF0000")
        #expect(try Color(css: "RebeccaPurple").hexString == "#663399")
        #expect(try Color(css: "lightgoldenrodyellow").hexString == "#FAFAD2")
        #expect(try Color(css: "grey") == Color(css: "gray"))
        #expect(try Color(css: "transparent") == .clear)
        #expect(try Color(css: "#336699").hexString == "#336699")
        #expect(throws: ColorError.invalidHex("purpel")) { try Color(css: "purpel") }
        #expect(throws: ColorError.self) { try Color(css: "") }
    }
}

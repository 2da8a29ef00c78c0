import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `galley layout` shows what layout decided, and what it shows is what the library laid out.
@Suite struct LayoutCommandTests {
    struct Output: Decodable {
        struct Line: Decodable {
            struct Run: Decodable {
                struct Glyph: Decodable {
                    let id: UInt32
                    let cluster: Int
                    let x: Double
                    let advance: Double
                }
                let font: String
                let script: String
                let direction: String
                let glyphs: [Glyph]
            }
            let container: Int
            let range: [Int]
            let rect: [Double]
            let baseline: Double
            let runs: [Run]
        }
        struct Table: Decodable {
            let container: Int
            let columns: [Double]
            let rows: [Double]
        }
        let lines: [Line]
        let tables: [Table]?
    }

    static func layout(_ text: String, _ flags: [String]) throws -> Output {
        let path = GalleyCommand.temporary("layout-\(abs(text.hashValue)).txt")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["layout", path, "--json", "--no-system-fonts"] + flags)
        #expect(outcome.status == 0, "\(outcome.error)")
        return try JSONDecoder().decode(Output.self, from: Data(outcome.output.utf8))
    }

    @Test func itShowsTabsHyphensAndLineRangesInCodePoints() throws {
        let output = try Self.layout("😀\tb incomprehensibili\u{AD}ties", ["--width", "150", "--padding", "0"])
        #expect(output.lines.map(\.range) == [[0, 4], [4, 22], [22, 26]])
        let first = output.lines[0].runs.flatMap(\.glyphs)
        let b = try #require(first.first { $0.cluster == 2 })
        #expect(abs(b.x - 28) < 0.001, "the tab advances to the 28 pt stop")
        let hyphenated = output.lines[1].runs.flatMap(\.glyphs)
        let inter = try TestFonts.bundled.font(family: "Inter", size: 17)
        #expect(hyphenated.last?.id == inter.hyphen?.glyph)
        #expect(hyphenated.last?.cluster == 21)
        #expect(output.lines[1].runs[0].font == "Inter Regular" && output.lines[1].runs[0].direction == "ltr")
    }

    @Test func itAgreesWithTheLibrarysLayout() throws {
        let text = LayoutFixtures.english
        let output = try Self.layout(text, ["--width", "240"])
        let (layout, _) = try LayoutFixtures.layout(
            text, attributes: TextAttributes(font: .textStyle(.body), foregroundColor: .black),
            container: TextContainer(width: 240))
        #expect(output.lines.count == layout.lineFragments.count)
        for (line, fragment) in zip(output.lines, layout.lineFragments) {
            #expect(line.range == [fragment.characterRange.lowerBound, fragment.characterRange.upperBound])
            #expect(abs(line.baseline - fragment.baselineY) < 0.001)
            #expect(line.runs.flatMap(\.glyphs).map(\.id) == fragment.runs.flatMap(\.glyphRun.glyphs).map(\.glyphID))
        }
    }

    /// A note's table is printed with its edges (its cells are among the lines), as the library lays it out with the
    /// same fonts.
    @Test func aTablesEdgesFollowTheLines() throws {
        let outcome = try GalleyCommand.run(["layout", "Examples/note-table.md", "--json", "--no-system-fonts"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let output = try JSONDecoder().decode(Output.self, from: Data(outcome.output.utf8))
        let tables = try #require(output.tables)
        let document = try NoteReader.read(
            try String(contentsOfFile: "Examples/note-table.md", encoding: .utf8), defaults: TextAttributes(),
            access: FileAccess(baseDirectory: "Examples"))
        let frames = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout().tableFrames
        #expect(tables.count == frames.count && tables.count == 2)  // the grid and the code block's box
        for (table, frame) in zip(tables, frames) {
            #expect(
                zip(table.columns, frame.columnEdges).allSatisfy { abs($0 - $1) < 0.001 },
                "\(table.columns) against \(frame.columnEdges)")
            #expect(zip(table.rows, frame.rowEdges).allSatisfy { abs($0 - $1) < 0.001 })
        }
        #expect(try Self.layout("no table here", []).tables == nil)
    }
}

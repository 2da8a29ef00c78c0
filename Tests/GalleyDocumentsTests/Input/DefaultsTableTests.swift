import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyRequests
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The README's table of the defaults that differ by input (`measure` rows, notes, JSON documents) says what the
/// code does.
@Suite struct DefaultsTableTests {
    /// The README's rows: the setting's key, then each column's first value (a name in backticks, or on/off).
    static func tableRows() throws -> [(key: String, measure: String, notes: String, documents: String)] {
        let readme = try String(
            contentsOf: TestFonts.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| setting | `measure` rows |") })
        func firstValue(_ cell: String) -> String {
            let trimmed = cell.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("`") { return String(trimmed.dropFirst().prefix { $0 != "`" }) }
            return String(trimmed.prefix { $0 != " " })
        }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map(String.init)
            return (firstValue(cells[0]), firstValue(cells[1]), firstValue(cells[2]), firstValue(cells[3]))
        }
    }

    /// `style`'s property `key` as the table writes it: an enumeration's raw value, on or off.
    static func value(_ key: String, of style: ParagraphStyle) throws -> String {
        let property = try #require(Mirror(reflecting: style).children.first { $0.label == key }?.value)
        if let flag = property as? Bool { return flag ? "on" : "off" }
        let raw = try #require((property as? any RawRepresentable)?.rawValue as? String, "\(key)")
        return raw
    }

    @Test func theDefaultsTableIsTheCodes() throws {
        let rows = try Self.tableRows()
        #expect(rows.count >= 7)
        let measure =
            try MeasureRow.Defaults(
                RequestOptions(work: .measure, access: FileAccess()), library: try TestFonts.bundled, width: 320,
                access: FileAccess()
            ).text.applied(to: TextAttributes()).paragraphStyle ?? ParagraphStyle()
        let note = try NoteReader.read("コンピューターでフォントを選ぶ。", defaults: TextAttributes())
        let noteStyle = note.storage.paragraphs[0].style
        for row in rows where row.key != "wrapSide" {
            #expect(try Self.value(row.key, of: measure) == row.measure, "\(row.key), measure")
            #expect(try Self.value(row.key, of: noteStyle) == row.notes, "\(row.key), notes")
            #expect(try Self.value(row.key, of: ParagraphStyle()) == row.documents, "\(row.key), documents")
        }
        let wrapSide = try #require(rows.first { $0.key == "wrapSide" })
        #expect(note.wrapSide.rawValue == wrapSide.notes)
    }
}

import Foundation
import Galley
import GalleyDocuments
import Testing

@testable import GalleyTestSupport

/// A JSON document's `"font"` objects, `measure`'s lines and the font flags are read by one ``FontRequest``: the
/// same keys give the same font everywhere.
@Suite struct FontRequestTests {
    static func documentFont(_ font: String) throws -> FontSpecifier? {
        let json = #"{"content": [{"text": "x", "attributes": {"font": \#(font)}}]}"#
        let document = try DocumentReader.read(json, defaults: TextAttributes(), library: try TestFonts.bundled)
        return document.storage.attributes(at: 0).font
    }

    @Test(arguments: [
        (#"{"style": "headline"}"#, FontRequest(style: .headline)),
        (#"{"style": "headline", "italic": true}"#, FontRequest(style: .headline, italic: true)),
        (#"{"family": "JetBrains Mono"}"#, FontRequest(family: "JetBrains Mono")),
        (#"{"family": "Inter", "size": 17}"#, FontRequest(family: "Inter", size: 17)),
        (#"{"style": "title1", "size": 30, "weight": 300}"#, FontRequest(size: 30, style: .title1, weight: 300)),
    ])
    func aDocumentFontIsTheRequestItSpells(font: String, request: FontRequest) throws {
        let library = try TestFonts.bundled
        #expect(try Self.documentFont(font) == request.specifier(library: library, settings: DynamicTypeSettings()))
    }

    /// A size beside a style is the size asked for (it was once dropped, the style's size taken instead).
    @Test func aSizeBesideAStyleIsKept() throws {
        guard case .font(let font)? = try Self.documentFont(#"{"style": "headline", "size": 30}"#) else {
            Issue.record("a style with a size should be a fixed font")
            return
        }
        #expect(font.size == 30)
    }
}

import GalleyDocuments
import Testing

/// JSON strings come back with exactly the scalars written, whatever sits beside the quotes: a string without
/// escapes is a piece of the line's own text, and a combining mark or joiner next to a quote must neither take the
/// quote with it nor be lost.
@Suite struct JSONParserTests {
    static func strings(_ json: String) throws -> [String] {
        guard case .object(let members) = try JSONParser.parse(json) else { return [] }
        return members.compactMap { member in
            if case .string(let text) = member.value { return text }
            return nil
        }
    }

    @Test func stringsKeepTheirScalarsBesideTheQuotes() throws {
        let texts = ["\u{301}abc", "a\u{301}", "\u{200D}\u{1F468}x", "\u{301}", "中文，“引号”", "", "👩‍💻 code"]
        let json = "{" + texts.enumerated().map { "\"k\($0.offset)\":\"\($0.element)\"" }.joined(separator: ",") + "}"
        let read = try Self.strings(json)
        #expect(read.map { Array($0.unicodeScalars) } == texts.map { Array($0.unicodeScalars) })
    }

    @Test func escapedStringsAreDecoded() throws {
        #expect(try Self.strings(#"{"a": "x\"y\\z\n\u00e9\ud83d\ude00"}"#) == ["x\"y\\z\n\u{E9}\u{1F600}"])
    }
}

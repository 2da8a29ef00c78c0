import Foundation
import GalleyDocuments
import Testing

@testable import GalleyTestSupport

/// The hand-written JSON reader against Foundation's `JSONSerialization` on the texts that trip readers up (RFC
/// 8259's edges: numbers, escapes, surrogates, control characters, white space, trailing commas, nesting): it
/// accepts what the reference accepts, rejects what it rejects, and reads the same values. Then what it adds: line
/// and column in errors, ids kept with every digit, a nesting limit. And JSON strings come back with exactly the
/// scalars written, whatever sits beside the quotes: a string without escapes is a piece of the line's own text, and
/// a combining mark or joiner next to a quote must neither take the quote with it nor be lost.
@Suite struct JSONParserTests {
    static let valid = [
        "0", "-0", "1.5e3", "1E+2", "-1.25e-3", "123456789012", "[]", "{}", " \t\r\n[1 , 2]\n", "[\"\\u00e9\"]",
        #"["\ud83d\ude00"]"#, #"["\/\b\f\n\r\t"]"#, #"{"a":{"b":[null,true,false]}}"#,
        "\"plain\"", "[\"中文\"]", "[1e308]", "[0.1]", "[-1E-7]",
    ]
    static let invalid = [
        "", "01", "-", "1.", ".5", "1e", "+1", "0x10", "NaN", "Infinity", "[1 2]",
        #"{"a" 1}"#, #"{a:1}"#, "['a']", "\"\t\"", "\"\u{1}\"", #"["\x41"]"#, #"["\u12"]"#, "[", "{", "]", "tru",
        "nul", "[1]x", "\u{A0}[1]", "[1]\u{A0}", #"["abc"#,
    ]

    /// Texts Foundation's reader on Linux accepts and Galley's refuses: trailing commas, which RFC 8259's grammar
    /// has no place for; a name twice in one object, which the RFC says should not happen and whose meaning readers
    /// disagree on (Galley names the member rather than pick one).
    static let refusedWhereFoundationIsLenient = ["[1,]", #"{"a":1,}"#, #"{"a":1,"a":2}"#]

    /// What Foundation reads `text` as, as the reader's values (numbers as doubles; booleans come back as numbers
    /// on Linux, so ``normalized(_:)`` counts them as 0 and 1 on both sides); nil when it refuses it.
    static func reference(_ text: String) -> JSONValue? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        else { return nil }
        func value(_ object: Any) -> JSONValue {
            switch object {
            case is NSNull: return .null
            case let number as NSNumber: return .number(number.doubleValue)
            case let string as String: return .string(string)
            case let array as [Any]: return .array(array.map(value))
            case let object as [String: Any]:
                return .object(object.keys.sorted().map { ($0, value(object[$0]!)) })
            default: return .null
            }
        }
        return value(object)
    }

    /// `value` with each object's members sorted by key, the last of equal keys kept (what a dictionary keeps), and
    /// booleans as 0 and 1.
    static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case .bool(let truth): return .number(truth ? 1 : 0)
        case .array(let items): return .array(items.map(normalized))
        case .object(let members):
            var last: [String: JSONValue] = [:]
            for member in members { last[member.key] = normalized(member.value) }
            return .object(last.keys.sorted().map { ($0, last[$0]!) })
        default: return value
        }
    }

    @Test(arguments: refusedWhereFoundationIsLenient)
    func refusesWhatTheRFCHasNoPlaceFor(_ text: String) throws {
        #expect(Self.reference(text) != nil, "Foundation refuses \(text.debugDescription) now: move it to invalid")
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test(arguments: valid + invalid)
    func acceptsAndReadsAsFoundationDoes(_ text: String) throws {
        let expected = Self.reference(text)
        let read = try? JSONParser.parse(text)
        #expect((read == nil) == (expected == nil), "\(text.debugDescription): ours \(String(describing: read))")
        if let read, let expected { #expect(Self.normalized(read) == Self.normalized(expected)) }
        // The lists say which side each text is on: the reference must agree with them, or a case is mislabelled.
        #expect((expected != nil) == Self.valid.contains(text), "\(text.debugDescription)")
    }

    /// Random arrays of strings and whole numbers read as Foundation reads them, and refused where it refuses
    /// them: strings of every length with quotes, backslashes, escapes, raw control characters and multi-byte
    /// characters at every position (a string is scanned eight bytes at a time, so each may fall anywhere in a
    /// word or in the bytes after the last whole one), and numbers of up to 18 digits, signed, with leading zeros
    /// (those of up to 15 are summed from their digits).
    @Test func randomStringsAndNumbersAreReadAsFoundationReadsThem() throws {
        var generator = SeededGenerator(state: 60)
        let pieces = [
            "a", "Z", " ", "中", "é", "😀", "\\\"", "\\\\", "\\n", "\\u00e9", "\"", "\\", "\t", "\u{1}", "\u{7F}", "/",
        ]
        var disagreements: [String] = []
        for _ in 0..<3_000 {
            var text = "["
            for index in 0..<Int.random(in: 1...3, using: &generator) {
                if index > 0 { text += "," }
                if Bool.random(using: &generator) {
                    text += "\""
                    for _ in 0..<Int.random(in: 0...40, using: &generator) {
                        // Mostly plain characters, so that whole words of them are scanned between the rest.
                        text +=
                            Int.random(in: 0..<10, using: &generator) < 7
                            ? pieces[Int.random(in: 0..<4, using: &generator)]
                            : pieces.randomElement(using: &generator)!
                    }
                    text += "\""
                } else {
                    if Bool.random(using: &generator) { text += "-" }
                    for _ in 0..<Int.random(in: 1...18, using: &generator) {
                        text += String(Int.random(in: 0...9, using: &generator))
                    }
                }
            }
            text += "]"
            let expected = Self.reference(text)
            let read = try? JSONParser.parse(text)
            if (read == nil) != (expected == nil) || read.map(Self.normalized) != expected.map(Self.normalized) {
                disagreements.append(text)
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(3))")
    }

    @Test func errorsNameTheirLineAndColumn() throws {
        for (text, line, column) in [("{\n  \"a\": 1,\n  \"b\": ]\n}", 3, 8), ("[1,\n2,,3]", 2, 3), ("  x", 1, 3)] {
            do {
                _ = try JSONParser.parse(text)
                Issue.record("\(text.debugDescription) was read")
            } catch let error as JSONParser.SyntaxError {
                #expect((error.line, error.column) == (line, column), "\(text.debugDescription): \(error)")
            }
        }
    }

    @Test func anIdKeepsEveryDigitAndNestingIsBounded() throws {
        let (value, kept) = try JSONParser.parseKeepingMemberText(
            #"{"id": 9007199254740993, "text": "x"}"#, of: ["id"])
        #expect(kept["id"] == "9007199254740993")  // a Double would say …992
        #expect(value["text"] == .string("x"))
        let deep =
            String(repeating: "[", count: JSONParser.depthLimit + 1)
            + String(repeating: "]", count: JSONParser.depthLimit + 1)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(deep) }
        let allowed =
            String(repeating: "[", count: JSONParser.depthLimit) + String(repeating: "]", count: JSONParser.depthLimit)
        #expect(throws: Never.self) { try JSONParser.parse(allowed) }
    }

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

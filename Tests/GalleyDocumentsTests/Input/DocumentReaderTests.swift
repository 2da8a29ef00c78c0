import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// JSON documents name things as Swift does, and still read the names they had before.
@Suite struct DocumentReaderTests {
    static func read(_ json: String) throws -> Document {
        try DocumentReader.read(json, defaults: TextAttributes(), library: try TestFonts.bundled)
    }

    /// Each key by its Swift name and by its former name reads the same document.
    @Test(arguments: [
        ("foregroundColor", "color", ##""#FF0000""##, "attributes"),
        ("fontFeatures", "features", #"["tnum"]"#, "attributes"),
        ("textEffect", "effect", #""letterpress""#, "attributes"),
        ("paragraphStyle", "paragraph", #"{"alignment": "center"}"#, "attributes"),
        ("textLists", "lists", #"["disc"]"#, "paragraphStyle"),
        ("blurRadius", "blur", "3", "shadow"),
        ("maximumNumberOfLines", "maxLines", "2", "container"),
    ])
    func aKeyReadsUnderItsSwiftNameAndItsFormerOne(_ names: (String, String, String, String)) throws {
        let (name, former, value, object) = names
        func document(_ key: String) -> String {
            switch object {
            case "container":
                return #"{"container": {"width": 200, "\#(key)": \#(value)}, "content": ["a"]}"#
            case "shadow":
                return #"{"content": [{"text": "a", "attributes": {"shadow": {"\#(key)": \#(value)}}}]}"#
            case "paragraphStyle":
                return #"{"content": [{"text": "a", "attributes": {"paragraphStyle": {"\#(key)": \#(value)}}}]}"#
            default:
                return #"{"content": [{"text": "a", "attributes": {"\#(key)": \#(value)}}]}"#
            }
        }
        let current = try Self.read(document(name)), old = try Self.read(document(former))
        #expect(current.storage.attributeRuns == old.storage.attributeRuns)
        #expect(current.maximumLines == old.maximumLines)
        let plain = try Self.read(#"{"container": {"width": 200}, "content": ["a"]}"#)
        #expect(
            current.storage.attributeRuns != plain.storage.attributeRuns || current.maximumLines != plain.maximumLines,
            "\(name) changes the document")
    }

    /// Every attribute the table gives documents reads from its key (a value of each form), and sets it; the keys
    /// an attributes object allows are the table's.
    @Test func everyAttributeOfTheTableReadsFromItsKey() throws {
        for field in TextAttributes.fields {
            let value: String
            switch field.documentForm {
            case .number(_, let range): value = "\((range.lowerBound + range.upperBound) / 2 + 0.5)"
            case .integer: value = "1"
            case .color: value = ##""#336699""##
            case .languageTag: value = #""en-GB""#
            case .decoration: value = #""single""#
            case .font: value = #""headline""#
            case .ligatures: value = #""all""#
            case .fontFeatures: value = #"["tnum"]"#
            case .shadow: value = "{}"
            case .textEffect: value = #""letterpress""#
            case .link: value = #""https://example.com""#
            case .paragraphStyle: value = #"{"alignment": "center"}"#
            case .textEmphasis: value = #""filled dot""#
            case .ruby: value = #""a""#
            case .absent:
                #expect(!DocumentReader.attributeKeys.contains(field.name))
                continue
            }
            let document = try Self.read(#"{"content": [{"text": "a", "attributes": {"\#(field.name)": \#(value)}}]}"#)
            #expect(document.storage.attributes(at: 0) != TextAttributes(), "\(field.name) sets its attribute")
            #expect(DocumentReader.attributeKeys.contains(field.name))
        }
    }

    @Test func aKeyBesideItsFormerNameIsAnErrorNamingBoth() throws {
        #expect {
            try Self.read(#"{"content": [{"text": "a", "attributes": {"foregroundColor": "red", "color": "blue"}}]}"#)
        } throws: { error in
            "\(error)"
                == #"content[0].attributes.color: the former name of "foregroundColor", given beside it; give "foregroundColor" alone"#
        }
    }

    /// Emphasis marks read from a CSS style string or an object of style, position and colour; a bad style names
    /// its place and what is allowed.
    @Test func emphasisMarksReadAsCSSWritesThem() throws {
        func emphasis(_ json: String) throws -> TextEmphasis? {
            let document = try Self.read(
                #"{"content": [{"text": "着重", "attributes": {"textEmphasis": "# + json + "}}]}")
            return document.storage.attributes(at: 0).textEmphasis
        }
        #expect(try emphasis(#""open sesame""#) == TextEmphasis(.sesame, isFilled: false))
        #expect(
            try emphasis(#"{"style": "circle", "position": "under", "color": "red"}"#)
                == TextEmphasis(.circle, position: .under, color: try Color(css: "red")))
        #expect(try emphasis(#""none""#) == nil)
        #expect {
            try emphasis(#""sparkles""#)
        } throws: { error in
            "\(error)".hasPrefix("content[0].attributes.textEmphasis: 'sparkles' is not an emphasis style")
        }
    }

    @Test func rubyReadsAsAStringAnArrayOrAnObject() throws {
        func ruby(_ text: String, _ json: String) throws -> RubyAnnotation? {
            let document = try Self.read(
                #"{"content": [{"text": ""# + text + #"", "attributes": {"ruby": "# + json + "}}]}")
            return document.storage.attributes(at: 0).ruby
        }
        #expect(try ruby("東京", #""とうきょう""#) == RubyAnnotation("とうきょう"))
        #expect(try ruby("漢字", #"["かん", "じ"]"#) == RubyAnnotation(perCharacter: ["かん", "じ"]))
        #expect(
            try ruby("拼音", #"{"text": ["pīn", "yīn"], "position": "under"}"#)
                == RubyAnnotation(perCharacter: ["pīn", "yīn"], position: .under))
        #expect(
            try ruby("注音", #"{"text": ["ㄓㄨˋ", "ㄧㄣ"], "position": "inter-character"}"#)
                == RubyAnnotation(perCharacter: ["ㄓㄨˋ", "ㄧㄣ"], position: .interCharacter))
        #expect {
            try ruby("漢字", #"["か", "ん", "じ"]"#)
        } throws: { error in
            "\(error)".hasPrefix("content[0].attributes.ruby: ruby: \"漢字\" has 2 characters and 3 annotations")
        }
        #expect {
            try ruby("東京", #"{"text": "とう", "side": "over"}"#)
        } throws: { error in
            "\(error)".contains("side")
        }
    }
}

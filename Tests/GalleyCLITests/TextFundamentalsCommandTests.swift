import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Tabs, hyphenation and languages through the `galley` command: measure agrees with the library, and bad values
/// get one-line errors naming their field.
@Suite struct TextFundamentalsCommandTests {
    static func measure(_ line: String, _ flags: [String] = []) throws -> (GalleyCommand.Outcome, [String: Any]?) {
        let outcome = try GalleyCommand.run(["measure", "--no-system-fonts"] + flags, input: line)
        let object = try? JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
        return (outcome, object)
    }

    @Test func aTabMeasures28PointsPlusTheTextAfterIt() throws {
        let (outcome, object) = try Self.measure(#"{"id": 1, "text": "a\tb", "size": 17, "font": "Inter"}"#)
        #expect(outcome.status == 0, "\(outcome.error)")
        let b = try TestFonts.shape(
            "b", attributes: TextAttributes(font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)))
        ).width
        #expect(abs((object?["width"] as? Double ?? 0) - (28 + b)) < 1e-6)
    }

    @Test func hyphenationIsAFlagAndARowField() throws {
        let text = "The incomprehensibilities of internationalization"
        let row = #"{"id": 1, "text": "\#(text)", "width": 120, "language": "en-US""#
        let (plain, plainObject) = try Self.measure(row + "}")
        let (field, fieldObject) = try Self.measure(row + #", "hyphenationFactor": 1}"#)
        let (flag, flagObject) = try Self.measure(row + "}", ["--hyphenate", "1"])
        #expect(plain.status == 0 && field.status == 0 && flag.status == 0)
        let starts = { (object: [String: Any]?) in object?["line_starts"] as? [Int] ?? [] }
        #expect(starts(fieldObject) == starts(flagObject))
        #expect(starts(fieldObject) != starts(plainObject))
        #expect(starts(fieldObject).count < starts(plainObject).count)
    }

    @Test func chineseSpacingIsAFlagAndARowField() throws {
        let row = #"{"id": 1, "text": "中文Swift“（中）”。", "size": 20, "font": "Noto Sans CJK SC""#
        let width = { (object: [String: Any]?) in object?["width"] as? Double ?? 0 }
        let (_, trimmed) = try Self.measure(row + "}")
        let (_, untrimmed) = try Self.measure(row + #", "punctuationTrim": "none"}"#)
        let (_, untrimmedFlag) = try Self.measure(row + "}", ["--punctuation-trim", "none"])
        #expect(width(untrimmed) - width(trimmed) == 30)  // （ after “, ） before ”, ” before 。: half an em each
        #expect(width(untrimmedFlag) == width(untrimmed))
        let (_, spaced) = try Self.measure(row + #", "autospace": true}"#)
        let (_, spacedFlag) = try Self.measure(row + "}", ["--autospace"])
        #expect(width(spaced) - width(trimmed) == 20.0 / 8)  // between 文 and S; punctuation takes none
        #expect(width(spacedFlag) == width(spaced))
    }

    /// Rows' ruby sits where `--ruby-position` or a row's `rubyPosition` says: zhuyin beside each character makes
    /// each one an annotation em and a half wider (12.75 pt at 17 pt text); a position that is not one is refused.
    @Test func rubyPositionIsAnOptionAndARowField() throws {
        let row = #"{"id": 1, "text": "{注音|ㄓㄨˋ|ㄧㄣ}", "size": 17, "font": "Inter""#
        let width = { (object: [String: Any]?) in object?["width"] as? Double ?? 0 }
        let (_, over) = try Self.measure(row + "}", ["--ruby-markup"])
        let (_, beside) = try Self.measure(row + "}", ["--ruby-markup", "--ruby-position", "inter-character"])
        let (_, besideRow) = try Self.measure(row + #", "rubyMarkup": true, "rubyPosition": "inter-character"}"#)
        // Over the characters the annotation with its tone mark is wider than 注, which spreads; beside them each
        // character keeps its em and makes room after it.
        #expect(width(over) > 34 && width(over) < 40)
        #expect(width(beside) == 34 + 2 * 12.75 && width(besideRow) == width(beside))
        let (refused, _) = try Self.measure(row + "}", ["--ruby-markup", "--ruby-position", "beside"])
        #expect(refused.status == 2 && refused.error.contains("ruby-position"), "\(refused.error)")
        let (rowRefused, object) = try Self.measure(row + #", "rubyMarkup": true, "rubyPosition": "beside"}"#)
        #expect(rowRefused.status != 0 || (object?["error"] as? String)?.contains("rubyPosition") == true)
    }

    @Test func webMeasuringIsAFlagAndARowField() throws {
        let row = #"{"id": 1, "text": "see https://example.com/a/b and 中文", "width": 120, "font": "Inter""#
        let height = { (object: [String: Any]?) in object?["height"] as? Double ?? 0 }
        let starts = { (object: [String: Any]?) in object?["line_starts"] as? [Int] ?? [] }
        let (_, exact) = try Self.measure(row + "}")
        let (_, web) = try Self.measure(row + #", "metrics": "web"}"#)
        let (_, webFlag) = try Self.measure(row + "}", ["--metrics", "web"])
        #expect(height(web) == height(webFlag) && height(web) == height(web).rounded() && height(exact) != height(web))
        let (_, unicode) = try Self.measure(row + #", "lineBreakRules": "unicode"}"#)
        #expect(starts(exact) != starts(unicode))  // UAX #14 breaks the URL after a slash, CSS does not
        let (_, breakAll) = try Self.measure(row + "}", ["--word-break", "breakAll"])
        #expect(starts(breakAll) != starts(exact))  // the URL is cut where it meets the line end
    }

    @Test(arguments: [
        (#"{"id": 1, "text": "a", "hyphenationFactor": 1.5}"#, "hyphenationFactor: 1.5 is outside 0...1"),
        (#"{"id": 1, "text": "a", "language": "klingon-xx"}"#, #"language: "klingon-xx" is not a known BCP 47"#),
        (#"{"id": 1, "text": "a", "punctuationTrim": "half"}"#, "punctuationTrim"),
        (#"{"id": 1, "text": "a", "autospace": "yes"}"#, "autospace"),
        (#"{"id": 1, "text": "a", "metrics": "pixels"}"#, "metrics"),
        (#"{"id": 1, "text": "a", "wordBreak": "break-all"}"#, "wordBreak"),
        (#"{"id": 1, "text": "a", "overflowWrap": "hidden"}"#, "overflowWrap"),
        (#"{"id": 1, "text": "a", "lineBreakRules": "icu"}"#, "lineBreakRules"),
    ])
    func badRowFieldsAreNamed(_ line: String, _ message: String) throws {
        let (outcome, object) = try Self.measure(line)
        #expect(outcome.status == 1)
        #expect((object?["error"] as? String)?.contains(message) == true, "\(outcome.output)")
    }

    @Test(arguments: [
        (["--hyphenate", "2"], "--hyphenation-factor 2 is outside 0...1"),
        (["--lang", "zz-top"], #"--lang "zz-top" is not a known BCP 47 language tag"#),
        (["--punctuation-trim", "half"], "--punctuation-trim"),
        (["--metrics", "pixels"], "--line-height-metrics \"pixels\" is not one of exact, web"),
        (["--word-break", "anywhere"], "--word-break"),
    ])
    func badFlagsAreUsageErrors(_ flags: [String], _ message: String) throws {
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-english.md", "-o", GalleyCommand.temporary("flags.png")] + flags)
        #expect(outcome.status == 2)
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }

    @Test(arguments: [
        (#"{"tabStops": [{"location": -4}]}"#, "content[0].attributes.paragraph.tabStops[0].location: -4 is outside"),
        (#"{"tabStops": [{"alignment": "left"}]}"#, #"tabStops[0]: needs "location""#),
        (#"{"tabStops": [{"location": 10, "alignment": "middle"}]}"#, "tabStops[0].alignment"),
        (#"{"hyphenationFactor": -0.5}"#, "paragraph.hyphenationFactor: -0.5 is outside 0...1"),
        (#"{"defaultTabInterval": 1e9}"#, "paragraph.defaultTabInterval"),
    ])
    func badParagraphFieldsInADocumentAreNamed(_ paragraph: String, _ message: String) throws {
        let path = GalleyCommand.temporary("paragraph-\(abs(paragraph.hashValue)).json")
        try #"{"content": [{"text": "a\tb", "attributes": {"paragraph": \#(paragraph)}}]}"#.write(
            toFile: path, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["render", path, "-o", GalleyCommand.temporary("p.png")])
        #expect(outcome.status == 1)
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }

    @Test func aDocumentsTabStopsPlaceItsColumns() throws {
        let path = GalleyCommand.temporary("tabs.json")
        try #"""
        {"container": {"width": 300}, "render": {"scale": 1, "padding": 0, "background": "#FFFFFF"},
         "content": [{"text": "a\tb", "attributes": {"color": "#000000",
            "font": {"family": "Inter", "size": 17},
            "paragraph": {"tabStops": [{"location": 200, "alignment": "left"}]}}}]}
        """#.write(toFile: path, atomically: false, encoding: .utf8)
        let output = GalleyCommand.temporary("tabs.png")
        let outcome = try GalleyCommand.run(["render", path, "-o", output, "--no-system-fonts"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let canvas = try PNGReader.decode(try Data(contentsOf: URL(fileURLWithPath: output)), scale: 1)
        // Ink for "a" near x 0 and for "b" from x 200; nothing between.
        var columns = Set<Int>()
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where RenderFixtures.isInk(canvas, x: x, y: y, background: .white) {
                columns.insert(x)
            }
        }
        #expect(columns.contains { $0 < 12 })
        #expect(columns.contains { (200..<212).contains($0) })
        #expect(!columns.contains { (14..<199).contains($0) })
    }

    /// The locale never changes a result unless `--lang auto` asks for it: German and French hyphenate
    /// `Geschwindigkeitsbegrenzung` differently from English, and the lines show which one was used.
    @Test func theLocaleChangesNothingUnlessAsked() throws {
        let row =
            #"{"id": 1, "text": "Geschwindigkeitsbegrenzung Bundesverfassungsgericht Rechtsschutzversicherungsgesellschaften", "width": 110}"#
        var base = ProcessInfo.processInfo.environment
        base["LC_ALL"] = nil
        base["LC_MESSAGES"] = nil
        var outputs: Set<String> = []
        for locale in ["C", "de_DE.UTF-8", "fr_FR.UTF-8", "en_US.UTF-8"] {
            var environment = base
            environment["LANG"] = locale
            let outcome = try GalleyCommand.run(
                ["measure", "--no-system-fonts", "--hyphenate", "1"], input: row, environment: environment)
            #expect(outcome.status == 0, "\(outcome.error)")
            outputs.insert(outcome.output)
        }
        #expect(outputs.count == 1, "\(outputs)")
        // Asked, the locale decides: German hyphenates the compound where English does not.
        var german = base
        german["LANG"] = "de_DE.UTF-8"
        let auto = try GalleyCommand.run(
            ["measure", "--no-system-fonts", "--hyphenate", "1", "--lang", "auto"], input: row, environment: german)
        let explicit = try GalleyCommand.run(
            ["measure", "--no-system-fonts", "--hyphenate", "1", "--lang", "de-DE"], input: row, environment: base)
        #expect(auto.status == 0 && auto.output == explicit.output, "\(auto.error)")
        #expect(!outputs.contains(auto.output), "German hyphenation gives the same lines as the default")
    }
}

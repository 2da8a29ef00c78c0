import Foundation
import Galley
import GalleyDocuments
import Testing

@testable import GalleyTestSupport

/// Each line setting has one name: its flag (the key in kebab case, and any former flag) sets exactly what its key
/// sets in a `measure` line, read by the same table.
@Suite struct ParagraphSettingsCommandTests {
    static let text = "Extraordinarily hyphenated words, 中文“引号”测试，标点。 and more words"

    /// A value of each setting other than its default where one exists, as a flag argument and as JSON.
    static func sample(_ setting: RequestSetting) -> (flag: [String], json: String) {
        let flag = setting.name.optionName
        switch setting.values {
        case .number(let range): return (["--\(flag)", "\(range.upperBound)"], "\(range.upperBound)")
        case .integer(let range): return (["--\(flag)", "\(range.lowerBound + 1)"], "\(range.lowerBound + 1)")
        case .flag: return (["--no-\(flag)"], "false")
        case .choice(let values): return (["--\(flag)", values.last!], "\"\(values.last!)\"")
        case .text: return ([], "")
        }
    }

    /// `measure` with its defaults (exact metrics, no web rounding) breaks Chinese rows with punctuation, English and
    /// code where Chromium does: CLREQ's punctuation font, its default before, matched 130 of these 160 rows at
    /// 320 pt.
    @Test(arguments: [137, 200, 320]) func measureDefaultsBreakWhereChromiumDoes(width: Int) throws {
        let fixtures = TestFonts.repositoryRoot.appendingPathComponent("Tests/Fixtures/chromium")
        let rows = fixtures.appendingPathComponent("parity-chinese.rows.jsonl").path
        let measured = try GalleyCommand.run(["measure", rows, "--width", "\(width)", "--lang", "zh-Hans"]).output
        let chrome = try String(
            contentsOf: fixtures.appendingPathComponent("parity-chinese.chrome-zh-CN-\(width).jsonl"), encoding: .utf8)
        func starts(_ text: String) throws -> [String: [Int]] {
            var result: [String: [Int]] = [:]
            for line in text.split(separator: "\n") {
                let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                result["\(row["id"]!)"] = row["line_starts"] as? [Int]
            }
            return result
        }
        let ours = try starts(measured), theirs = try starts(chrome)
        let same = ours.filter { theirs[$0.key] == $0.value }.count
        #expect(ours.count == 160 && Double(same) >= 0.99 * Double(ours.count), "\(same) of \(ours.count) at \(width)")
    }

    /// `measure` is set as the browser sets it: its rows take CSS's punctuation font unless they ask for CLREQ's.
    @Test func measureSetsPunctuationAsTheBrowserDoes() throws {
        let text = "他说“你好……”——然后走了。"
        func measured(_ flags: [String], _ key: String = "") throws -> String {
            try GalleyCommand.run(
                ["measure", "--no-system-fonts"] + flags, input: #"{"id": 1, "text": "\#(text)"\#(key)}"#
            ).output
        }
        let css = try measured(["--punctuation-font", "css"])
        #expect(try measured([]) == css)
        let cjk = try measured(["--punctuation-font", "cjk"])
        #expect(cjk != css, "the CJK font's full-width quotes and ellipsis are wider")
        #expect(try measured([], #", "punctuationFont": "cjk""#) == cjk)
    }

    @Test(arguments: RequestSettings.lineKeys) func aFlagSetsWhatItsKeySets(key: String) throws {
        let setting = RequestSettings.line(key)
        let (flag, json) = Self.sample(setting)
        let row = #"{"id": 1, "text": "\#(Self.text)"}"#
        let keyed = #"{"id": 1, "text": "\#(Self.text)", "\#(key)": \#(json)}"#
        let base = ["measure", "--no-system-fonts", "--width", "90"]
        let byFlag = try GalleyCommand.run(base + flag, input: row)
        let byKey = try GalleyCommand.run(base, input: keyed)
        #expect(byFlag.status == 0 && byKey.status == 0, "\(byFlag.error) \(byKey.error)")
        #expect(byFlag.output == byKey.output, "--\(setting.name.optionName) vs \"\(key)\"")
        for former in setting.formerNames {
            let byFormer = try GalleyCommand.run(base + ["--\(former)"] + flag.dropFirst(), input: row)
            #expect(byFormer.output == byFlag.output, "--\(former) vs --\(setting.name.optionName)")
        }
        for former in setting.paragraphStyle?.formerKeys ?? [] {
            let formerKeyed = #"{"id": 1, "text": "\#(Self.text)", "\#(former)": \#(json)}"#
            let byFormer = try GalleyCommand.run(base, input: formerKeyed)
            #expect(byFormer.output == byKey.output, "\"\(former)\" vs \"\(key)\"")
        }
    }

    /// The settings reach the result: a text measured with each sample differs from the defaults for most of
    /// them (a wiring that dropped them all would pass the test above).
    @Test func theSamplesChangeTheResult() throws {
        let row = #"{"id": 1, "text": "\#(Self.text)"}"#
        let base = ["measure", "--no-system-fonts", "--width", "90"]
        let plain = try GalleyCommand.run(base, input: row).output
        let changed = try RequestSettings.lines.filter { setting in
            try GalleyCommand.run(base + Self.sample(setting).flag, input: row).output != plain
        }
        #expect(changed.count >= 4, "\(changed.map(\.key))")
    }

    @Test func badSettingsAreOneLineErrorsNamingTheField() throws {
        let library = try TestFonts.bundled
        func read(_ json: String) -> String {
            do {
                _ = try DocumentReader.read(json, defaults: TextAttributes(), library: library)
                return ""
            } catch { return "\(error)" }
        }
        let wrap = read(#"{"content": [{"text": "x", "attributes": {"paragraph": {"textWrap": "fancy"}}}]}"#)
        #expect(wrap.contains("textWrap") && wrap.contains("fancy") && !wrap.contains("\n"), "\(wrap)")
        let limit = read(
            #"{"content": [{"text": "x", "attributes": {"paragraph": {"maximumConsecutiveHyphenatedLines": -1}}}]}"#)
        #expect(limit.contains("maximumConsecutiveHyphenatedLines") && !limit.contains("\n"), "\(limit)")
        let sliver = read(#"{"container": {"minimumSegmentWidth": -3}, "content": [{"text": "x"}]}"#)
        #expect(sliver.contains("minimumSegmentWidth") && !sliver.contains("\n"), "\(sliver)")
        let outcome = try GalleyCommand.run(["measure", "--width", "100", "--text-wrap", "fancy"], input: "{}\n")
        #expect(outcome.status != 0 && outcome.error.contains("text-wrap"), "\(outcome.error)")
    }

    /// Vertical writing's settings refuse what they do not know, naming the field: an unknown writing mode or
    /// orientation, `digits 9`, on every surface.
    @Test func badVerticalSettingsAreOneLineErrorsNamingTheField() throws {
        let mode = try GalleyCommand.run(["measure", "--writing-mode", "diagonal"], input: #"{"id":1,"text":"竖"}"#)
        #expect(mode.status == 2 && mode.error.contains("--writing-mode \"diagonal\""), "\(mode.error)")
        let orientation = try GalleyCommand.run(
            ["measure", "--text-orientation", "tilted"], input: #"{"id":1,"text":"竖"}"#)
        #expect(orientation.status == 2 && orientation.error.contains("--text-orientation"), "\(orientation.error)")
        let digits = try GalleyCommand.run(
            ["measure"], input: #"{"id":1,"text":"12月","writingMode":"vertical-rl","textCombineUpright":"digits 9"}"#)
        #expect(
            digits.output.contains(#"textCombineUpright: \"digits 9\" is not one of none, all, digits 2"#),
            "\(digits.output)")
        let document = try? DocumentReader.read(
            #"{"content": [{"text": "x", "attributes": {"paragraph": {"writingMode": "sideways-rl"}}}]}"#,
            defaults: TextAttributes(), library: try TestFonts.bundled)
        #expect(document == nil)
        let note = GalleyCommand.temporary("bad-mode.md")
        try "---\nwriting-mode: upwards\n---\n竖排".write(toFile: note, atomically: true, encoding: .utf8)
        let render = try GalleyCommand.run(["render", note, "-o", GalleyCommand.temporary("bad-mode.png")])
        #expect(
            render.status != 0 && render.error.contains("front matter: writing-mode: \"upwards\" is not one of")
                && render.error.split(separator: "\n").count == 1, "\(render.error)")
        let plain = GalleyCommand.temporary("vertical-note.md")
        try "竖排".write(toFile: plain, atomically: true, encoding: .utf8)
        let height = try GalleyCommand.run(
            ["render", plain, "--writing-mode", "vertical-rl", "-o", GalleyCommand.temporary("no-height.png")])
        // Columns need a length: without a height, a vertical document's are a page's (Document.defaultColumnLength).
        #expect(height.status == 0, "\(height.error)")
    }
}

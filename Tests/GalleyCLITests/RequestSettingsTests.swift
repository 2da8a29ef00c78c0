import Foundation
import GalleyDocuments
import Testing

@testable import GalleyTestSupport

/// The one table of request settings reaches every surface: each setting is an option of the commands it applies
/// to, with its help and default, a key of `measure` rows where it says so, a query parameter, and a row of the
/// command-line article; each range is checked where it is written.
struct RequestSettingsTests {
    /// A value each setting accepts.
    static func sample(_ setting: RequestSetting) -> String {
        switch setting.values {
        case .number(let range): return JSONValue.format(min(max(range.lowerBound, 1), range.upperBound))
        case .integer(let range): return String(range.lowerBound)
        case .flag: return "true"
        case .choice(let names): return names[0]
        case .text(let kind):
            switch kind {
            case .color, .colorOrNone: return "#336699"
            case .language: return "zh-Hans"
            case .pathData: return "M 0 0 L 10 0 L 10 10 Z"
            case .pictureAt: return "Examples/flower.png@0,0"
            case .folder: return "Examples"
            case .fontFamilyOrFile: return "Inter"
            case .numberList: return "300,320"
            case .emphasisStyle: return "filled dot"
            case .emphasisPosition: return "over left"
            }
        }
    }

    @Test func everySettingIsAnOptionOfItsCommandsWithItsHelpAndDefault() throws {
        for (command, work) in [
            ("render", RequestSetting.Work.document), ("layout", .document), ("measure", .measure), ("shape", .shape),
        ] {
            let help = try GalleyCommand.run([command, "--help"], environment: ["COLUMNS": "100000"]).output
            for setting in RequestSettings.accepted(on: .commandLine, for: work) {
                #expect(help.contains("--\(setting.name.optionName)"), "\(command) --\(setting.name.optionName)")
                #expect(help.contains(setting.fullHelp), "\(command): \(setting.fullHelp)")
            }
        }
    }

    @Test func everySettingIsAcceptedOnEverySurfaceItNames() throws {
        let note = "Examples/note-english.md"
        for setting in RequestSettings.all {
            let value = Self.sample(setting)
            let option = "--\(setting.name.optionName)"
            let flag = setting.values == .flag ? [option] : [option, value]
            if setting.work.contains(.document) {
                let outcome = try GalleyCommand.run(["layout", note, "--width", "200"] + flag)
                #expect(outcome.status == 0, "\(option): \(outcome.error)")
            }
            if setting.work.contains(.measure), setting.surfaces.contains(.commandLine) {
                let outcome = try GalleyCommand.run(["measure"] + flag, input: #"{"id":1,"text":"a"}"#)
                #expect(outcome.status == 0, "\(option): \(outcome.error)")
            }
            if setting.surfaces.contains(.measureRow) {
                let json: String =
                    switch setting.values {
                    case .number, .integer: value
                    case .flag: "true"
                    default: "\"\(value)\""
                    }
                let key = setting.name == .font ? "family" : setting.name.rawValue
                let row = #"{"id":1,"text":"a","\#(key)":\#(json)}"#
                let outcome = try GalleyCommand.run(["measure"], input: row)
                #expect(outcome.status == 0 && !outcome.output.contains("error"), "\(row): \(outcome.output)")
            }
        }
    }

    /// A range is written once: a value just past it is refused on the command line, and the message gives the
    /// table's bounds.
    @Test func eachRangeIsTheTables() throws {
        for setting in RequestSettings.accepted(on: .commandLine, for: .measure) {
            guard let range = setting.range else { continue }
            let outside = JSONValue.format(range.upperBound + 1)
            let outcome = try GalleyCommand.run(
                ["measure", "--\(setting.name.optionName)=\(outside)"], input: #"{"id":1,"text":"a"}"#)
            #expect(outcome.status == 2, "\(setting.name)")
            #expect(
                outcome.error.contains("\(JSONValue.format(range.lowerBound))...\(JSONValue.format(range.upperBound))"),
                "\(outcome.error)")
        }
    }

    @Test func aMistypedOptionIsNamedBeforeAnythingElse() throws {
        let outcome = try GalleyCommand.run(["render", "Examples/note-english.md", "-o", "x.png", "--widht", "3"])
        #expect(outcome.status == 2)
        #expect(outcome.error == "galley: error: unknown option '--widht'; did you mean '--width'?\n")
        let sacle = try GalleyCommand.run(["render", "Examples/note-english.md", "-o", "x.png", "--sacle", "3"])
        #expect(sacle.error == "galley: error: unknown option '--sacle'; did you mean '--scale'?\n")
    }

    /// `shape` takes the language (glyph forms differ: 直 in Japanese and Chinese), and a font file named without a
    /// folder is pointed to as `./name`.
    @Test func shapeTakesTheLanguageAndAFileNameIsPointedTo() throws {
        let japanese = try GalleyCommand.run(["shape", "直", "--lang", "ja", "--no-system-fonts"])
        let chinese = try GalleyCommand.run(["shape", "直", "--lang", "zh-Hans", "--no-system-fonts"])
        #expect(japanese.status == 0 && chinese.status == 0 && japanese.output != chinese.output)
        let folder = TestFonts.repositoryRoot.appendingPathComponent("Fonts/Inter")
        let file = try GalleyCommand.run(["shape", "a", "--font", "Inter-roman.var.ttf"], directory: folder)
        #expect(file.error.contains("write ./Inter-roman.var.ttf"), "\(file.error)")
        #expect(
            try GalleyCommand.run(["shape", "a", "--font", "./Inter-roman.var.ttf"], directory: folder).status == 0)
    }

    @Test func theArticleListsEverySetting() throws {
        let article = try String(
            contentsOf: TestFonts.repositoryRoot.appendingPathComponent("Sources/Galley/Galley.docc/CommandLine.md"),
            encoding: .utf8)
        for setting in RequestSettings.all {
            #expect(article.contains("| `--\(setting.name.optionName)`"), "\(setting.name)")
        }
    }
}

import Foundation
import Testing

@testable import GalleyCLI
@testable import GalleyDocuments
@testable import GalleyRequests

/// Each command reads its request settings from the one table: every setting of its work, in every spelling, gives
/// the value the table's decoding gives it (the service's query reads the same), and what is not an option of the
/// command is refused with a message that names it.
@Suite struct CommandLineParserTests {
    /// A valid value for each kind of setting.
    private static func sample(_ values: RequestSetting.Values) -> String? {
        switch values {
        case .number(let range): return "\(range.lowerBound + 1)"
        case .integer(let range): return "\(range.lowerBound)"
        case .flag: return nil
        case .choice(let names): return names.last
        case .text(let kind):
            switch kind {
            case .color: return "#336699"
            case .colorOrNone: return "none"
            case .language: return "zh-Hans"
            case .pathData: return "M0 0L10 0L10 10Z"
            case .pictureAt: return "picture.png@1,2"
            case .folder: return "/tmp"
            case .fontFamilyOrFile: return "Inter"
            case .numberList: return "320,375"
            case .emphasisStyle: return "open sesame"
            case .emphasisPosition: return "under left"
            }
        }
    }

    static let commands = GalleyTool.commands.map(\.spec).filter { $0.settings != nil }

    /// The settings `command` gives for `arguments`, as the table decodes them.
    private static func values(_ arguments: [String], _ command: CommandSpec) throws -> [SettingName: [RequestOptions
        .Value]]
    {
        try CommandLineParser.parse(arguments[...], for: command).requestOptions(work: command.settings!).values
    }

    /// Every setting alone in both spellings (`--name value`, `--name=value`; a flag alone, and `--no-` before it),
    /// then all of them at once around the command's arguments, decodes as the table decodes its value.
    @Test(arguments: commands.map(\.name))
    func everySettingReadsAsTheTableDecodesIt(_ name: String) throws {
        let command = try #require(Self.commands.first { $0.name == name })
        let arguments = command.arguments.map { _ in "input.md" }
        var all: [String] = [],
            expected = try RequestOptions(
                items: [], from: .commandLine, work: command.settings!, access: .unrestricted())
        for setting in command.settingOptions {
            let option = "--" + setting.name.optionName
            guard let value = Self.sample(setting.values) else {
                let on = try RequestOptions(
                    items: [(setting.name.optionName, "true")], from: .commandLine, work: command.settings!,
                    access: .unrestricted())
                let off = try RequestOptions(
                    items: [(setting.name.optionName, "false")], from: .commandLine, work: command.settings!,
                    access: .unrestricted())
                #expect(try Self.values(arguments + [option], command) == on.values, "\(name) \(option)")
                #expect(
                    try Self.values(["--no-" + setting.name.optionName] + arguments, command) == off.values,
                    "\(name) --no-\(setting.name.optionName)")
                all.append(option)
                try expected.add(setting.name.optionName, "true", from: .commandLine)
                continue
            }
            let alone = try RequestOptions(
                items: [(setting.name.optionName, value)], from: .commandLine, work: command.settings!,
                access: .unrestricted())
            #expect(try Self.values([option, value] + arguments, command) == alone.values, "\(name) \(option)")
            #expect(try Self.values(arguments + ["\(option)=\(value)"], command) == alone.values, "\(name) \(option)=")
            all += [option, value]
            try expected.add(setting.name.optionName, value, from: .commandLine)
        }
        #expect(try Self.values(all + arguments, command) == expected.values)
        #expect(command.settingOptions.count >= 5)
    }

    /// A value that starts with a dash is the option's value, as getopt reads it; `--` ends the options.
    @Test func aValueMayStartWithADashAndDoubleDashEndsTheOptions() throws {
        let measure = MeasureCommand.command.spec
        let parsed = try CommandLineParser.parse(
            ["--stroke-width", "-2", "--", "-rows.jsonl"], for: RenderCommand.command.spec)
        #expect(parsed.settings.first?.value == "-2")
        #expect(parsed.arguments["inputs"] == ["-rows.jsonl"])
        #expect(try CommandLineParser.parse([], for: measure).argument("input") == "-")
        let render = try CommandLineParser.parse(["note.md", "-onote.png"], for: RenderCommand.command.spec)
        #expect(render.value("output") == "note.png")
        #expect(
            try CommandLineParser.parse(["--output=a.png", "x.md"], for: RenderCommand.command.spec).value("output")
                == "a.png")
    }

    /// What is not the command's is refused, each with a message that says what is wrong.
    @Test(arguments: [
        (["--widht", "3"], "unknown option '--widht'; did you mean '--width'?"),
        (["--scale", "2"], "unknown option '--scale' for 'galley measure'; it is an option of render, layout"),
        (["--width"], "--width needs a value"),
        (["a.jsonl", "b.jsonl"], "unexpected argument 'b.jsonl'"),
        (["-x"], "unknown option '-x'"),
        (["--width", "abc"], "--width"),
    ])
    func mistakesAreRefusedNamingThemselves(_ arguments: [String], _ message: String) {
        #expect {
            try CommandLineParser.parse(arguments[...], for: MeasureCommand.command.spec).requestOptions(work: .measure)
        } throws: { error in
            (error as? UsageError)?.description.contains(message) == true
        }
    }

    /// An option of other commands is named as theirs, not guessed at.
    @Test func anOptionOfAnotherCommandIsNamedAsTheirs() {
        #expect {
            try CommandLineParser.parse(["--width", "3"], for: FontsCommand.command.spec)
        } throws: { error in
            (error as? UsageError)?.description
                == "unknown option '--width' for 'galley fonts'; it is an option of render, layout, measure"
        }
    }

    /// Given again, an option's last value counts (an alias's default overridden), unless it adds up; a flag takes
    /// no value, and a command's help is asked anywhere among its arguments.
    @Test func theLastValueOfAnOptionCounts() throws {
        let render = RenderCommand.command.spec
        let twice = try CommandLineParser.parse(
            [
                "a.md", "-o", "a.png", "--width", "300", "--padding", "4", "-o", "b.png", "--width=320", "--margin",
                "6",
                "--exclude", "M0 0L1 1Z", "--exclude", "M2 2L3 3Z",
            ], for: render)
        #expect(twice.value("output") == "b.png")
        let options = try twice.requestOptions(work: .document)
        #expect(options.number(.width) == 320 && options.number(.margin) == 6)
        #expect(options.texts(.exclude).count == 2)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["a.md", "--recursive=yes"], for: render) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["-o", "a.png"], for: render) }
        #expect(throws: HelpRequest.self) { try CommandLineParser.parse(["a.md", "--help"], for: render) }
        let serve = try CommandLineParser.parse(
            ["--allow-dir", "/a", "--allow-dir", "/b"], for: ServeCommand.command.spec)
        #expect(serve.values["allow-dir"] == ["/a", "/b"])
    }
}

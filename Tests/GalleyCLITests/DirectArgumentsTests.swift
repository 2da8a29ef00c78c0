import Foundation
import Testing

@testable import GalleyCLI
@testable import GalleyDocuments

/// `galley measure` and `galley render` read their arguments without ArgumentParser when they are the plain case;
/// what they read must be what ArgumentParser's path reads, for every option each has, and anything else must be
/// left to that path (whose messages and help are the command's).
@Suite struct DirectArgumentsTests {
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

    private static let measureSettings = RequestSettings.all.filter {
        $0.surfaces.contains(.commandLine) && $0.work.contains(.measure)
    }

    /// Every option alone, in both spellings, then all of them at once, with and without an input.
    private static let plainCases: [[String]] = {
        var cases: [[String]] = [[], ["rows.jsonl"], ["-"]]
        var all: [String] = []
        for setting in measureSettings {
            let name = "--" + setting.name.optionName
            guard let value = sample(setting.values) else {
                cases.append([name])
                all.append(name)
                continue
            }
            cases.append([name, value])
            cases.append(["rows.jsonl", "\(name)=\(value)"])
            all += [name, value]
        }
        cases.append(all + ["rows.jsonl"])
        return cases
    }()

    @Test(arguments: plainCases)
    func theDirectReadingEqualsArgumentParsers(_ arguments: [String]) throws {
        let direct = try #require(DirectArguments(arguments[...], work: .measure), "\(arguments) read directly")
        let parsed = try MeasureCommand.parse(arguments)
        #expect(direct.input == parsed.input)
        #expect(direct.options.values == (try parsed.requestOptions(work: .measure)).values)
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["--widht", "3"], ["--width", "3", "--width", "4"], ["--width", "abc"],
        ["a.jsonl", "b.jsonl"], ["--width", "-5"], ["--", "rows.jsonl"], ["--width"], ["--autospace=yes"],
        ["--scale", "2"],
    ])
    func anythingElseIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(DirectArguments(arguments[...], work: .measure) == nil)
    }

    private static let renderSettings = RequestSettings.all.filter {
        $0.surfaces.contains(.commandLine) && $0.work.contains(.document) && $0.name != .format
    }

    /// `galley render`'s plain case: one input to an image named by its format, with every option alone in both
    /// spellings, then all at once, and each way of naming the output.
    private static let plainRenderCases: [[String]] = {
        var cases: [[String]] = [
            ["note.md", "-o", "out.png"], ["-o", "out.webp", "note.md"], ["note.md", "--output", "out.pdf"],
            ["note.md", "--output=out.svg"], ["-", "-o", "-"], ["note.md", "-o", "out.png", "--format", "png"],
        ]
        var all: [String] = ["note.md", "-o", "out.png"]
        for setting in renderSettings {
            let name = "--" + setting.name.optionName
            guard let value = sample(setting.values) else {
                cases.append(["note.md", "-o", "out.png", name])
                all.append(name)
                continue
            }
            // A value that looks like an option (`--stroke-width -99`) is ArgumentParser's to read; `=` spells it.
            let spelled = value.hasPrefix("-") ? ["\(name)=\(value)"] : [name, value]
            cases.append(["note.md"] + spelled + ["-o", "out.png"])
            cases.append(["note.md", "-o", "out.png", "\(name)=\(value)"])
            all += spelled
        }
        cases.append(all)
        return cases
    }()

    @Test(arguments: plainRenderCases)
    func theDirectRenderReadingEqualsArgumentParsers(_ arguments: [String]) throws {
        let direct = try #require(RenderCommand.direct(arguments[...]), "\(arguments) read directly")
        let parsed = try RenderCommand.parse(arguments)
        #expect([direct.input] == parsed.inputs && direct.output == parsed.output)
        #expect(direct.options.values == (try parsed.documentOptions.options).values)
    }

    /// What only ArgumentParser's path checks or explains: no output or no input, several inputs, a batch, an
    /// output that is not an image or disagrees with --format, a folder, options it alone knows.
    @Test(arguments: [
        ["note.md"], ["-o", "out.png"], ["a.md", "b.md", "-o", "out/"], ["week.jsonl", "-o", "out.png"],
        ["note.md", "-o", "out.gif"], ["note.md", "-o", "out/"], ["note.md", "-o", "out.png", "--format", "webp"],
        ["note.md", "-o", "out.png", "--recursive"], ["note.md", "-o", "a.png", "-o", "b.png"], ["--help"],
        ["note.md", "-o", "out.png", "--widht", "3"], ["note.md", "-o", "-x.png"], ["/tmp", "-o", "out.png"],
        ["note.md", "-o", "out.png", "--stroke-width", "-99"],
    ])
    func anyOtherRenderIsLeftToArgumentParser(_ arguments: [String]) {
        #expect(RenderCommand.direct(arguments[...]) == nil)
    }

    @Test func theOptionsCoverEveryOptionMeasureHas() {
        #expect(Self.measureSettings.count >= 20)
        #expect(Self.plainCases.count > Self.measureSettings.count + 3)
    }
}

import Foundation
import Testing

@testable import GalleyCLI
@testable import GalleyDocuments

/// `galley measure` reads its arguments without ArgumentParser when they are the plain case; what it reads must be
/// what ArgumentParser's path reads, for every option `measure` has, and anything else must be left to that path
/// (whose messages and help are the command's).
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

    @Test func theOptionsCoverEveryOptionMeasureHas() {
        #expect(Self.measureSettings.count >= 20)
        #expect(Self.plainCases.count > Self.measureSettings.count + 3)
    }
}

import Foundation
import Testing

@testable import GalleyTestSupport

/// What a new user trips on, each as the command they ran: one error for one bad option, options that do not apply
/// refused as usage errors, keys a mistyped name comes nearest, and a vertical note rendered as the README says.
@Suite struct FirstUseTests {
    private static func file(_ name: String, _ text: String) throws -> String {
        let path = GalleyCommand.temporary(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func aBadFontOptionIsOneErrorNotOnePerRow() throws {
        let rows = (1...1_000).map { #"{"id": \#($0), "text": "row \#($0)"}"# }.joined(separator: "\n")
        let outcome = try GalleyCommand.run(["measure", "-", "--font", "NoSuchFont"], input: rows)
        #expect(outcome.status != 0 && outcome.output.isEmpty, "\(outcome.output.prefix(200))")
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error.prefix(300))")
        #expect(outcome.error.hasPrefix(#"galley: error: unknown font family "NoSuchFont""#))
    }

    @Test func aBadFontOptionIsOneErrorForABatch() throws {
        let folder = GalleyCommand.temporary("bad-font-batch")
        let outcome = try GalleyCommand.run(
            [
                "render", "Examples/note-badge.md", "Examples/note-english.md", "-o", folder + "/", "--font",
                "NoSuchFont",
            ])
        #expect(outcome.status != 0)
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
        #expect(outcome.error.hasPrefix(#"galley: error: unknown font family "NoSuchFont""#))
    }

    @Test(arguments: [
        (["--quality", "50"], "x.png", "--quality applies to WebP and JPEG only"),
        (["--quality", "50"], "x.pdf", "--quality applies to WebP and JPEG only"),
        (["--page-height", "300"], "x.png", "--page-height splits a PDF into pages"),
        (["--page-height", "300"], "x.svg", "--page-height splits a PDF into pages"),
    ])
    func anOptionTheFormatHasNoUseForIsAUsageError(_ flags: [String], _ output: String, _ message: String) throws {
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-badge.md", "-o", GalleyCommand.temporary(output)] + flags)
        #expect(outcome.status == 2)
        #expect(outcome.error.hasPrefix("galley: error: \(message)"), "\(outcome.error)")
    }

    @Test func aVerticalNoteRendersWithThePlainCommand() throws {
        let image = GalleyCommand.temporary("vertical-plain.png")
        let outcome = try GalleyCommand.run(["render", "Examples/note-vertical.md", "-o", image])
        #expect(outcome.status == 0, "\(outcome.error)")
        // Columns 480 points long at scale 2, with the margins: a portrait page.
        let picture = try GalleyCommand.image(image)
        #expect(picture.height == (480 + 2 * 16) * 2, "\(picture.width) × \(picture.height)")
        // The front matter may give the length.
        let note = try Self.file("vertical-height.md", "---\nwriting-mode: vertical-rl\nheight: 200\n---\n竖排的笔记。\n")
        let short = GalleyCommand.temporary("vertical-height.png")
        #expect(try GalleyCommand.run(["render", note, "-o", short]).status == 0)
        #expect(try GalleyCommand.image(short).height == (200 + 2 * 16) * 2)
    }

    @Test(arguments: [
        ("widht: 300", "front matter: unknown key widht; the keys are"),
        ("width: 200", "front matter: unknown key width; the keys are"),
        ("writing-mod: vertical-rl", "front matter: unknown key writing-mod; did you mean writing-mode? the keys are"),
    ])
    func anUnknownFrontMatterKeyIsNamed(_ line: String, _ message: String) throws {
        let note = try Self.file("front-\(line.prefix(5)).md", "---\n\(line)\n---\n# Note\n")
        let outcome = try GalleyCommand.run(["render", note, "-o", GalleyCommand.temporary("front.png")])
        #expect(outcome.status == 1)
        #expect(outcome.error.hasPrefix("galley: error: \(message)"), "\(outcome.error)")
        // Keys other note tools write say nothing of how to set the note, and are read past.
        let titled = try Self.file("front-title.md", "---\ntitle: A note\ntags: [a, b]\n---\n# Note\n")
        #expect(try GalleyCommand.run(["render", titled, "-o", GalleyCommand.temporary("titled.png")]).status == 0)
    }

    @Test func aBatchsErrorsComeInTheInputsOrder() throws {
        // Every third document is bad; the good ones take longer, so later bad ones end first.
        let lines = (1...30).map { index in
            index % 3 == 0
                ? #"{"content": [{"txt": "bad"}]}"#
                : #"{"content": [{"text": "\#(String(repeating: "A line of words. ", count: 40))"}]}"#
        }
        let batch = try Self.file("ordered.jsonl", lines.joined(separator: "\n") + "\n")
        let folder = GalleyCommand.temporary("ordered-images")
        let outcome = try GalleyCommand.run(["render", batch, "-o", folder + "/"])
        #expect(outcome.status == 1)
        let numbers = outcome.error.matches(of: /ordered.jsonl:(\d+):/).map { Int($0.1)! }
        #expect(numbers == Array(stride(from: 3, through: 30, by: 3)), "\(outcome.error)")
    }

    @Test func aMistypedKeyInDataNamesTheNearestOne() throws {
        let row = try GalleyCommand.run(["measure", "-"], input: #"{"id": 1, "text": "a", "widht": 300}"# + "\n")
        #expect(row.output.contains(#"widht: unknown key; did you mean \"width\"? expected one of"#), "\(row.output)")
        let document = try Self.file("mistyped.json", #"{"contnet": [{"text": "a"}]}"#)
        let outcome = try GalleyCommand.run(["render", document, "-o", GalleyCommand.temporary("mistyped.png")])
        #expect(outcome.error.contains(#"contnet: unknown key; did you mean "content"? expected one of"#))
    }
}

/// `--size`'s default means what its help says: under web metrics a size given or left to the body style sets the
/// same lines, as in Chromium; under exact metrics the style adds its leading, as the help says.
@Suite struct SizeDefaultTests {
    private func height(_ flags: [String]) throws -> String {
        let outcome = try GalleyCommand.run(
            ["measure", "-", "--font", "Inter"] + flags, input: #"{"id": 1, "text": "Hello world"}"# + "\n")
        return try #require(outcome.output.firstMatch(of: /"height":([0-9.]+)/)).1.description
    }

    @Test func webMetricsGiveOneLineHeightWhetherTheSizeIsGivenOrNot() throws {
        let web = ["--line-height-metrics", "web"]
        #expect(try height(web) == height(web + ["--size", "17"]))
        let help = try GalleyCommand.run(["measure", "--help"]).output.split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(help.contains("under web metrics the lines are the same either way"))
        #expect(help.contains("its Dynamic Type leading (22 for body)"))
        #expect(try height([]) == "22" && height(["--size", "17"]) != "22")
    }
}

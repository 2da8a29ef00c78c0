import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The command line's messages say what is wrong in the user's terms, with the documented exit status.
@Suite struct CommandLineMessageTests {
    static let note = "Examples/note-english.md"

    @Test(arguments: [
        (
            ["render", note, "-o", "/tmp/x.png", "--width", "-10"], Int32(2),
            "--width -10 must be positive (1...1000000)"
        ),
        (["render", note, "-o", "/tmp/x.png", "--height", "-1"], 2, "--height -1 must not be negative (0...1000000)"),
        (["render", note, "-o", "/tmp/x.png", "--size", "-3"], 2, "--size -3 must be positive"),
        (["render", note, "-o", "/tmp/x.png", "--scale", "9"], 2, "--scale 9 is outside 0.1...8"),
        (["measure", "--width", "-5"], 2, "--width -5 must be positive"),
        (["measure", "--width", "0.5"], 2, "--width 0.5 is outside 1...1000000"),
        (["render", note, "-o", "/tmp/x.png", "--size", "-1"], 2, "--size -1 must be positive (0.01...10000)"),
        (
            ["render", note, "-o", "/tmp/x.png", "--size", "abc"], 2,
            "--size \"abc\" is not a number (expected 0.01...10000)"
        ),
        (
            ["render", note, "-o", "/tmp/x.png", "--exclude", "M 10 10 A 1e6 1e6 0 1 1 10 10.1 Z"], 2,
            "the arc's curve reaches 2000010 points from the origin, beyond the limit of ±1000000"
        ),
        (
            ["rendr", note, "-o", "/tmp/x.png"], 2,
            "unknown command 'rendr' (did you mean 'render'?); the commands are render, layout, measure, serve, fonts, styles, shape, options"
        ),
        (["frobnicate"], 2, "unknown command 'frobnicate'; the commands are"),
        (
            ["render", note, "-o", "/tmp/x.gif"], 2,
            "-o /tmp/x.gif: galley writes .png, .webp, .jpg, .pdf or .svg images; name the output so (.gif is not written)"
        ),
        (
            ["render", "Tests/Fixtures/shaping-strings.tsv", "-o", "/tmp/x.png"], 1,
            ".tsv is not an input galley reads; it reads plain text (.txt or no extension), notes (.md) and documents (.json), or '-' for standard input"
        ),
    ])
    func badCommandLinesSayWhatIsWrong(_ arguments: [String], _ status: Int32, _ message: String) throws {
        let outcome = try GalleyCommand.run(arguments)
        #expect(outcome.status == status, "\(outcome.error)")
        #expect(outcome.error == "galley: error: \(message)\n" || outcome.error.contains(message), "\(outcome.error)")
        #expect(outcome.error.split(separator: "\n").count == 1)
    }

    @Test func fontSizesAndWidthsFollowTheLimitsInEveryInput() throws {
        // JSON documents and measure lines took 0.5–2,000 pt and widths to 100,000 while the README and --size
        // said 0.01–10,000 and containers to 1,000,000.
        let library = try TestFonts.bundled
        func document(size: Double) throws -> Document {
            try DocumentReader.read(
                #"{"container": {"width": 1000000}, "content": [{"text": "x", "attributes": {"font": {"size": \#(size)}}}]}"#,
                defaults: TextAttributes(), library: library)
        }
        #expect(try document(size: 10_000).width == 1_000_000)
        #expect(try document(size: 0.01).storage.length == 1)
        #expect(throws: (any Error).self) { try document(size: 10_001) }
        let outcome = try GalleyCommand.run(
            ["measure"],
            input: #"{"id":1,"text":"hi","size":10000,"width":1000000}"# + "\n" + #"{"id":2,"text":"hi","size":10001}"#)
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains(#""lines":1"#), "\(outcome.output)")
        #expect(lines.last == #"{"id":2,"error":"line 2: size: 10001 is outside 0.01...10000"}"#)
    }

    /// A usage error found at once (before the font library, loading on another core, is ready) exits 2 with its
    /// one line: the process waits for that load instead of exiting under it, which crashed about one run in a
    /// hundred. Run many times at once, as the crash needed.
    @Test func aUsageErrorFoundAtOnceExitsCleanly() async throws {
        try await withThrowingTaskGroup(of: GalleyCommand.Outcome.self) { group in
            for _ in 0..<120 {
                group.addTask {
                    try GalleyCommand.run(["measure", "-", "--category", "huge"], input: #"{"id":1,"text":"a"}"#)
                }
            }
            for try await outcome in group {
                #expect(outcome.status == 2 && outcome.error.hasPrefix("galley: error: --category"), "\(outcome.error)")
                #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
            }
        }
    }

    @Test func versionAndHelpShowEachDefaultOnce() throws {
        let version = try GalleyCommand.run(["--version"])
        #expect(version.status == 0 && version.output.hasPrefix("galley "))
        let help = try GalleyCommand.run(["measure", "--help"])
        for option in ["--width <width>", "<input>"] {
            // The option's entry: from its line in OPTIONS/ARGUMENTS to the next entry.
            let entry =
                help.output.components(separatedBy: "\n  \(option)").dropFirst().first?
                .components(separatedBy: "\n  -").first?.components(separatedBy: "\n\n").first ?? ""
            #expect(entry.components(separatedBy: "default").count - 1 == 1, "\(option): \(entry)")
        }
    }

    /// A text cut by its container is drawn with a warning that says what cut it: the height, the line limit, or
    /// in vertical text the width its columns fill.
    @Test func aCutTextIsWarnedOfWithWhatCutIt() throws {
        let note = GalleyCommand.temporary("long.md")
        try String(repeating: "一段很长的文字，放不下。", count: 20).write(toFile: note, atomically: true, encoding: .utf8)
        let output = GalleyCommand.temporary("cut.png")
        let tall = try GalleyCommand.run(["render", note, "--height", "40", "-o", output])
        #expect(tall.status == 0 && tall.error.contains("does not fit the container's height;"), "\(tall.error)")
        let vertical = try GalleyCommand.run(
            ["render", note, "--writing-mode", "vertical-rl", "--width", "60", "--height", "200", "-o", output])
        #expect(
            vertical.status == 0 && vertical.error.contains("does not fit the container's width (its columns);"),
            "\(vertical.error)")
        let whole = try GalleyCommand.run(["render", note, "-o", output])
        #expect(whole.status == 0 && whole.error.isEmpty, "\(whole.error)")
    }

    @Test func oldPaddingNamesStillWork() throws {
        let margin = try GalleyCommand.run([
            "render", Self.note, "-o", GalleyCommand.temporary("m.png"), "--margin", "0",
        ])
        let padding = try GalleyCommand.run([
            "render", Self.note, "-o", GalleyCommand.temporary("p.png"), "--padding", "0",
        ])
        #expect(margin.status == 0 && padding.status == 0)
        #expect(try GalleyCommand.image(GalleyCommand.temporary("m.png")).width == 720)
        #expect(try GalleyCommand.image(GalleyCommand.temporary("p.png")).width == 720)
        let library = try TestFonts.bundled
        let new = try DocumentReader.read(
            #"{"container": {"lineFragmentPadding": 5}, "render": {"margin": 3}, "content": ["a"]}"#,
            defaults: TextAttributes(), library: library)
        let old = try DocumentReader.read(
            #"{"container": {"padding": 5}, "render": {"padding": 3}, "content": ["a"]}"#,
            defaults: TextAttributes(), library: library)
        #expect(new.lineFragmentPadding == 5 && new.render.margin == 3)
        #expect(old.lineFragmentPadding == 5 && old.render.margin == 3)
    }

    @Test func errorsDescribeThemselvesOutsideTheCommandLine() {
        let errors: [any Error] = [
            FontError.unknownFamily(name: "Nope", bundledFamilies: ["Inter"]),
            ColorError.invalidHex("zz"), ParagraphStyleError.invalidTabLocation(-1, limit: 100_000),
            InputError(path: "content[0].text", "missing"),
        ]
        for error in errors {
            #expect(error.localizedDescription == "\(error)")
            #expect(!error.localizedDescription.contains("operation could not be completed"))
        }
    }

    /// A file name with escape sequences, a bell, a newline or a bidi override reaches the terminal escaped, on
    /// one line: no message can recolour, ring, split or reorder what the user sees.
    @Test func controlCharactersInNamesAreEscapedOnOneLine() throws {
        let name = "missing\u{1B}[31m\u{07}\nsecond\u{202E}line.md"
        let outcome = try GalleyCommand.run(["render", name, "-o", GalleyCommand.temporary("escaped.png")])
        #expect(outcome.status != 0)
        let body = outcome.error.dropLast()  // the line's own newline
        #expect(outcome.error.hasSuffix("\n") && !body.contains("\n"), "\(outcome.error.debugDescription)")
        #expect(
            !body.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" },
            "\(outcome.error.debugDescription)")
        #expect(body.contains("missing\\u{1B}[31m\\u{7}"), "\(outcome.error.debugDescription)")
    }
}

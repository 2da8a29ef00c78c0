import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// What a new user tripped over, now as they would expect: a file's final newline ends its last line, a
/// byte-order mark is not text, `-o out.png` with several images is a usage error naming a directory, an unknown
/// font points to `galley fonts`, JSON keys come sorted, and an unbounded container may say so with `.infinity`.
@Suite struct CommandLineSurpriseTests {
    static func lineCount(_ layout: String) -> Int {
        layout.split(separator: "\n").filter { $0.hasPrefix("line ") }.count
    }

    @Test(arguments: [("hello\n", 1), ("hello\r\n", 1), ("hello", 1), ("hello\n\n", 2), ("a\nb\n", 2)])
    func aFinalNewlineEndsTheLastLine(_ text: String, _ lines: Int) throws {
        let piped = try GalleyCommand.run(["layout", "-"], input: text)
        #expect(Self.lineCount(piped.output) == lines, "\(piped.output)")
        let path = GalleyCommand.temporary("final-newline-\(text.utf8.count)-\(lines).txt")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(Self.lineCount(try GalleyCommand.run(["layout", path]).output) == lines)
    }

    @Test func aByteOrderMarkIsNotText() throws {
        let path = GalleyCommand.temporary("bom.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"content": ["x"]}"#.utf8)).write(to: URL(fileURLWithPath: path))
        let layout = try GalleyCommand.run(["layout", path])
        #expect(layout.status == 0 && layout.output.contains("[0, 1)"), "\(layout.error)")
        let rows = try GalleyCommand.run(["measure"], input: "\u{FEFF}{\"id\":1,\"text\":\"x\"}\n")
        #expect(rows.output.hasPrefix(#"{"id":1,"height":"#), "\(rows.output)")
    }

    /// A blank line in measure's input (an editor's last line, a separator) is skipped, not an error, and the lines
    /// after it keep their numbers in errors.
    @Test func blankMeasureLinesAreSkipped() throws {
        let input = "{\"id\":1,\"text\":\"a\"}\n\n  \t\n{\"id\":2,\"text\":\"b\"}\r\n\n{\"id\":3}\n\n"
        let outcome = try GalleyCommand.run(["measure"], input: input)
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"id":1,"height":"#) && lines[1].hasPrefix(#"{"id":2,"height":"#))
        #expect(lines[2] == #"{"id":3,"error":"line 6: text: missing"}"#)
        #expect(outcome.status == 1, "the bad row, not the blank lines, fails the run")
        let blankOnly = try GalleyCommand.run(["measure"], input: "{\"id\":1,\"text\":\"a\"}\n\n")
        #expect(blankOnly.status == 0 && blankOnly.output.split(separator: "\n").count == 1)
    }

    @Test func severalImagesIntoOneFileNameIsAUsageError() throws {
        let output = GalleyCommand.temporary("several.png")
        let first = GalleyCommand.temporary("first.txt"), second = GalleyCommand.temporary("second.txt")
        try "one".write(toFile: first, atomically: false, encoding: .utf8)
        try "two".write(toFile: second, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["render", first, second, "-o", output])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("name a directory (-o \((output as NSString).deletingPathExtension)/)"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func anUnknownFontPointsToTheFontsCommand() throws {
        let outcome = try GalleyCommand.run(["layout", "-", "--font", "Nope", "--size", "12"], input: "x")
        #expect(outcome.status == 1 && outcome.error.contains("'galley fonts' lists every family"))
    }

    @Test(arguments: [["fonts", "--json", "--no-system-fonts"], ["styles", "--json"]])
    func jsonKeysComeSorted(_ arguments: [String]) throws {
        let output = try GalleyCommand.run(arguments).output
        let value = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        let first = try #require(value?.first)
        let keys = first.keys.sorted()
        let written = keys.compactMap { key in
            output.range(of: "\"\(key)\":").map { output.distance(from: output.startIndex, to: $0.lowerBound) }
        }
        #expect(written == written.sorted(), "\(output.prefix(200))")
        #expect(try GalleyCommand.run(arguments).output == output)
    }

    @Test(arguments: [Double.infinity, .greatestFiniteMagnitude])
    func anInfiniteHeightIsUnbounded(_ height: Double) throws {
        let storage = TextStorage(LayoutFixtures.english, attributes: TextAttributes(font: .textStyle(.body)))
        let unbounded = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        unbounded.addTextContainer(TextContainer(width: 200))
        let infinite = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        let container = TextContainer(size: Size(width: 200, height: height))
        #expect(container.size.height == 0)
        infinite.addTextContainer(container)
        #expect(try infinite.layout().lineFragments.count == (try unbounded.layout().lineFragments.count))
        container.size = Size(width: 200, height: height)
        #expect(container.size.height == 0)
    }

    /// `-o -` writes the image to standard output, byte for byte what `-o FILE` writes.
    @Test func anImageGoesToStandardOutput() throws {
        let file = GalleyCommand.temporary("stdout-compare.png")
        let piped = GalleyCommand.temporary("stdout-piped.png")
        let galley = try #require(GalleyCommand.binary)
        let outcome = try GalleyCommand.run(
            [
                "-c", "echo Hello | \"$0\" render - -o - > '\(piped)' && echo Hello | \"$0\" render - -o '\(file)'",
                galley,
            ],
            executable: "/bin/sh")
        #expect(outcome.status == 0, "\(outcome.error)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: piped))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(bytes == (try Data(contentsOf: URL(fileURLWithPath: file))))
    }

    /// `--weight` and `--italic` choose the face: bold glyphs are wider, italic comes from the italic file.
    @Test func weightAndItalicFlagsChooseTheFace() throws {
        func lastAdvance(_ flags: [String]) throws -> (font: String, advance: Double) {
            let output = try GalleyCommand.run(["layout", "-", "--json"] + flags, input: "Hello").output
            let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            let lines = try #require(json?["lines"] as? [[String: Any]])
            let run = try #require((lines.first?["runs"] as? [[String: Any]])?.first)
            let glyphs = try #require(run["glyphs"] as? [[String: Any]])
            return (try #require(run["path"] as? String), try #require(glyphs.last?["advance"] as? Double))
        }
        let regular = try lastAdvance([]), bold = try lastAdvance(["--weight", "700"])
        let italic = try lastAdvance(["--italic"])
        #expect(bold.advance > regular.advance)
        #expect(italic.font.contains("italic") && !regular.font.contains("italic"))
        let refused = try GalleyCommand.run(["layout", "-", "--weight", "1200"], input: "x")
        #expect(refused.status == 2 && refused.error.contains("--weight 1200 is outside 1...1000"))
    }
}

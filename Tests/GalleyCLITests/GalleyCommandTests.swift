import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// End-to-end tests of the built `galley` binary: exit status, stdout, stderr and the files it writes.
@Suite struct GalleyCommandTests {
    @Test(arguments: ["note-english.md", "note-chinese.md", "note-mixed.md", "note-badge.md", "document.json"])
    func everyExampleRenders(_ example: String) throws {
        let output = GalleyCommand.temporary("\(example).png")
        let outcome = try GalleyCommand.run(["render", "Examples/\(example)", "-o", output])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.error.isEmpty)
        let canvas = try GalleyCommand.image(output)
        #expect(canvas.width == Int((360 + 32) * 2) || example == "document.json")
        #expect(
            RenderFixtures.inkBounds(
                canvas, rows: 0..<canvas.height, background: Color(red: 0.98, green: 0.973, blue: 0.953)) != nil
                || example == "document.json")
    }

    /// A row's "weight" and "italic" choose the face as --weight and --italic do; the flags hold where a row is
    /// silent.
    @Test func measureRowsChooseWeightAndSlope() throws {
        func width(_ row: String, _ flags: [String] = []) throws -> Double {
            let outcome = try GalleyCommand.run(["measure", "--width", "320"] + flags, input: row)
            let object = try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any]
            return try #require(object?["width"] as? Double, "\(outcome.output) \(outcome.error)")
        }
        let text = #""text": "Hamburgefonstiv""#
        let regular = try width("{\(text)}")
        let bold = try width(#"{"weight": 700, "# + text + "}")
        #expect(bold > regular)
        #expect(try bold == width("{\(text)}", ["--weight", "700"]))
        #expect(try width(#"{"weight": 400, "# + text + "}", ["--weight", "700"]) == regular)
        #expect(try width(#"{"italic": true, "# + text + "}") != regular)
    }

    /// `layout` names the style each run is drawn in: a variable face's named instance at its coordinates.
    @Test func layoutNamesTheInstanceDrawn() throws {
        let note = GalleyCommand.temporary("weights.md")
        try "# Title\n\nplain **strong**\n".write(toFile: note, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["layout", note])
        #expect(outcome.status == 0, "\(outcome.error)")
        let fonts = outcome.output.split(separator: "\n").filter { $0.hasPrefix("  Inter") }.map {
            String($0.dropFirst(2).prefix { $0 != "L" })  // up to the script, Latn
        }
        #expect(fonts == ["Inter Bold 28.0pt ", "Inter Regular 17.0pt ", "Inter Bold 17.0pt "])
        let semibold = try GalleyCommand.run(["layout", note, "--weight", "600"]).output
        #expect(semibold.contains("Inter Semi Bold 17.0pt"), "\(semibold)")
        let odd = try GalleyCommand.run(["layout", note, "--weight", "550"]).output
        #expect(odd.contains("Inter Regular wght=550.0 17.0pt"), "\(odd)")
    }

    /// A --height that cuts the text still writes the image, and says so on standard error.
    @Test func aHeightThatCutsTheTextWarns() throws {
        let output = GalleyCommand.temporary("cut.png")
        let cut = try GalleyCommand.run(["render", "Examples/note-english.md", "-o", output, "--height", "50"])
        #expect(cut.status == 0, "\(cut.error)")
        #expect(cut.error.hasPrefix("galley: warning: Examples/note-english.md: the text does not fit"), "\(cut.error)")
        #expect(try GalleyCommand.image(output).height == Int((50 + 32) * 2))
        let whole = try GalleyCommand.run(["render", "Examples/note-english.md", "-o", output, "--height", "2000"])
        #expect(whole.status == 0 && whole.error.isEmpty, "\(whole.error)")
    }

    @Test func measureMatchesTheLibrarysHeights() throws {
        let rows = [
            ("a", "Hello, 世界", 320.0), ("b", LayoutFixtures.english, 200), ("c", LayoutFixtures.chinese, 280),
            ("d", "😀 emoji and مرحبا", 120),
        ]
        let input = rows.map { #"{"id": "\#($0.0)", "text": \#(JSONValueForTests.quote($0.1)), "width": \#($0.2)}"# }
            .joined(separator: "\n")
        let outcome = try GalleyCommand.run(["measure"], input: input)
        #expect(outcome.status == 0, "\(outcome.error)")
        let lines = outcome.output.split(separator: "\n")
        try #require(lines.count == rows.count)
        let measurer = TextMeasurer(fontLibrary: try FontLibrary.standard)
        for (line, row) in zip(lines, rows) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let expected = try measurer.measure(
                row.1, attributes: TextAttributes(font: .textStyle(.body)), width: row.2)
            #expect(object["id"] as? String == row.0)
            #expect(abs((object["height"] as? Double ?? -1) - expected.height) <= 5e-7, "rounded to a millionth")
            #expect(object["lines"] as? Int == expected.lineCount)
            #expect((object["line_starts"] as? [Int])?.count == expected.lineCount)
        }
        #expect(lines[0].hasPrefix(#"{"id":"a","height":"#))
    }

    @Test func measureAtSeveralWidthsGivesWhatEachWidthGivesAlone() throws {
        let rows = [LayoutFixtures.english, LayoutFixtures.chinese, "😀 emoji and مرحبا, a row"].enumerated().map {
            String(
                data: try! JSONSerialization.data(withJSONObject: ["id": $0.offset, "text": $0.element]),
                encoding: .utf8)!
        }.joined(separator: "\n")
        let together = try GalleyCommand.run(["measure", "--widths", "120, 320,414"], input: rows)
        #expect(together.status == 0, "\(together.error)")
        var alone: [[String]] = []
        for width in ["120", "320", "414"] {
            alone.append(
                try GalleyCommand.run(["measure", "--width", width], input: rows).output.split(separator: "\n").map(
                    String.init))
        }
        for (index, line) in together.output.split(separator: "\n").enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let results = try #require(object["widths"] as? [[String: Any]])
            #expect(results.map { $0["container"] as? Double } == [120, 320, 414])
            for (position, result) in results.enumerated() {
                let single = try #require(
                    try JSONSerialization.jsonObject(with: Data(alone[position][index].utf8)) as? [String: Any])
                #expect(result["height"] as? Double == single["height"] as? Double)
                #expect(result["line_starts"] as? [Int] == single["line_starts"] as? [Int])
            }
        }
        let bad = try GalleyCommand.run(["measure", "--widths", "320,0"], input: rows)
        #expect(bad.status == 2 && bad.error.contains("--widths 0 must be positive"), "\(bad.error)")
    }

    @Test func measureCarriesOnPastABadLine() throws {
        let outcome = try GalleyCommand.run(
            ["measure", "--width", "300"],
            input: "{\"id\": 1, \"text\": \"ok\"}\n{\"id\": 2, \"text\": 5}\n{broken\n{\"id\": 4, \"text\": \"fine\"}\n"
        )
        #expect(outcome.status == 1)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[1].contains(#""id":2"#) && lines[1].contains(#""error":"line 2: text: expected a string"#))
        #expect(lines[2].contains("invalid JSON at line 3, column 2"), "the input's line, not the parser's")
        #expect(lines[3].contains(#""id":4,"height""#))
    }

    /// One rule for a font named by path, in flags and in rows: without a size it takes the text style's (17 pt
    /// for body at the default category), so the five spellings below measure alike (a row's path without a size
    /// was once looked up as a family name; "file" and "family" are a JSON document's keys, "font" a row's former).
    @Test func aFontPathMeasuresAlikeInFlagsAndRows() throws {
        let path = TestFonts.fontFile("JetBrainsMono/JetBrainsMono-Regular.ttf")
        let text = "width of monospaced text"
        let flag = try GalleyCommand.run(["measure", "--font", path, "--width", "120"], input: #"{"text":"\#(text)"}"#)
        let row = try GalleyCommand.run(
            ["measure", "--width", "120"], input: #"{"text":"\#(text)","font":"\#(path)"}"#)
        let sized = try GalleyCommand.run(
            ["measure", "--width", "120"], input: #"{"text":"\#(text)","font":"\#(path)","size":17}"#)
        let file = try GalleyCommand.run(
            ["measure", "--width", "120"], input: #"{"text":"\#(text)","file":"\#(path)"}"#)
        let family = try GalleyCommand.run(
            ["measure", "--width", "120"], input: #"{"text":"\#(text)","family":"\#(path)"}"#)
        #expect(flag.status == 0 && row.status == 0 && sized.status == 0, "\(row.output)")
        #expect(flag.output == row.output && row.output == sized.output)
        #expect(file.output == row.output && family.output == row.output, "\(file.output) \(family.output)")
        let plain = try GalleyCommand.run(["measure", "--width", "120"], input: #"{"text":"\#(text)"}"#)
        #expect(plain.output != row.output, "the font must change the measurement")
        #expect(row.output.contains(#""lines":"#) && !row.output.contains("error"))
    }

    /// A batch resolves a font request once (``RowFonts``) yet measures each row as it would alone: rows naming one
    /// file with and without a size, under another category, beside rows naming none or a file they may not read,
    /// each measure as the same row in a batch of its own.
    @Test func rowsNamingOneFontEachMeasureAsTheyWouldAlone() throws {
        let path = TestFonts.fontFile("JetBrainsMono/JetBrainsMono-Regular.ttf")
        let text = "width of monospaced text, 等宽的字"
        let rows = [
            #"{"id":1,"text":"\#(text)","font":"\#(path)"}"#,
            #"{"id":2,"text":"\#(text)","font":"\#(path)","size":24}"#,
            #"{"id":3,"text":"\#(text)","font":"\#(path)","category":"accessibilityLarge"}"#,
            #"{"id":4,"text":"\#(text)"}"#,
            #"{"id":5,"text":"\#(text)","file":"/etc/passwd"}"#,
            #"{"id":6,"text":"\#(text)","file":"\#(path)","size":24}"#,
            #"{"id":7,"text":"\#(text)","font":"\#(path)","category":"accessibilityLarge"}"#,
            #"{"id":8,"text":"\#(text)","font":"\#(path)","size":"24"}"#,
        ]
        let together = try GalleyCommand.run(
            ["measure", "--width", "150"], input: (rows + rows).joined(separator: "\n") + "\n")
        var alone: [String] = []
        for row in rows + rows {
            alone.append(try GalleyCommand.run(["measure", "--width", "150"], input: row + "\n").output)
        }
        // An error names the row's line in its batch.
        func unnumbered(_ output: String) -> String {
            output.replacingOccurrences(of: #"line \d+: "#, with: "line _: ", options: .regularExpression)
        }
        #expect(unnumbered(together.output) == unnumbered(alone.joined()))
        let lines = together.output.split(separator: "\n")
        #expect(Set(lines.prefix(4).map { $0.drop { $0 != "," } }).count == 4, "each font request measures its own")
        #expect(lines[4].contains("outside the folders") && lines[12].contains("outside the folders"))
        #expect(lines[7].contains("size: expected a number"), "a string is not the number written before it")
    }

    @Test func measureReportsCodePointLineStarts() throws {
        let outcome = try GalleyCommand.run(
            ["measure", "--width", "80"], input: #"{"id": 0, "text": "😀😀😀 😀😀😀 😀😀😀 😀😀😀"}"#)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let starts = try #require(object["line_starts"] as? [Int])
        #expect(starts.first == 0)
        #expect(starts.dropFirst().allSatisfy { $0 % 4 == 0 }, "\(starts) should count code points, not UTF-16 units")
    }

    @Test func aWiderWidthGivesFewerLinesAndALargerCategoryATallerImage() throws {
        func height(_ flags: [String]) throws -> Int {
            let output = GalleyCommand.temporary("flags-\(flags.joined()).png")
            let outcome = try GalleyCommand.run(["render", "Examples/note-english.md", "-o", output] + flags)
            #expect(outcome.status == 0, "\(outcome.error)")
            return try GalleyCommand.image(output).height
        }
        #expect(try height(["--width", "500"]) < height(["--width", "300"]))
        #expect(try height(["--category", "accessibilityExtraLarge"]) > height([]))
        #expect(try height(["--bold-text", "--width", "250"]) >= height(["--width", "250"]))
    }

    @Test func anExcludedAreaStaysFreeOfInk() throws {
        let output = GalleyCommand.temporary("exclude.png")
        let outcome = try GalleyCommand.run([
            "render", "Examples/note-english.md", "-o", output, "--background", "#FFFFFF", "--exclude",
            "M 100 40 H 220 V 140 H 100 Z",
        ])
        #expect(outcome.status == 0, "\(outcome.error)")
        let canvas = try GalleyCommand.image(output)
        var inked = 0
        for y in (40 + 16) * 2..<(140 + 16) * 2 {
            for x in (100 + 16) * 2..<(220 + 16) * 2 where RenderFixtures.isInk(canvas, x: x, y: y, background: .white)
            { inked += 1 }
        }
        #expect(inked == 0)
        #expect(RenderFixtures.inkBounds(canvas, rows: 0..<canvas.height, background: .white) != nil)
    }

    @Test(arguments: [
        (["render", "Examples/missing.md", "-o", "/tmp/x.png"], Int32(1), "no such file"),
        (
            ["render", "Examples/note-english.md", "-o", "/tmp/x.png", "--category", "huge"], 2,
            "--category \"huge\" is not one of extraSmall"
        ),
        (["render", "Examples/note-english.md", "-o", "/tmp/x.png", "--exclude", "M 0 0 L 5 x"], 2, "offset 10"),
        (["render", "Examples/note-english.md", "-o", "/tmp/x.png", "--width", "-5"], 2, "--width"),
        (["render", "Examples/note-english.md", "-o", "/tmp/x.png", "--color", "purpel"], 2, "CSS colour name"),
        (["render", "Examples/note-english.md", "-o", "/nonexistent-dir/x.png"], 1, "cannot write"),
        (
            ["render", "Examples/note-english.md", "-o", "/tmp/x.png", "--font", "No Such Family"], 1,
            "unknown font family"
        ),
        (["render", "Examples/note-english.md"], 2, "output"),
        (["render", "Examples/note-english.md", "-o", "/tmp/x.png", "--bogus"], 2, "--bogus"),
    ])
    func badInputGivesAOneLineErrorAndTheDocumentedStatus(_ arguments: [String], _ status: Int32, _ message: String)
        throws
    {
        let outcome = try GalleyCommand.run(arguments)
        #expect(outcome.status == status, "\(outcome.error)")
        #expect(
            outcome.error.hasSuffix("\n") && outcome.error.dropLast().contains("\n") == false,
            "one line: \(outcome.error)")
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }

    @Test func unreadableAndMalformedFilesAreReportedWithWhere() throws {
        let binary = GalleyCommand.temporary("bad.txt")
        try Data([0x48, 0x69, 0xFF, 0xFE, 0x21]).write(to: URL(fileURLWithPath: binary))
        let notUTF8 = try GalleyCommand.run(["render", binary, "-o", GalleyCommand.temporary("bad.png")])
        #expect(notUTF8.status == 1 && notUTF8.error.contains("not valid UTF-8 (first bad byte at offset 2)"))
        let json = GalleyCommand.temporary("bad.json")
        try "{\n  \"content\": [\n    {\"text\": \"hi\",}\n  ]\n}".write(
            toFile: json, atomically: false, encoding: .utf8)
        let malformed = try GalleyCommand.run(["render", json, "-o", GalleyCommand.temporary("bad2.png")])
        #expect(malformed.status == 1 && malformed.error.contains("line 3, column 19"), "\(malformed.error)")
        try #"{"content": [{"text": "a"}, {"text": "b", "attributes": {"color": "reddish"}}]}"#.write(
            toFile: json, atomically: false, encoding: .utf8)
        let badColor = try GalleyCommand.run(["render", json, "-o", GalleyCommand.temporary("bad3.png")])
        #expect(badColor.error.contains(##"content[1].attributes.color: expected "#RRGGBB""##), "\(badColor.error)")
    }

    @Test func fontsAndStylesPrintTheirJSON() throws {
        let fonts = try GalleyCommand.run(["fonts", "--json"])
        #expect(fonts.status == 0)
        let faces = try #require(try JSONSerialization.jsonObject(with: Data(fonts.output.utf8)) as? [[String: Any]])
        #expect(faces.first?["bundled"] as? Bool == true)
        #expect(faces.contains { $0["family"] as? String == "Noto Sans CJK SC" })
        let styles = try GalleyCommand.run(["styles", "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(styles.output.utf8)) as? [[String: Any]])
        #expect(entries.count == 12 * 11)
        let body = try #require(
            entries.first { $0["style"] as? String == "body" && $0["category"] as? String == "large" })
        #expect(body["size"] as? Double == 17 && body["weight"] as? Int == 400 && body["leading"] as? Double == 22)
        let bold = try GalleyCommand.run(["styles", "--json", "--bold-text", "--category", "extraExtraExtraLarge"])
        let boldEntries = try #require(
            try JSONSerialization.jsonObject(with: Data(bold.output.utf8)) as? [[String: Any]])
        #expect(boldEntries.count == 11)
        #expect(boldEntries.first { $0["style"] as? String == "body" }?["size"] as? Double == 23)
    }

    /// Each command's help has examples and names the command as `galley` runs it (a command given first is
    /// parsed on its own, and its help must still come from the whole tool).
    @Test(arguments: ["render", "layout", "measure", "fonts", "styles", "shape"])
    func everyCommandHasHelpWithExamples(_ command: String) throws {
        let outcome = try GalleyCommand.run([command, "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("Examples:"))
        #expect(outcome.output.contains("USAGE: galley \(command)"))
    }
}

/// JSON string quoting for building test input.
enum JSONValueForTests {
    static func quote(_ text: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Input and output conditions that used to crash `galley` (a Swift runtime trap from `FileHandle`) or hang it: each
/// is now a one-line error and exit status 1.
@Suite struct HostileIOTests {
    /// Runs `script` in `sh` with `$G` set to the built `galley`.
    private func shell(_ script: String) throws -> GalleyCommand.Outcome {
        let galley = try #require(GalleyCommand.binary, "galley is not built")
        // Sanitizer settings pass through, so Scripts/sanitize's suppressions hold for the commands run here too.
        var environment = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
        environment["G"] = galley
        environment["PATH"] = "/usr/bin:/bin"
        return try GalleyCommand.run(["-c", script], executable: "/bin/sh", environment: environment)
    }

    private static let rows: String = {
        let path = GalleyCommand.temporary("hostile-rows.jsonl")
        let text = (0..<3_000).map { #"{"id":\#($0),"text":"hello world hello world"}"# }.joined(separator: "\n")
        try? text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }()

    @Test(arguments: [
        (#""$G" measure /tmp"#, "/tmp: it is a directory, not a file"),
        (#""$G" measure < /tmp"#, "standard input is a directory"),
        (#""$G" measure - <&-"#, "standard input is closed"),
        (#""$G" render - -o /tmp/galley-hostile.png <&-"#, "standard input is closed"),
        (#""$G" measure ROWS > /dev/full"#, "cannot write to standard output (No space left on device)"),
        (#""$G" measure ROWS >&-"#, "cannot write to standard output (Bad file descriptor)"),
        (#""$G" shape --font /dev/zero x"#, "/dev/zero (it is not a regular file"),
        (#""$G" shape --font /tmp x"#, "/tmp (it is a directory, not a file)"),
    ])
    func ioFailuresAreOneLineErrors(_ script: String, _ message: String) throws {
        let outcome = try shell(script.replacingOccurrences(of: "ROWS", with: Self.rows))
        #expect(outcome.status == 1, "\(script): \(outcome.error)")
        #expect(outcome.error.hasPrefix("galley: error: ") && outcome.error.contains(message), "\(outcome.error)")
        #expect(outcome.error.split(separator: "\n").count == 1)
    }

    /// A symbolic link planted where the image goes is replaced, not followed; a write that fails part-way (the
    /// file-size limit, with SIGXFSZ ignored so the write returns EFBIG) leaves the old image whole and no
    /// temporary file behind; a FIFO (or a device) is written to, not replaced.
    @Test func outputsReplaceTheirPathWholeOrNotAtAll() throws {
        let folder = GalleyCommand.temporary("safe-output")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "precious".write(toFile: folder + "/victim.txt", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/out.png", withDestinationPath: "victim.txt")
        let rendered = try shell(#"echo hello | "$G" render - -o "\#(folder)/out.png""#)
        #expect(rendered.status == 0, "\(rendered.error)")
        #expect(try String(contentsOfFile: folder + "/victim.txt", encoding: .utf8) == "precious")
        let kind = try FileManager.default.attributesOfItem(atPath: folder + "/out.png")[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
        let old = try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png"))
        #expect(old.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        let cut = try shell(
            #"trap '' XFSZ; ulimit -f 1; yes 'a long line of text' | head -n 200 | "$G" render - -o "\#(folder)/out.png""#
        )
        #expect(cut.status == 1 && cut.error.contains("File too large"), "\(cut.error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["out.png", "victim.txt"])

        let piped = try shell(
            #"cd "\#(folder)" && mkfifo pipe.png && { cat pipe.png > copy.png & } && echo hello | "$G" render - -o pipe.png && wait && test -p pipe.png && cmp -s copy.png out.png"#
        )
        #expect(piped.status == 0, "\(piped.error)")
    }

    @Test func aReaderGoingAwayEndsMeasureQuietly() throws {
        // SIGPIPE ignored (as under some supervisors): the write fails with EPIPE; no message, status 1, no trap.
        let outcome = try shell(
            #"trap '' PIPE; "$G" measure \#(Self.rows) | head -1 > /dev/null; echo ${PIPESTATUS:-x}"#)
        #expect(!outcome.error.contains("Fatal") && !outcome.error.contains("galley: error"), "\(outcome.error)")
    }

    /// (It used to block forever: the runner's time limit guards it.)
    @Test(.timeLimit(.minutes(1))) func aFIFOGivenAsAFontIsRefusedAtOnce() throws {
        let fifo = GalleyCommand.temporary("hostile.fifo")
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let outcome = try GalleyCommand.run(["shape", "--font", fifo, "x"])
        #expect(outcome.status == 1 && outcome.error.contains("not a regular file"))
        let row = #"{"id":1,"text":"a","font":"\#(fifo)","size":12}"#
        let measured = try GalleyCommand.run(
            ["measure", "--allow-dir", (fifo as NSString).deletingLastPathComponent], input: row + "\n" + row + "\n")
        #expect(measured.output.split(separator: "\n").count == 2 && measured.output.contains("not a regular file"))
    }

    /// Every row is answered, in order (the blank line is skipped; later lines keep their numbers).
    @Test func measureEchoesIdsExactlyAndAnswersEveryRow() throws {
        let input =
            "{\"id\":9007199254740993,\"text\":\"a\"}\n\n{\"id\":1234567890123456789,\"text\":\"b\"}\n"
            + "{\"id\":\"x\",\"text\":\"\u{FFFD}\"}\n"
        var bytes = Array(input.utf8)
        bytes.append(contentsOf: [
            0x7B, 0x22, 0x69, 0x64, 0x22, 0x3A, 0x35, 0x2C, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0x22, 0x7D,
        ])
        let path = GalleyCommand.temporary("hostile-ids.jsonl")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let outcome = try GalleyCommand.run(["measure", path])
        let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix(#"{"id":9007199254740993,"#))
        #expect(lines[1].hasPrefix(#"{"id":1234567890123456789,"#))
        #expect(lines[2].hasPrefix(#"{"id":"x","#))
        #expect(lines[3].contains("line 5: not valid UTF-8 (first bad byte at offset 13)"))
        #expect(outcome.status == 1)
    }

    /// An id past Double's range comes back as written, also on a line that fails after it; NaN and infinities
    /// given to flags are named as typed, not as JSON's null.
    @Test func outOfRangeIdsComeBackAndNonNumbersAreNamed() throws {
        let rows = #"{"id":1e400,"text":"a"}"# + "\n" + #"{"id":-1e400,"text":"a","width":1e999}"# + "\n"
        let measured = try GalleyCommand.run(["measure"], input: rows)
        let lines = measured.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(#"{"id":1e400,"height":"#))
        #expect(lines[1].hasPrefix(#"{"id":-1e400,"error":"invalid JSON at line 2, column 33: number out of range"#))
        for (flag, message) in [("nan", "--width nan is not a number"), ("-inf", "--width -inf must be positive")] {
            let outcome = try GalleyCommand.run(["measure", "--width", flag], input: #"{"text":"a"}"#)
            #expect(outcome.status == 2 && outcome.error.contains(message), "\(outcome.error)")
        }
    }

    @Test func anOverlongLineIsSkippedWithoutKeepingItAndTheRestGoOn() throws {
        let path = GalleyCommand.temporary("hostile-long.jsonl")
        var text = #"{"id":1,"text":""# + String(repeating: "a", count: 3 << 20) + "\"}\n"
        text += #"{"id":2,"text":"ok"}"# + "\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["measure", path])
        let lines = outcome.output.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("line 1: longer than 1048576 bytes"))
        #expect(lines[1].hasPrefix(#"{"id":2,"#))
    }

    /// An error quoting its input quotes at most a thousand characters of it.
    @Test func errorsDoNotEchoUnboundedInput() throws {
        let name = String(repeating: "x", count: 500_000)
        let row = #"{"id":1,"text":"a","family":"\#(name)"}"#
        let measured = try GalleyCommand.run(["measure"], input: row)
        #expect(
            measured.output.contains("error") && measured.output.utf8.count < 1_200, "\(measured.output.prefix(200))")
        let command = try GalleyCommand.run(["shape", "--font", String(name.prefix(100_000)), "a"])
        #expect(command.status != 0 && command.error.utf8.count < 1_200)
    }

    /// The limit is the line's bytes, exactly: one byte over is refused however the line arrives (a line read whole
    /// in one chunk was accepted up to the chunk's size, 1,104,495 bytes).
    @Test func aLineOneByteOverTheLimitIsRefused() throws {
        let limit = 1 << 20
        func row(_ bytes: Int) -> String {
            let head = #"{"id":1,"text":""#
            return head + String(repeating: "a", count: bytes - head.utf8.count - 2) + "\"}"
        }
        let path = GalleyCommand.temporary("hostile-limit.jsonl")
        // A short first line, so the long ones start inside a chunk already read.
        try ("{\"id\":0,\"text\":\"a\"}\n" + row(limit) + "\n" + row(limit + 1) + "\n").write(
            toFile: path, atomically: false, encoding: .utf8)
        let lines = try GalleyCommand.run(["measure", path]).output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].contains(#""height":"#), "exactly the limit is measured")
        #expect(lines[2].contains("line 3: longer than 1048576 bytes"))
    }
}

/// JSON that RFC 8259 does not allow is refused by name, not read loosely.
@Suite struct StrictJSONTests {
    @Test(arguments: [
        (#"{"a":"\u+041"}"#, "needs four hexadecimal digits"),
        (#"{"a":012}"#, "may not start with 0 followed by more digits"),
        (#"{"a":1,"a":2}"#, #"duplicate member "a""#),
        // Past eight members names are checked by a set: a duplicate of the first, of the eighth, of the ninth.
        (#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"a":10}"#, #"duplicate member "a""#),
        (#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"h":9}"#, #"duplicate member "h""#),
        (#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":0,"i":1}"#, #"duplicate member "i""#),
    ])
    func looseJSONIsAnError(_ text: String, _ message: String) throws {
        // The same members without the duplicate read.
        if message.hasPrefix("duplicate") {
            let key = message.split(separator: "\"")[1]
            let last = text.range(of: ",\"\(key)\":", options: .backwards)!
            let unique = String(text[..<last.lowerBound]) + "}"
            #expect(throws: Never.self) { _ = try JSONParser.parse(unique) }
        }
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}

/// Strings read exactly, escaped or not, wherever the first escape falls.
@Suite struct JSONStringTests {
    @Test(arguments: [
        (#""plain 中文 text""#, "plain 中文 text"),
        (#""前缀\n后\u4e2d""#, "前缀\n后中"),
        (#""\"quoted\" \ud83d\ude00 end""#, "\"quoted\" 😀 end"),
        (#""tab\tand slash\/""#, "tab\tand slash/"),
        (#""""#, ""),
    ])
    func stringsReadAsWritten(_ text: String, _ expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    @Test func aControlCharacterAfterPlainTextIsRefused() {
        #expect(throws: (any Error).self) { try JSONParser.parse("\"abc\u{01}def\"") }
    }
}

/// What input expands into is bounded before it is made.
@Suite struct ExpansionBudgetTests {
    @Test func wildCurvesAreRefusedBeforeTheyAreFlattened() throws {
        // 20,000 cubics with control points a million points out: each would become 1,000 chords.
        let data =
            "M 0 0 " + (0..<20_000).map { "C 1000000 -1000000 -1000000 1000000 \($0 % 300) 10" }.joined(separator: " ")
        let container = TextContainer(
            size: Size(width: 300, height: 0), exclusionPaths: [try BezierPath(svgPathData: data)])
        #expect {
            try container.validate()
        } throws: { error in
            guard case .tooManyFlattenedSegments(let count, let limit) = error as? PathError else { return false }
            return count > limit && limit == TextContainer.flattenedSegmentLimit
        }
    }
}

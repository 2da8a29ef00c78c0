import ArgumentParser
import Dispatch
import Foundation
import Galley
import GalleyDocuments

/// `galley measure`: row heights for JSON lines, streamed, on every core.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text heights: JSON lines in, JSON lines out, in order.",
        discussion: """
            Each input line is {"id": any, "text": "…", "width"?: pt, "font"?: family or path, "size"?: pt, \
            "style"?: name, "category"?: name, "boldText"?: bool}; each output line is {"id": …, "height": pt, \
            "width": used pt, "lines": n, "line_starts": [code point offsets]}, or {"id": …, "error": "…"} for a bad \
            line. Output starts before the input ends, memory stays constant, and batches use every core. The \
            exit status is 1 if any line failed.

            Examples:
              echo '{"id": 1, "text": "Hello, 世界"}' | galley measure --width 320
              galley measure rows.jsonl --style headline --category accessibilityLarge > heights.jsonl
            """)

    @Argument(help: "A JSON-lines file, or '-' for standard input.")
    var input: String = "-"

    @Option(parsing: .unconditional, help: "The width in points for lines that give none.")
    var width: Double = 320

    @OptionGroup var fontOptions: FontOptions

    @OptionGroup var textOptions: TextOptions

    /// Lines read before a batch is measured and written.
    static let batchSize = 256
    /// The longest input line accepted, in bytes.
    static let lineLimit = 1 << 20

    func validate() throws {
        try NumberFlag.check("--width", width, 1...100_000)
    }

    func run() throws {
        let library = try fontOptions.library()
        let defaults = LineDefaults(
            width: width, specifier: try fontOptions.specifier(library: library), settings: try fontOptions.settings(),
            text: textOptions.settings)
        guard let reader = LineReader(path: input) else { throw InputError("\(input): no such file or not readable") }
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let measurers = WorkerMeasurers((0..<workers).map { _ in TextMeasurer(fontLibrary: library) })
        var failed = false
        while true {
            let batch = reader.nextLines(Self.batchSize)
            if batch.isEmpty { break }
            let results = OutputSlots(count: batch.count)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                for index in stride(from: worker, to: batch.count, by: workers) {
                    results.set(
                        index,
                        Self.measure(
                            batch[index], defaults: defaults, measurer: measurers.measurers[worker], library: library))
                }
            }
            var text = ""
            for result in results.values {
                if result.failed { failed = true }
                text += result.line + "\n"
            }
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        if failed { throw ExitCode.failure }
    }

    struct LineDefaults: Sendable {
        let width: Double
        let specifier: FontSpecifier
        let settings: DynamicTypeSettings
        let text: TextSettings
    }

    struct Result: Sendable {
        let line: String
        let failed: Bool
    }

    /// Measures one input line; never throws: a bad line becomes an error line.
    static func measure(_ input: InputLine, defaults: LineDefaults, measurer: TextMeasurer, library: FontLibrary)
        -> Result
    {
        var id = JSONValue.null
        let line = input.text
        do {
            guard line.utf8.count <= lineLimit else { throw InputError("line longer than \(lineLimit) bytes") }
            let value = try JSONParser.parse(line)
            let row = JSONField(value: value, path: "")
            id = value["id"] ?? .null
            try row.requireObject(allowing: [
                "id", "text", "width", "font", "size", "style", "category", "boldText", "hyphenationFactor", "language",
                "autospace", "punctuationTrim", "metrics", "wordBreak", "overflowWrap", "lineBreakRules",
            ])
            guard let textField = row.member("text") else { throw InputError(path: "text", "missing") }
            let text = try textField.string()
            let width = try row.member("width")?.number(in: 1...100_000) ?? defaults.width
            var settings = defaults.settings
            if let category = row.member("category") {
                settings.category = try category.choice(ContentSizeCategory.self)
            }
            if let bold = row.member("boldText") { settings.boldText = try bold.bool() }
            let specifier = try fontSpecifier(row, defaults: defaults, settings: settings, library: library)
            measurer.settings = settings
            var textSettings = defaults.text
            if let value = row.member("hyphenationFactor") { textSettings.hyphenate = try value.number(in: 0...1) }
            if let value = row.member("language") { textSettings.language = try value.languageTag() }
            if let value = row.member("autospace") { textSettings.autospace = try value.bool() }
            if let value = row.member("punctuationTrim") {
                textSettings.punctuationTrim = try value.choice(ParagraphStyle.PunctuationTrim.self)
            }
            if let value = row.member("metrics") {
                textSettings.metrics = try value.choice(ParagraphStyle.LineHeightMetrics.self)
            }
            if let value = row.member("wordBreak") {
                textSettings.wordBreak = try value.choice(ParagraphStyle.WordBreak.self)
            }
            if let value = row.member("overflowWrap") {
                textSettings.overflowWrap = try value.choice(ParagraphStyle.OverflowWrap.self)
            }
            if let value = row.member("lineBreakRules") {
                textSettings.lineBreakRules = try value.choice(ParagraphStyle.LineBreakRules.self)
            }
            let attributes = textSettings.applied(to: TextAttributes(font: specifier))
            let measurement = try measurer.measure(text, attributes: attributes, width: width)
            let starts = scalarOffsets(of: measurement.lineStarts, in: text)
            let fields: [(String, JSONValue)] = [
                ("id", id), ("height", .number(measurement.height)), ("width", .number(measurement.width)),
                ("lines", .number(Double(measurement.lineCount))),
                ("line_starts", .array(starts.map { .number(Double($0)) })),
            ]
            return Result(line: JSONValue.object(fields.map { (key: $0.0, value: $0.1) }).serialized, failed: false)
        } catch {
            // The parser sees one line at a time: its "line 1" is the input's line `input.number`.
            let message =
                (error as? JSONParser.SyntaxError).map {
                    "invalid JSON at line \(input.number), column \($0.column): \($0.message)"
                } ?? "line \(input.number): \(error)".oneLine
            return Result(
                line: JSONValue.object([(key: "id", value: id), (key: "error", value: .string(message))]).serialized,
                failed: true)
        }
    }

    private static func fontSpecifier(
        _ row: JSONField, defaults: LineDefaults, settings: DynamicTypeSettings, library: FontLibrary
    ) throws -> FontSpecifier {
        let style = try row.member("style")?.choice(TextStyle.self)
        let family = try row.member("font")?.string()
        let size = try row.member("size")?.number(in: 0.5...2_000)
        if family == nil, size == nil { return style.map { .textStyle($0) } ?? defaults.specifier }
        let textStyle = style ?? defaults.specifier.textStyle ?? .body
        guard let size else { return family.map { .styled(textStyle, family: $0) } ?? .textStyle(textStyle) }
        let weight = settings.weight(of: textStyle)
        if let family, family.contains("/") { return .font(try library.font(path: family, size: size, weight: weight)) }
        return .font(try library.font(family: family ?? library.defaultFamily, size: size, weight: weight))
    }

    /// UTF-16 offsets as Unicode scalar (code point) offsets into `text`.
    static func scalarOffsets(of offsets: [Int], in text: String) -> [Int] {
        var result: [Int] = []
        var utf16 = 0, scalars = 0
        var iterator = text.unicodeScalars.makeIterator()
        for target in offsets {
            while utf16 < target, let scalar = iterator.next() {
                utf16 += scalar.utf16.count
                scalars += 1
            }
            result.append(scalars)
        }
        return result
    }
}

/// One measurer per worker thread. Measurers are not thread-safe; worker `i` only ever touches measurer `i`.
private final class WorkerMeasurers: @unchecked Sendable {
    let measurers: [TextMeasurer]

    init(_ measurers: [TextMeasurer]) { self.measurers = measurers }
}

/// Results filled in by worker threads at distinct indices, read after they finish.
private final class OutputSlots: @unchecked Sendable {
    private(set) var values: [MeasureCommand.Result]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: MeasureCommand.Result(line: "", failed: false), count: count) }

    func set(_ index: Int, _ result: MeasureCommand.Result) {
        lock.lock()
        values[index] = result
        lock.unlock()
    }
}

/// Reads lines from a file or standard input a batch at a time.
/// One line of `measure`'s input and its 1-based number in the file.
struct InputLine: Sendable {
    let number: Int
    let text: String
}

private final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts.
    private var position = 0
    private var atEnd = false
    /// The number of the last line read (1-based, blank lines counted).
    private var lineNumber = 0

    init?(path: String) {
        if path == "-" {
            handle = .standardInput
        } else {
            guard let file = FileHandle(forReadingAtPath: path) else { return nil }
            handle = file
        }
    }

    /// Up to `count` lines (without their newlines) with their line numbers; fewer at the end; empty when the input is exhausted. Blank
    /// lines are skipped; bytes that are not UTF-8 become U+FFFD, which the line's JSON then reports.
    func nextLines(_ count: Int) -> [InputLine] {
        var lines: [InputLine] = []
        func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool { bytes.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }
        while lines.count < count {
            if let newline = buffer[position...].firstIndex(of: 0x0A) {
                let line = buffer[position..<newline]
                position = newline + 1
                lineNumber += 1
                if !isBlank(line) {
                    lines.append(InputLine(number: lineNumber, text: String(decoding: line, as: UTF8.self)))
                }
                continue
            }
            if atEnd {
                if !isBlank(buffer[position...]) {
                    lineNumber += 1
                    lines.append(
                        InputLine(number: lineNumber, text: String(decoding: buffer[position...], as: UTF8.self)))
                }
                buffer.removeAll()
                position = 0
                break
            }
            buffer.removeSubrange(0..<position)
            position = 0
            let chunk = handle.availableData
            if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
        }
        return lines
    }
}

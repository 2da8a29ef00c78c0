import ArgumentParser
import Dispatch
import Foundation
import Galley
import GalleyDocuments
import Synchronization

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

    @Option(
        help: ArgumentHelp(
            "Measure every line at each of these widths in points (320,375,414), shaping it once.",
            discussion: "Each output line then holds \"widths\": one result per width, in order."))
    var widths: String?

    @OptionGroup var fontOptions: FontOptions

    @OptionGroup var textOptions: TextOptions

    /// The most shaped words each worker keeps.
    static let wordsPerWorker = 50_000
    /// Lines read before a batch is measured and written.
    static let batchSize = 256
    /// The longest input line accepted, in bytes.
    static let lineLimit = 1 << 20

    func validate() throws {
        try NumberFlag.check("--width", width, Document.widthRange)
        _ = try Self.parseWidths(widths)
    }

    /// The widths of `--widths`, each checked; nil when the flag is absent.
    static func parseWidths(_ text: String?) throws -> [Double]? {
        guard let text else { return nil }
        let widths = try text.split(separator: ",", omittingEmptySubsequences: false).map { item -> Double in
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard let value = Double(trimmed) else {
                throw ValidationError("--widths: \"\(trimmed)\" is not a number (expected widths like 320,375,414)")
            }
            try NumberFlag.check("--widths", value, Document.widthRange)
            return value
        }
        guard widths.count <= widthCountLimit else {
            throw ValidationError("--widths: \(widths.count) widths; at most \(widthCountLimit)")
        }
        return widths
    }

    /// The most widths one line may be measured at.
    static let widthCountLimit = 64

    func run() throws {
        let library = try fontOptions.library()
        let defaults = LineDefaults(
            width: width, widths: try Self.parseWidths(widths), specifier: try fontOptions.specifier(library: library),
            settings: try fontOptions.settings(), text: textOptions.settings)
        let reader = try LineReader(path: input, lineLimit: Self.lineLimit)
        let workers = Processors.usable
        // A word cache per worker: measured side by side, workers sharing one contend for its lock and its memory.
        let measurers = WorkerMeasurers(
            (0..<workers).map { _ in
                TextMeasurer(fontLibrary: library, shapeCache: ShapeCache(entryLimit: Self.wordsPerWorker))
            })
        let output = OrderedOutput(overlapped: workers > 1)
        while true {
            let batch = try reader.nextLines(Self.batchSize)
            if batch.isEmpty { break }
            let results = OutputSlots(count: batch.count)
            // Lines handed out one at a time as workers free up (rows differ tenfold in length: a fixed share
            // would leave one core waiting at the end of every batch).
            ParallelWork.forEach(count: batch.count, threads: workers) { index, worker in
                results.set(
                    index,
                    Self.measure(
                        batch[index], defaults: defaults, measurer: measurers.measurers[worker], library: library))
            }
            // Written while the next batch is measured.
            try output.write(results.values)
        }
        if try output.finish() { throw ExitCode.failure }
    }

    struct LineDefaults: Sendable {
        let width: Double
        /// `--widths`: every line measured at each, shaped once.
        let widths: [Double]?
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
        // The id as written in the line, so that every digit of a large number comes back.
        var id = "null"
        do {
            if let problem = input.problem { throw InputError(problem) }
            let (value, memberText) = try JSONParser.parseKeepingMemberText(input.text, of: ["id"])
            let row = JSONField(value: value, path: "")
            id = memberText["id"] ?? (value["id"].map(\.serialized) ?? "null")
            try row.requireObject(
                allowing: ["id", "text", "width", "font", "size", "style", "category", "boldText", "language"]
                    + DocumentReader.lineSettingKeys)
            guard let textField = row.member("text") else { throw InputError(path: "text", "missing") }
            let text = try textField.string()
            let width = try row.member("width")?.number(in: Document.widthRange) ?? defaults.width
            var settings = defaults.settings
            if let category = row.member("category") {
                settings.category = try category.choice(ContentSizeCategory.self)
            }
            if let bold = row.member("boldText") { settings.boldText = try bold.bool() }
            let specifier = try fontSpecifier(row, defaults: defaults, settings: settings, library: library)
            measurer.settings = settings
            var textSettings = defaults.text
            if let value = row.member("language") { textSettings.language = try value.languageTag() }
            var attributes = textSettings.applied(to: TextAttributes(font: specifier))
            // The line's own settings override the flags'.
            if DocumentReader.lineSettingKeys.contains(where: { row.member($0) != nil }) {
                var style = attributes.paragraphStyle ?? ParagraphStyle()
                try DocumentReader.readLineSettings(row, into: &style)
                attributes.paragraphStyle = style
            }
            func fields(_ measurement: TextMeasurement) -> [(key: String, value: JSONValue)] {
                let scalars = ScalarOffsets(text)
                let starts = measurement.lineStarts.map { scalars[$0] }
                return [
                    ("height", .number(measurement.height)), ("width", .number(measurement.width)),
                    ("lines", .number(Double(measurement.lineCount))),
                    ("line_starts", .array(starts.map { .number(Double($0)) })),
                ]
            }
            let rest: String
            if let widths = defaults.widths {
                let prepared = try measurer.prepare(TextStorage(text, attributes: attributes))
                let results = try widths.map { width in
                    JSONValue.object([("container", .number(width))] + fields(try prepared.measure(width: width)))
                }
                rest = JSONValue.object([("widths", .array(results))]).serialized
            } else {
                rest =
                    JSONValue.object(fields(try measurer.measure(text, attributes: attributes, width: width)))
                    .serialized
            }
            return Result(line: #"{"id":"# + id + "," + rest.dropFirst(), failed: false)
        } catch {
            if let syntax = error as? JSONParser.SyntaxError, let written = syntax.memberText["id"] { id = written }
            // The parser sees one line at a time: its "line 1" is the input's line `input.number`.
            let message =
                (error as? JSONParser.SyntaxError).map {
                    "invalid JSON at line \(input.number), column \($0.column): \($0.message)"
                } ?? "line \(input.number): \(error)".oneLine
            return Result(
                line: #"{"id":"# + id + #","error":"# + JSONValue.string(message).serialized + "}", failed: true)
        }
    }

    private static func fontSpecifier(
        _ row: JSONField, defaults: LineDefaults, settings: DynamicTypeSettings, library: FontLibrary
    ) throws -> FontSpecifier {
        let style = try row.member("style")?.choice(TextStyle.self)
        let family = try row.member("font")?.string()
        let size = try row.member("size")?.number(in: Font.sizeLimit)
        if family == nil, size == nil { return style.map { .textStyle($0) } ?? defaults.specifier }
        let textStyle = style ?? defaults.specifier.textStyle ?? .body
        guard let size else { return family.map { .styled(textStyle, family: $0) } ?? .textStyle(textStyle) }
        let weight = settings.weight(of: textStyle)
        if let family, family.contains("/") { return .font(try library.font(path: family, size: size, weight: weight)) }
        return .font(try library.font(family: family ?? library.defaultFamily, size: size, weight: weight))
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

/// Writes batches of result lines to standard output in order, when `overlapped` on a thread of its own one batch
/// behind the caller at most, so that writing overlaps measuring and memory stays bounded (on one processor there
/// is nothing to overlap, and a thread would only cost memory).
private final class OrderedOutput: @unchecked Sendable {
    private let queue: DispatchQueue?
    private let pending = DispatchSemaphore(value: 1)

    init(overlapped: Bool) { queue = overlapped ? DispatchQueue(label: "galley.measure.output") : nil }

    /// Set on the output thread, read after waiting for it: the first write failure, and whether a line failed.
    private var failure: Error?
    private var anyFailed = false

    /// Queues `results` after the batches before it, once the previous one is written; throws a failure of an
    /// earlier write.
    func write(_ results: [MeasureCommand.Result]) throws {
        pending.wait()
        if let failure {
            pending.signal()
            throw failure
        }
        let work: @Sendable () -> Void = { [self] in
            defer { pending.signal() }
            var text = ""
            for result in results {
                if result.failed { anyFailed = true }
                text += result.line + "\n"
            }
            do { try StandardOutput.write(text) } catch { failure = error }
        }
        if let queue { queue.async(execute: work) } else { work() }
    }

    /// Waits for the last batch; throws a write failure, else returns whether any line failed.
    func finish() throws -> Bool {
        pending.wait()
        defer { pending.signal() }
        if let failure { throw failure }
        return anyFailed
    }
}

/// One line of `measure`'s input and its 1-based number in the file; `problem` says why it cannot be measured
/// before it is parsed (blank, too long, not UTF-8).
struct InputLine: Sendable {
    let number: Int
    let text: String
    var problem: String? = nil
}

/// Reads lines from a file or standard input a batch at a time, through ``FileInput``: each byte is looked at
/// once, a line over the limit is skipped to its end without being kept, and every input line (blank ones too)
/// becomes one ``InputLine``.
private final class LineReader {
    private let input: FileInput
    private let lineLimit: Int
    private var buffer: [UInt8] = []
    /// Where the unread part of `buffer` starts, and how far it has been searched for a newline.
    private var position = 0
    private var searched = 0
    private var atEnd = false
    /// Whether the current line passed the limit: its bytes are being dropped up to its newline.
    private var skippingLongLine = false
    /// The number of the last line read (1-based).
    private var lineNumber = 0

    init(path: String, lineLimit: Int) throws {
        input = try FileInput(path: path)
        self.lineLimit = lineLimit
    }

    deinit { input.close() }

    /// The most bytes of line text one batch holds: long lines make shorter batches, so memory stays bounded.
    static let batchBytes = 16 << 20

    /// Up to `count` lines (and no more than ``batchBytes`` of text), fewer at the end; empty when the input is
    /// exhausted.
    func nextLines(_ count: Int) throws -> [InputLine] {
        var lines: [InputLine] = []
        var bytes = 0
        while lines.count < count, bytes < Self.batchBytes {
            if let newline = buffer[searched...].firstIndex(of: 0x0A) {
                bytes += newline - position
                lines.append(take(position..<newline))
                position = newline + 1
                searched = position
                continue
            }
            searched = buffer.count
            if buffer.count - position > lineLimit {
                // Too long: remember it, and drop what is kept of it.
                skippingLongLine = true
                buffer.removeAll(keepingCapacity: true)
                position = 0
                searched = 0
            }
            if atEnd {
                if position < buffer.count || skippingLongLine { lines.append(take(position..<buffer.count)) }
                buffer.removeAll()
                position = 0
                searched = 0
                break
            }
            buffer.removeSubrange(0..<position)
            searched -= position
            position = 0
            let chunk = try input.read(upTo: 1 << 16)
            if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
        }
        return lines
    }

    /// The line in `range` of the buffer (its newline excluded), checked.
    private func take(_ range: Range<Int>) -> InputLine {
        lineNumber += 1
        if skippingLongLine {
            skippingLongLine = false
            return InputLine(number: lineNumber, text: "", problem: "longer than \(lineLimit) bytes")
        }
        var bytes = buffer[range]
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = InputReader.firstInvalidUTF8Offset(bytes) ?? 0
            return InputLine(
                number: lineNumber, text: "",
                problem: "not valid UTF-8 (first bad byte at offset \(offset))")
        }
        if text.allSatisfy({ $0 == " " || $0 == "\t" }) {
            return InputLine(number: lineNumber, text: "", problem: "empty, expected a JSON object")
        }
        return InputLine(number: lineNumber, text: text)
    }
}

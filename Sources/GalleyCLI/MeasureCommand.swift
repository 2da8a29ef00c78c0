import ArgumentParser
import Foundation
import Galley
import GalleyDocuments

/// `galley measure`: row heights for JSON lines, streamed, on every core.
struct MeasureCommand: ParsableCommand, SettingOptions {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Measure text heights: JSON lines in, JSON lines out, in order.",
        discussion: """
            Each input line is a JSON object: "id" (any JSON value, echoed exactly as written), "text", and as \
            wanted \(MeasureRow.keys.dropFirst(2).map { "\"\($0)\"" }.joined(separator: ", ")): a line's own "width" \
            (points) and settings override the flags' (its "width" is ignored when --widths is given; see the \
            JSON article for each key's values). Each output line is {"id": …, "height": pt, "width": used pt, \
            "lines": n, "line_starts": [code point offsets]} (numbers rounded to a millionth), or \
            {"id": …, "error": "…"} for a bad line; blank lines are skipped. Output starts before the input ends, \
            memory stays constant, \
            and batches use every core. The exit status is 1 if any line failed.

            Examples:
              echo '{"id": 1, "text": "Hello, 世界"}' | galley measure --width 320
              galley measure rows.jsonl --style headline --category accessibilityLarge > heights.jsonl
            """)

    @Argument(help: "A JSON-lines file, or '-' for standard input.")
    var input: String = "-"

    @Option(name: .setting(.width), parsing: .unconditional, help: .setting(.width)) var width: String?

    @Option(name: .setting(.widths), help: .setting(.widths)) var widths: String?

    @Option(name: .setting(.allowDir), help: .setting(.allowDir)) var allowDir: [String] = []

    @OptionGroup var fontOptions: FontOptions

    @OptionGroup var textOptions: TextOptions

    /// The most shaped words each worker keeps.
    static let wordsPerWorker = 50_000
    /// Lines read before a batch is measured and written.
    static let batchSize = 256
    /// The longest input line accepted, in bytes.
    static let lineLimit = 1 << 20
    /// The width of rows that give none, when the options give none either.
    static let defaultWidth = 320.0

    var items: [(name: String, value: String)] {
        item(.width, width) + item(.widths, widths) + item(.allowDir, allowDir) + fontOptions.items + textOptions.items
    }

    func validate() throws { try checkSettings(work: .measure) }

    /// What `options` give every row, and the font library they ask for; the font files rows name are read as
    /// `rowAccess` allows.
    static func lineDefaults(_ options: RequestOptions, rowAccess: FileAccess) throws -> (LineDefaults, FontLibrary) {
        let library = try FontOptions.library(options)
        let row = try MeasureRow.Defaults(options, library: library, width: defaultWidth, access: rowAccess)
        return (LineDefaults(row: row, widths: options.widths), library)
    }

    /// A measurer for one worker, held to `limits`: its own word cache, as workers sharing one contend for its lock
    /// and memory.
    static func workerMeasurer(library: FontLibrary, limits: Limits = Limits()) -> TextMeasurer {
        let measurer = TextMeasurer(fontLibrary: library, shapeCache: ShapeCache(entryLimit: wordsPerWorker))
        measurer.limits = limits
        return measurer
    }

    func run() throws { try Self.run(input: input, options: try requestOptions(work: .measure)) }

    /// Measures the rows in `input` (a path, or `-` for standard input) with `options`: the command's work, however
    /// its arguments were read.
    static func run(input: String, options: RequestOptions) throws {
        // Rows read font files from the input's folder (the working directory for standard input) and --allow-dir.
        let rowAccess = FileAccess(
            baseDirectory: input == "-" ? nil : (input as NSString).deletingLastPathComponent,
            allowing: options.texts(.allowDir))
        let (defaults, library) = try Self.lineDefaults(options, rowAccess: rowAccess)
        let reader = try LineReader(path: input, lineLimit: Self.lineLimit)
        let workers = Processors.usable
        let measurers = WorkerMeasurers(
            (0..<workers).map { _ in
                Self.workerMeasurer(library: library, limits: options.limits)
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
        /// What every row starts from.
        let row: MeasureRow.Defaults
        /// `--widths`: every line measured at each, shaped once.
        let widths: [Double]?
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
            let row = try MeasureRow.decode(try input.text(), defaults: defaults.row, library: library, id: &id)
            let text = row.text
            measurer.settings = row.settings
            let scalars = ScalarOffsets(text)
            var line: [UInt8] = []
            // Room for the members and a few digits per line start, made once instead of grown several times.
            line.reserveCapacity(id.utf8.count + 88 + text.utf8.count / 8)
            MeasureOutput.appendLiteral(#"{"id":"#, to: &line)
            MeasureOutput.append(id, to: &line)
            if let widths = defaults.widths {
                let prepared = try measurer.prepare(TextStorage(text, attributes: row.attributes))
                MeasureOutput.appendLiteral(#","widths":["#, to: &line)
                for (index, width) in widths.enumerated() {
                    MeasureOutput.appendLiteral(index == 0 ? #"{"container":"# : #",{"container":"#, to: &line)
                    JSONValue.append(width, to: &line)
                    line.append(UInt8(ascii: ","))
                    MeasureOutput.append(try prepared.measure(width: width), scalars: scalars, to: &line)
                    line.append(UInt8(ascii: "}"))
                }
                line.append(UInt8(ascii: "]"))
            } else {
                line.append(UInt8(ascii: ","))
                MeasureOutput.append(
                    try measurer.measure(text, attributes: row.attributes, width: row.width), scalars: scalars,
                    to: &line)
            }
            line.append(UInt8(ascii: "}"))
            return Result(line: String(decoding: line, as: UTF8.self), failed: false)
        } catch {
            // The parser sees one line at a time: its "line 1" is the input's line `input.number`.
            let message =
                (error as? JSONParser.SyntaxError).map {
                    "invalid JSON at line \(input.number), column \($0.column): \($0.message)"
                } ?? "line \(input.number): \(error)".oneLine
            return Result(
                line: #"{"id":"# + id + #","error":"# + JSONValue.string(message).serialized + "}", failed: true)
        }
    }
}

/// One measurer per worker thread. Measurers are not thread-safe; worker `i` only ever touches measurer `i`.
private final class WorkerMeasurers: @unchecked Sendable {
    let measurers: [TextMeasurer]

    init(_ measurers: [TextMeasurer]) { self.measurers = measurers }
}

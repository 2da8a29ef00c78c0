import Foundation
import Galley
import GalleyDocuments

/// `galley measure`'s work, whoever asks for it (the command, the service's `/v1/measure`, the C library): JSON
/// lines read as ``MeasureRow``s under a request's options, each measured to the line `galley measure` prints.
package struct RowMeasuring: Sendable {
    /// The most shaped words each worker keeps.
    package static let wordsPerWorker = 50_000
    /// Lines read before a batch is measured and written.
    package static let batchSize = 256
    /// The longest input line accepted, in bytes.
    package static let lineLimit = 1 << 20
    /// The width of rows that give none, when the options give none either, in points.
    package static let defaultWidth = 320.0

    /// What every row starts from.
    package let row: MeasureRow.Defaults
    /// `widths`: every line measured at each, shaped once.
    package let widths: [Double]?
    /// The font library the options ask for.
    package let library: FontLibrary
    /// The bounds on each row's work.
    package let limits: Limits

    /// The measuring `options` ask for; the font files rows name are read as `rowAccess` allows.
    ///
    /// - Throws: for a font the options name that cannot be had.
    package init(options: RequestOptions, rowAccess: FileAccess) throws {
        library = try options.fontLibrary()
        row = try MeasureRow.Defaults(options, library: library, width: Self.defaultWidth, access: rowAccess)
        widths = options.widths
        limits = options.limits
    }

    /// A measurer for one worker, held to `limits`: its own word cache, as workers sharing one contend for its lock
    /// and memory.
    package static func workerMeasurer(library: FontLibrary, limits: Limits = Limits()) -> TextMeasurer {
        let measurer = TextMeasurer(fontLibrary: library, shapeCache: ShapeCache(entryLimit: wordsPerWorker))
        measurer.limits = limits
        return measurer
    }

    /// A measurer for one worker under these options' limits.
    package func workerMeasurer() -> TextMeasurer { Self.workerMeasurer(library: library, limits: limits) }

    /// Measures every line `reader` gives on as many threads as `measurers` (one each, made by
    /// ``workerMeasurer()``), a batch at a time, handing each batch's output lines to `write` in input order (the
    /// next batch is measured while `write` may still be writing).
    package func measureAll(_ reader: LineReader, measurers: [TextMeasurer], write: ([MeasuredLine]) throws -> Void)
        throws
    {
        let workers = measurers.count
        let measurers = WorkerMeasurers(measurers)
        while true {
            let batch = try reader.nextLines(Self.batchSize)
            if batch.isEmpty { break }
            let results = OutputSlots(count: batch.count)
            // Lines handed out one at a time as workers free up (rows differ tenfold in length: a fixed share
            // would leave one core waiting at the end of every batch).
            ParallelWork.forEach(count: batch.count, threads: workers) { index, worker in
                results.set(index, measure(batch[index], with: measurers.measurers[worker]))
            }
            try write(results.values)
        }
    }

    /// Measures one input line with `measurer`; never throws: a bad line becomes an error line.
    package func measure(_ input: InputLine, with measurer: TextMeasurer) -> MeasuredLine {
        // The id as written in the line, so that every digit of a large number comes back.
        var id = "null"
        do {
            let row = try MeasureRow.decode(try input.text(), defaults: row, library: library, id: &id)
            measurer.settings = row.settings
            let scalars = ScalarOffsets(row.text)
            var line = Self.lineStart(id: id, textBytes: row.text.utf8.count)
            if let widths {
                let prepared = try measurer.prepare(row.storage())
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
                let measured =
                    row.rubies.isEmpty
                    ? try measurer.measure(row.text, attributes: row.attributes, width: row.width)
                    : try measurer.measure(row.storage(), width: row.width)
                MeasureOutput.append(measured, scalars: scalars, to: &line)
            }
            line.append(UInt8(ascii: "}"))
            return MeasuredLine(line: String(decoding: line, as: UTF8.self), failed: false)
        } catch {
            return Self.errorLine(error, id: id, input: input)
        }
    }

    /// One input line's row prepared by `measurer` (its settings are the row's from then on), to be measured at
    /// any width by ``measure(_:width:)``; never throws: a bad line is kept as its error line.
    package func prepare(_ input: InputLine, with measurer: TextMeasurer) -> PreparedRow {
        var id = "null"
        do {
            let row = try MeasureRow.decode(try input.text(), defaults: row, library: library, id: &id)
            measurer.settings = row.settings
            let prepared = try measurer.prepare(row.storage())
            return PreparedRow(
                id: id, scalars: ScalarOffsets(row.text), text: prepared, textBytes: row.text.utf8.count, error: nil)
        } catch {
            return PreparedRow(
                id: id, scalars: ScalarOffsets(""), text: nil, textBytes: 0,
                error: Self.errorLine(error, id: id, input: input))
        }
    }

    /// `row` measured at `width` points, as `galley measure` prints a row measured at that width.
    package static func measure(_ row: PreparedRow, width: Double) -> MeasuredLine {
        guard let text = row.text else { return row.error! }
        do {
            var line = lineStart(id: row.id, textBytes: row.textBytes)
            line.append(UInt8(ascii: ","))
            MeasureOutput.append(try text.measure(width: width), scalars: row.scalars, to: &line)
            line.append(UInt8(ascii: "}"))
            return MeasuredLine(line: String(decoding: line, as: UTF8.self), failed: false)
        } catch {
            return MeasuredLine(
                line: #"{"id":"# + row.id + #","error":"# + JSONValue.string(ErrorMessage.line(for: error)).serialized
                    + "}", failed: true)
        }
    }

    /// An output line's `{"id":…`, with room for the members and a few digits per line start, made once instead
    /// of grown several times.
    private static func lineStart(id: String, textBytes: Int) -> [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(id.utf8.count + 88 + textBytes / 8)
        MeasureOutput.appendLiteral(#"{"id":"#, to: &line)
        MeasureOutput.append(id, to: &line)
        return line
    }

    /// The error line for `error`, met reading or measuring `input`.
    private static func errorLine(_ error: any Error, id: String, input: InputLine) -> MeasuredLine {
        // The parser sees one line at a time: its "line 1" is the input's line `input.number`.
        let message =
            (error as? JSONParser.SyntaxError).map {
                "invalid JSON at line \(input.number), column \($0.column): \($0.message)"
            } ?? "line \(input.number): \(error)".oneLine
        return MeasuredLine(
            line: #"{"id":"# + id + #","error":"# + JSONValue.string(message).serialized + "}", failed: true)
    }
}

/// A row prepared once to be measured at many widths: its id as written, its text prepared (nil for a line that
/// failed, whose error line is kept).
package struct PreparedRow {
    /// The row's `id` as its line wrote it.
    package let id: String
    /// The row's UTF-16 offsets as code points.
    package let scalars: ScalarOffsets
    /// The prepared text; nil when the line failed.
    package let text: PreparedText?
    /// The text's length in UTF-8 bytes.
    package let textBytes: Int
    /// The line's error line, when it failed.
    package let error: MeasuredLine?
}

/// One input line's answer: the JSON line `galley measure` prints for it (without its newline), and whether it
/// is an error line.
package struct MeasuredLine: Sendable {
    /// The output line.
    package let line: String
    /// Whether the line is `{"id": …, "error": …}`.
    package let failed: Bool
}

/// One measurer per worker thread. Measurers are not thread-safe; worker `i` only ever touches measurer `i`.
private final class WorkerMeasurers: @unchecked Sendable {
    let measurers: [TextMeasurer]

    init(_ measurers: [TextMeasurer]) { self.measurers = measurers }
}

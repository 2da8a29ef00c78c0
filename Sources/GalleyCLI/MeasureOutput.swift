import Dispatch
import Foundation
import Galley
import GalleyDocuments
import Synchronization

/// How `measure` writes a measurement: into the bytes of its output line, where appending small strings to a
/// `String` cost more than the JSON members were worth (a row's line starts are a dozen numbers).
enum MeasureOutput {
    /// The members of `measurement` as JSON, without braces: height and width in points, the line count, and
    /// where each line starts in code points (`scalars` converts the measurement's UTF-16 offsets).
    static func append(_ measurement: TextMeasurement, scalars: ScalarOffsets, to line: inout [UInt8]) {
        appendLiteral(#""height":"#, to: &line)
        JSONValue.append(measurement.height, to: &line)
        appendLiteral(#","width":"#, to: &line)
        JSONValue.append(measurement.width, to: &line)
        appendLiteral(#","lines":"#, to: &line)
        JSONValue.append(measurement.lineCount, to: &line)
        appendLiteral(#","line_starts":["#, to: &line)
        for (index, start) in measurement.utf16LineStarts.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            JSONValue.append(scalars[start], to: &line)
        }
        line.append(UInt8(ascii: "]"))
    }

    /// Appends the UTF-8 of `text` to `line`, copied from the string's storage at once: appending a string's
    /// UTF-8 view went through its iterator (a few dozen of them a row).
    static func append(_ text: String, to line: inout [UInt8]) {
        var text = text
        text.withUTF8 { line.append(contentsOf: $0) }
    }

    /// Appends the bytes of the literal `text` to `line`, straight from the binary.
    static func appendLiteral(_ text: StaticString, to line: inout [UInt8]) {
        line.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

/// Results filled in by worker threads at distinct indices, read after they finish.
final class OutputSlots: Sendable {
    private let slots: Mutex<[MeasureCommand.Result]>

    init(count: Int) { slots = Mutex(Array(repeating: MeasureCommand.Result(line: "", failed: false), count: count)) }

    /// The results, in order.
    var values: [MeasureCommand.Result] { slots.withLock { $0 } }

    func set(_ index: Int, _ result: MeasureCommand.Result) { slots.withLock { $0[index] = result } }
}

/// Writes batches of result lines to standard output in order, when `overlapped` on a thread of its own one batch
/// behind the caller at most, so that writing overlaps measuring and memory stays bounded (on one processor there
/// is nothing to overlap, and a thread would only cost memory).
final class OrderedOutput: @unchecked Sendable {
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

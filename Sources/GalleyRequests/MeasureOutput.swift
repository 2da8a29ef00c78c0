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
package final class OutputSlots: Sendable {
    private let slots: Mutex<[MeasuredLine]>

    package init(count: Int) { slots = Mutex(Array(repeating: MeasuredLine(line: "", failed: false), count: count)) }

    /// The results, in order.
    package var values: [MeasuredLine] { slots.withLock { $0 } }

    /// Sets the result at `index`.
    package func set(_ index: Int, _ result: MeasuredLine) { slots.withLock { $0[index] = result } }
}

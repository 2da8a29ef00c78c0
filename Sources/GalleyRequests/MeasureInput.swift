import Foundation
import GalleyDocuments

/// One line of `measure`'s input and its 1-based number in the file, as bytes: the reader only splits the input,
/// and each line is checked (``text()``) by the worker that measures it, so that the one thread reading the
/// input does not check every byte while the others wait for the next batch.
package struct InputLine: Sendable {
    package let number: Int
    /// The line's bytes, without its line feed, a carriage return before it or a byte-order mark.
    package let bytes: [UInt8]
    /// Why the line cannot be read, known while reading it (too long: its bytes are not kept).
    package var problem: String? = nil

    /// The line as text.
    ///
    /// - Throws: ``InputError`` saying why it cannot be measured before it is parsed (too long, not UTF-8).
    package func text() throws -> String {
        if let problem { throw InputError(problem) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = InputReader.firstInvalidUTF8Offset(bytes) ?? 0
            throw InputError("not valid UTF-8 (first bad byte at offset \(offset))")
        }
        return text
    }
}

/// Reads lines from a file or standard input (through ``FileInput``) or from bytes in memory (a request's body) a
/// batch at a time: each byte is looked at once, a line over the limit is skipped to its end without being kept,
/// and every input line but a blank one (nothing but spaces or tabs, as an editor's last line often is) becomes
/// one ``InputLine``; blank lines are counted, so later lines keep their numbers.
package final class LineReader {
    /// Where the bytes come from.
    private enum Source {
        case file(FileInput)
        /// Bytes held whole, and how many of them were read.
        case memory([UInt8], read: Int)
    }

    private var source: Source
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

    package init(path: String, lineLimit: Int) throws {
        source = .file(try FileInput(path: path))
        self.lineLimit = lineLimit
    }

    /// Reads the lines of `bytes`.
    package init(bytes: [UInt8], lineLimit: Int) {
        source = .memory(bytes, read: 0)
        self.lineLimit = lineLimit
    }

    deinit { if case .file(let input) = source { input.close() } }

    /// Whether every line has been taken, known only for bytes in memory (a file or a stream may always have more):
    /// the bytes are all read and none wait in the buffer.
    package var isExhausted: Bool {
        guard case .memory(let bytes, let read) = source, read == bytes.count else { return false }
        return position >= buffer.count && !skippingLongLine
    }

    /// The next bytes of the input, at most `count`; empty at its end.
    private func read(upTo count: Int) throws -> ArraySlice<UInt8> {
        switch source {
        case .file(let input): return try input.read(upTo: count)[...]
        case .memory(let bytes, let read):
            let end = min(bytes.count, read + count)
            source = .memory(bytes, read: end)
            return bytes[read..<end]
        }
    }

    /// The most bytes of line text one batch holds: long lines make shorter batches, so memory stays bounded.
    static let batchBytes = 16 << 20

    /// Up to `count` lines (and no more than ``batchBytes`` of text), fewer at the end; empty when the input is
    /// exhausted.
    package func nextLines(_ count: Int) throws -> [InputLine] {
        var lines: [InputLine] = []
        var bytes = 0
        while lines.count < count, bytes < Self.batchBytes {
            if let newline = Self.firstNewline(in: buffer, from: searched) {
                bytes += newline - position
                if let line = take(position..<newline) { lines.append(line) }
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
                if position < buffer.count || skippingLongLine, let line = take(position..<buffer.count) {
                    lines.append(line)
                }
                buffer.removeAll()
                position = 0
                searched = 0
                break
            }
            buffer.removeSubrange(0..<position)
            searched -= position
            position = 0
            let chunk = try read(upTo: 1 << 16)
            if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
        }
        return lines
    }

    /// The index of the first line feed in `bytes` from `start`: `memchr`, as a generic search looked at each byte
    /// several times over.
    private static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard start < buffer.count, let base = buffer.baseAddress,
                let found = memchr(base + start, 0x0A, buffer.count - start)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
    }

    /// The line in `range` of the buffer (its newline excluded), unchecked; nil for a blank line.
    private func take(_ range: Range<Int>) -> InputLine? {
        lineNumber += 1
        // A line found whole in one read is held to the limit here; a longer one was dropped while it was read.
        if skippingLongLine || range.count > lineLimit {
            skippingLongLine = false
            return InputLine(number: lineNumber, bytes: [], problem: "longer than \(lineLimit) bytes")
        }
        var bytes = buffer[range]
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        // A byte-order mark some editors write before the first line is not part of it.
        if lineNumber == 1, bytes.starts(with: InputReader.byteOrderMark) { bytes = bytes.dropFirst(3) }
        if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return nil }
        return InputLine(number: lineNumber, bytes: Array(bytes))
    }
}

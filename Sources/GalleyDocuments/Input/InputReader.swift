import Foundation
import Galley

/// Reads input files: .txt as plain text, .md as a note, .json as a document. Text must be UTF-8.
public enum InputReader {
    /// The most bytes an input file may have: 16 MiB unless `Limits.inputFileBytes` says otherwise.
    public static var sizeLimit: Int { Limits.current.inputFileBytes }

    /// The document in the file at `path` (`-` for standard input, read as plain text), by its extension;
    /// fonts a JSON document names are found in `library`; pictures and font files are read from the document's
    /// folder (the working directory for standard input) and below, and from `allowedDirectories`.
    ///
    /// - Throws: ``InputError`` for an extension Galley does not read (naming those it does), a missing, unreadable,
    ///   oversized or non-UTF-8 file, or a bad document.
    public static func read(
        path: String, defaults: TextAttributes, library: FontLibrary, allowing allowedDirectories: [String] = []
    ) throws -> Document {
        let kind = (path as NSString).pathExtension.lowercased()
        guard ["", "txt", "text", "md", "markdown", "json"].contains(kind) else {
            throw InputError(
                "\(path): .\(kind) is not an input galley reads; it reads plain text (.txt or no extension), notes "
                    + "(.md) and documents (.json), or '-' for standard input")
        }
        let text = try readText(path: path)
        // Pictures are found next to the file that names them.
        let access = FileAccess(
            baseDirectory: path == "-" ? nil : (path as NSString).deletingLastPathComponent,
            allowing: allowedDirectories)
        switch kind {
        case "md", "markdown": return try NoteReader.read(text, defaults: defaults, access: access)
        case "json": return try DocumentReader.read(text, defaults: defaults, library: library, access: access)
        default: return Document(storage: TextStorage(withoutFinalLineBreak(text), attributes: defaults))
        }
    }

    /// `text` without the one line break that ends its last line, as editors save files and `echo` prints: it
    /// ends that line rather than starting an empty one (a second one still makes an empty last line).
    public static func withoutFinalLineBreak(_ text: String) -> String {
        // "\r\n" is one Character, so one dropLast takes either ending whole.
        guard let last = text.last, ["\n", "\r", "\r\n"].contains(last) else { return text }
        return String(text.dropLast())
    }

    /// The UTF-8 byte-order mark some editors put before the text; it is not part of it.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The file's text, or standard input's for `-`, refusing files over ``sizeLimit`` (read no further than
    /// that), what is not a regular file, and text that is not UTF-8. A byte-order mark at its start is dropped.
    public static func readText(path: String) throws -> String {
        let input = try FileInput(path: path)
        defer { input.close() }
        var bytes = try input.readAll(limit: sizeLimit)
        if bytes.starts(with: byteOrderMark) { bytes.removeFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(bytes) ?? 0
            throw InputError("\(path): not valid UTF-8 (first bad byte at offset \(offset))")
        }
        return text
    }

    /// The offset of the first byte of `bytes` that does not begin a valid UTF-8 sequence; nil when all are valid.
    public static func firstInvalidUTF8Offset<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            let length =
                byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            guard length > 0, offset + length <= bytes.count,
                String(bytes: bytes[offset..<offset + length], encoding: .utf8) != nil
            else { return offset }
            offset += length
        }
        return nil
    }
}

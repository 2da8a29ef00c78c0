import Foundation
import Galley

/// What an input is read as.
public enum InputKind: Sendable {
    /// Plain text, one paragraph per line.
    case plainText
    /// A note: Markdown with notes' extensions (`NoteReader`).
    case note
    /// A JSON document (`DocumentReader`).
    case json

    /// The kind a file extension (lowercased, without its dot; empty for none) names; nil for one Galley does not
    /// read.
    public init?(fileExtension: String) {
        switch fileExtension {
        case "", "txt", "text": self = .plainText
        case "md", "markdown": self = .note
        case "json": self = .json
        default: return nil
        }
    }
}

/// Reads input files: .txt as plain text, .md as a note, .json as a document. Text must be UTF-8.
public enum InputReader {
    /// The document in the file at `path` (`-` for standard input, read as plain text), by its extension;
    /// fonts a JSON document names are found in `library`; pictures and font files are read from the document's
    /// folder (the working directory for standard input) and below, and from `allowedDirectories`; a note's roles
    /// take `theme`'s colours, and its code forms ligatures when `codeLigatures` (or its front matter) says so; the
    /// file, its pictures and tables are held to `limits`.
    ///
    /// - Throws: ``InputError`` for an extension Galley does not read (naming those it does), a missing, unreadable,
    ///   oversized or non-UTF-8 file, or a bad document.
    public static func read(
        path: String, defaults: TextAttributes, library: FontLibrary, allowing allowedDirectories: [String] = [],
        theme: NoteTheme = .light, codeLigatures: Bool = false, limits: DocumentLimits = DocumentLimits()
    ) throws -> Document {
        let kind = (path as NSString).pathExtension.lowercased()
        guard let inputKind = InputKind(fileExtension: kind) else {
            throw InputError(
                "\(path): .\(kind) is not an input galley reads; it reads plain text (.txt or no extension), notes "
                    + "(.md) and documents (.json), or '-' for standard input")
        }
        // Pictures are found next to the file that names them.
        let access = FileAccess(
            baseDirectory: path == "-" ? nil : (path as NSString).deletingLastPathComponent,
            allowing: allowedDirectories)
        return try read(
            text: try readText(path: path, byteLimit: limits.inputFileBytes), kind: inputKind, defaults: defaults,
            library: library, access: access, theme: theme, codeLigatures: codeLigatures, limits: limits)
    }

    /// The document `text` holds, read as `kind`; fonts a JSON document names are found in `library`, and the
    /// pictures and font files it names are read as `access` allows; a note's roles take `theme`'s colours and
    /// its code forms ligatures when `codeLigatures` (or its front matter) says so; its pictures and tables are
    /// held to `limits`.
    ///
    /// - Throws: ``InputError`` or the reader's error for a bad document.
    public static func read(
        text: String, kind: InputKind, defaults: TextAttributes, library: FontLibrary, access: FileAccess,
        theme: NoteTheme = .light, codeLigatures: Bool = false, limits: DocumentLimits = DocumentLimits()
    ) throws -> Document {
        switch kind {
        case .note:
            return try NoteReader.read(
                text, defaults: defaults, access: access, theme: theme, codeLigatures: codeLigatures, limits: limits)
        case .json:
            return try DocumentReader.read(text, defaults: defaults, library: library, access: access, limits: limits)
        case .plainText: return Document(storage: TextStorage(withoutFinalLineBreak(text), attributes: defaults))
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

    /// The file's text, or standard input's for `-`, refusing files over `byteLimit` bytes (read no further than
    /// that), what is not a regular file, and text that is not UTF-8. A byte-order mark at its start is dropped.
    public static func readText(path: String, byteLimit: Int = DocumentLimits().inputFileBytes) throws -> String {
        let input = try FileInput(path: path)
        defer { input.close() }
        return try text(of: try input.readAll(limit: byteLimit), name: path)
    }

    /// `bytes` as text, without a byte-order mark at its start; `name` names the input in the error.
    ///
    /// - Throws: ``InputError`` giving the offset of the first byte that is not UTF-8.
    public static func text(of bytes: [UInt8], name: String) throws -> String {
        let text = bytes.starts(with: byteOrderMark) ? bytes[3...] : bytes[...]
        guard let decoded = String(validating: text, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(text) ?? 0
            throw InputError("\(name): not valid UTF-8 (first bad byte at offset \(offset))")
        }
        return decoded
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

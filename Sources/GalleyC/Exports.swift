import Galley
import GalleyDocuments
import GalleyRequests

#if canImport(Glibc)
    import Glibc
#endif

// The C functions `Bindings/C/include/galley.h` declares, for programs in any language (the Python package loads
// them through ctypes). Each answers with a status and a buffer the caller frees with `galley_free`: the answer,
// or on `GALLEY_ERROR` the one-line message `galley` would print. Nothing here traps on bad input: every Swift
// error becomes a message.

/// The status of a call that did its work.
let galleyOK: Int32 = 0
/// `galley_measure` and `galley_prepared_measure`: the answer has error lines for some rows.
let galleyRowsFailed: Int32 = 1
/// The call failed; the buffer holds the message.
let galleyError: Int32 = 2

/// The version of the C interface: functions are added with a new number, never changed under the same one.
@_cdecl("galley_abi_version")
public func galleyABIVersion() -> Int32 { 1 }

/// Galley's version as a NUL-terminated string the library owns.
@_cdecl("galley_version")
public func galleyVersion() -> UnsafePointer<CChar> { GalleyVersionText.pointer }

/// Frees a buffer a `galley_` function gave (NULL is ignored).
@_cdecl("galley_free")
public func galleyFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

/// Measures JSON lines of rows (`galley measure`'s input) under `settings` (a JSON object, or NULL): the answer
/// is `galley measure`'s output, a line per row in order.
@_cdecl("galley_measure")
public func galleyMeasure(
    _ settings: UnsafePointer<CChar>?, _ rows: UnsafePointer<UInt8>?, _ length: Int,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
    answer(out, outLength) {
        let measuring = try SettingsCache.shared.rowMeasuring(json: settings.map { String(cString: $0) })
        let reader = LineReader(bytes: try bytes(rows, length), lineLimit: RowMeasuring.lineLimit)
        var answer = MeasuredText()
        try WorkerPool.shared.withMeasurers(for: measuring) { measurers in
            try measuring.measureAll(reader, measurers: measurers) { answer.append($0) }
        }
        return (answer.bytes, answer.status)
    }
}

/// Prepares rows (JSON lines, as `galley_measure` takes) under `settings` to be measured at many widths; NULL on
/// a bad setting, with the message in `error`. Free it with `galley_prepared_free`.
@_cdecl("galley_prepare")
public func galleyPrepare(
    _ settings: UnsafePointer<CChar>?, _ rows: UnsafePointer<UInt8>?, _ length: Int,
    _ error: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ errorLength: UnsafeMutablePointer<Int>?
) -> OpaquePointer? {
    var made: PreparedRows?
    let status = answer(error, errorLength) {
        made = try PreparedRows(
            measuring: SettingsCache.shared.rowMeasuring(json: settings.map { String(cString: $0) }),
            reader: LineReader(bytes: try bytes(rows, length), lineLimit: RowMeasuring.lineLimit))
        return ([], galleyOK)
    }
    guard status == galleyOK, let made else { return nil }
    // The handle owns one reference until galley_prepared_free releases it.
    return OpaquePointer(Unmanaged.passRetained(made).toOpaque())
}

/// How many rows `prepared` holds.
@_cdecl("galley_prepared_count")
public func galleyPreparedCount(_ prepared: OpaquePointer?) -> Int {
    guard let prepared else { return 0 }
    return Unmanaged<PreparedRows>.fromOpaque(UnsafeRawPointer(prepared)).takeUnretainedValue().count
}

/// The prepared rows measured at `width` points: `galley measure`'s output for them at that width.
@_cdecl("galley_prepared_measure")
public func galleyPreparedMeasure(
    _ prepared: OpaquePointer?, _ width: Double, _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?,
    _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
    answer(out, outLength) {
        guard let prepared else { throw InputError("no prepared rows (NULL)") }
        let rows = Unmanaged<PreparedRows>.fromOpaque(UnsafeRawPointer(prepared)).takeUnretainedValue()
        return try rows.measure(width: width)
    }
}

/// Frees what `galley_prepare` made (NULL is ignored).
@_cdecl("galley_prepared_free")
public func galleyPreparedFree(_ prepared: OpaquePointer?) {
    guard let prepared else { return }
    Unmanaged<PreparedRows>.fromOpaque(UnsafeRawPointer(prepared)).release()
}

/// Renders `source` (UTF-8: a note in Markdown, plain text or a JSON document, as `kind` says: "markdown",
/// "text", "json", or NULL to read `{`-first input as JSON and the rest as Markdown) to the image `settings`' `format`
/// names (PNG by default): the bytes `galley render -o -` writes.
@_cdecl("galley_render")
public func galleyRender(
    _ settings: UnsafePointer<CChar>?, _ kind: UnsafePointer<CChar>?, _ source: UnsafePointer<UInt8>?,
    _ length: Int, _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
    answer(out, outLength) {
        let request = try DocumentRequest(settings, kind, source, length)
        let image = try DocumentWork.image(
            of: request.text, kind: request.kind, options: request.settings.options, access: request.settings.access,
            threads: Processors.usable)
        return (image.bytes, galleyOK)
    }
}

/// Lays `source` out (read as `galley_render` reads it): the JSON `galley layout --json` prints.
@_cdecl("galley_layout")
public func galleyLayout(
    _ settings: UnsafePointer<CChar>?, _ kind: UnsafePointer<CChar>?, _ source: UnsafePointer<UInt8>?,
    _ length: Int, _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outLength: UnsafeMutablePointer<Int>?
) -> Int32 {
    answer(out, outLength) {
        let request = try DocumentRequest(settings, kind, source, length)
        return (
            try DocumentWork.layoutJSON(
                of: request.text, kind: request.kind, options: request.settings.options,
                access: request.settings.access),
            galleyOK
        )
    }
}

/// Runs `body` and hands its bytes (or, when it throws, its one-line message) to the caller in a buffer it frees
/// with `galley_free`; the status `body` gave, or ``galleyError``.
private func answer(
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ outLength: UnsafeMutablePointer<Int>?,
    _ body: () throws -> (bytes: [UInt8], status: Int32)
) -> Int32 {
    let bytes: [UInt8]
    let status: Int32
    do {
        (bytes, status) = try body()
    } catch {
        (bytes, status) = (Array(ErrorMessage.line(for: error).utf8), galleyError)
    }
    // One byte more than the answer, a NUL, so that a message can be read as a C string.
    guard let buffer = malloc(bytes.count + 1)?.assumingMemoryBound(to: UInt8.self) else { return galleyError }
    bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: $0.count) }
    buffer[bytes.count] = 0
    out?.pointee = buffer
    outLength?.pointee = bytes.count
    return status
}

/// Output lines gathered into one answer: each line and its newline, and whether any was an error line.
struct MeasuredText {
    private(set) var bytes: [UInt8] = []
    private var failed = false

    /// `galleyRowsFailed` once an error line was added, else `galleyOK`.
    var status: Int32 { failed ? galleyRowsFailed : galleyOK }

    mutating func append(_ lines: some Sequence<MeasuredLine>) {
        for line in lines {
            failed = failed || line.failed
            bytes += line.line.utf8
            bytes.append(UInt8(ascii: "\n"))
        }
    }
}

/// The caller's `length` bytes at `pointer`, held to the input file limit.
private func bytes(_ pointer: UnsafePointer<UInt8>?, _ length: Int) throws -> [UInt8] {
    let limit = DocumentLimits().inputFileBytes
    guard length >= 0, length <= limit else { throw InputError("input longer than \(limit) bytes") }
    guard let pointer else { return [] }
    return Array(UnsafeBufferPointer(start: pointer, count: length))
}

/// What `galley_render` and `galley_layout` are asked: the settings, and the document's text and kind.
private struct DocumentRequest {
    let settings: LibrarySettings
    let text: String
    let kind: InputKind

    /// The request the C arguments make: `kind` names the document's kind, or nil to guess it from the content
    /// (JSON when its first non-space character is `{`, else a note).
    init(
        _ settings: UnsafePointer<CChar>?, _ kind: UnsafePointer<CChar>?, _ source: UnsafePointer<UInt8>?,
        _ length: Int
    ) throws {
        self.settings = try LibrarySettings(json: settings.map { String(cString: $0) }, work: .document)
        text = try InputReader.text(of: try bytes(source, length), name: "the document")
        switch kind.map({ String(cString: $0) }) {
        case nil: self.kind = text.first { !$0.isWhitespace } == "{" ? .json : .note
        case "markdown", "note": self.kind = .note
        case "text": self.kind = .plainText
        case "json": self.kind = .json
        case let other?: throw InputError("kind \"\(other.oneLine)\" is not one of markdown, text, json")
        }
    }
}

/// The version string, made once and never freed.
private enum GalleyVersionText {
    /// Unchecked: the bytes are written once, before the pointer is first read, and never again.
    nonisolated(unsafe) static let pointer: UnsafePointer<CChar> = UnsafePointer(strdup(GalleyVersion.number)!)
}

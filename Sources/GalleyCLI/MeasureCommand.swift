import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley measure`: row heights for JSON lines, streamed, on every core.
enum MeasureCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "measure",
            abstract: "Measure text heights: JSON lines in, JSON lines out, in order.",
            discussion: """
                Each input line is a JSON object: "id" (any JSON value, echoed exactly as written), "text", and as \
                wanted \(MeasureRow.keys.dropFirst(2).map { "\"\($0)\"" }.joined(separator: ", ")): a line's own \
                "width" (points) and settings override the flags' (its "width" is ignored when --widths is given; \
                see the JSON article for each key's values). Each output line is {"id": …, "height": pt, "width": \
                used pt, "lines": n, "line_starts": [code point offsets]} (numbers rounded to a millionth), or \
                {"id": …, "error": "…"} for a bad line; blank lines are skipped. Output starts before the input \
                ends, memory stays constant, and batches use every core. The exit status is 1 if any line failed.

                Examples:
                  echo '{"id": 1, "text": "Hello, 世界"}' | galley measure --width 320
                  galley measure rows.jsonl --style headline --category accessibilityLarge > heights.jsonl
                """,
            arguments: [
                .init(
                    name: "input", count: .optional(defaultValue: "-"),
                    help: "A JSON-lines file, or '-' for standard input.")
            ],
            settings: .measure),
        run: { try run(input: $0.argument("input"), options: try $0.requestOptions(work: .measure)) })

    /// Measures the rows in `input` (a path, or `-` for standard input) with `options`: the command's work, however
    /// its arguments were read.
    static func run(input: String, options: RequestOptions) throws {
        // Rows read font files from the input's folder (the working directory for standard input) and --allow-dir.
        let rowAccess = FileAccess(
            baseDirectory: input == "-" ? nil : (input as NSString).deletingLastPathComponent,
            allowing: options.texts(.allowDir))
        let measuring = try RowMeasuring(options: options, rowAccess: rowAccess)
        FontOptions.reportSkippedFaces(of: measuring.library)
        let reader = try LineReader(path: input, lineLimit: RowMeasuring.lineLimit)
        let workers = Processors.usable
        let output = OrderedOutput(overlapped: workers > 1)
        // Each batch written while the next is measured.
        try measuring.measureAll(
            reader, measurers: (0..<workers).map { _ in measuring.workerMeasurer() }, write: output.write)
        if try output.finish() { throw QuietFailure() }
    }
}

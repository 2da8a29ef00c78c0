import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// What the service's routes compute: a request's query parameters decoded into ``RequestOptions`` (the table the
/// command line's options are read from, never through a command line), and the work the commands themselves do
/// (GalleyRequests), so `POST /v1/measure` answers byte for byte as `galley measure`, `/v1/render` as
/// `galley render -o -` and `/v1/layout` as `galley layout --json`.
///
/// Options come as the request's query parameters, each named as the command's long flag without its dashes
/// (`?width=320&font=Inter&bold-text`). Errors for bad options or input are ``ServiceFailure``s carrying the
/// command's one-line message.
struct RouteWork: Sendable {
    /// One measurer per worker thread and font library, made by that worker when first needed.
    private let measurers: WorkerLibraryMeasurers

    init(workers: Int) { measurers = WorkerLibraryMeasurers(workers: workers) }

    /// The work of one `measure` request: `body` (JSON lines) measured under `options`, a batch at a time.
    ///
    /// - Throws: for options the command refuses.
    func measureJob(options: [QueryItem], body: [UInt8], access: FileAccess) throws -> MeasureRequest {
        let options = try decode(options, work: .measure, access: access)
        let measuring = try report { try RowMeasuring(options: options, rowAccess: access) }
        return MeasureRequest(
            reader: LineReader(bytes: body, lineLimit: RowMeasuring.lineLimit), measuring: measuring,
            measurers: measurers)
    }

    /// The image `galley render` draws for `input` under `options`; called on a worker thread.
    func render(options: [QueryItem], input: ServiceInput) throws -> [UInt8] {
        let request = try decode(options, work: .document, access: input.access)
        let text = try report { try InputReader.text(of: input.body, name: "the request body") }
        // One thread per request: the service's workers already keep every processor busy.
        return try report {
            try DocumentWork.image(of: text, kind: input.kind, options: request, access: input.access, threads: 1).bytes
        }
    }

    /// The JSON `galley layout --json` prints for `input` under `options`; called on a worker thread.
    func layout(options: [QueryItem], input: ServiceInput) throws -> [UInt8] {
        let request = try decode(options, work: .document, access: input.access)
        let text = try report { try InputReader.text(of: input.body, name: "the request body") }
        return try report {
            try DocumentWork.layoutJSON(of: text, kind: input.kind, options: request, access: input.access)
        }
    }

    /// The query's items as request options for `work`, files they name allowed by `access`.
    private func decode(_ items: [QueryItem], work: RequestSetting.Work, access: FileAccess) throws -> RequestOptions {
        try report {
            try RequestOptions(
                items: items.map { ($0.name, $0.value) }, from: .query, work: work, access: access)
        }
    }

    /// `body`'s result; what it throws becomes a bad request with the command line's message.
    private func report<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let failure as ServiceFailure { throw failure } catch {
            throw ServiceFailure.badRequest(ErrorMessage.line(for: error))
        }
    }
}

/// One `measure` request's lines, read from its body and measured a batch at a time on whichever worker is free
/// (unchecked Sendable because the pool never runs two of its batches at once).
final class MeasureRequest: @unchecked Sendable {
    private let reader: LineReader
    private let measuring: RowMeasuring
    private let measurers: WorkerLibraryMeasurers
    /// How many input lines have been measured so far.
    private(set) var linesMeasured = 0
    /// Whether the input is known to hold no more lines (then ``nextBatch(worker:)`` would return nil).
    var isFinished: Bool { reader.isExhausted }

    init(reader: LineReader, measuring: RowMeasuring, measurers: WorkerLibraryMeasurers) {
        self.reader = reader
        self.measuring = measuring
        self.measurers = measurers
    }

    /// The output lines of the next batch of input lines, measured on worker thread `worker`, each ending in a
    /// newline; nil once the input is exhausted.
    func nextBatch(worker: Int) -> String? {
        // Lines in memory: reading them cannot fail.
        let batch = (try? reader.nextLines(RowMeasuring.batchSize)) ?? []
        guard !batch.isEmpty else { return nil }
        let measurer = measurers.measurer(worker: worker, library: measuring.library)
        var text = ""
        for line in batch {
            // Past the deadline the rest of the batch is left: the request has been answered.
            if Cancellation.current?.isCancelled == true { break }
            text += measuring.measure(line, with: measurer).line + "\n"
            linesMeasured += 1
        }
        return text
    }
}

/// Each worker's measurers, one per font library it has measured with (the standard one, the bundled-only one):
/// worker `i` only ever touches slot `i`, hence unchecked Sendable.
final class WorkerLibraryMeasurers: @unchecked Sendable {
    private final class Slot {
        var measurers: [ObjectIdentifier: TextMeasurer] = [:]
    }

    /// One slot per worker, made up front: the array itself never changes.
    private let slots: [Slot]

    init(workers: Int) { slots = (0..<workers).map { _ in Slot() } }

    func measurer(worker: Int, library: FontLibrary) -> TextMeasurer {
        let slot = slots[worker]
        if let known = slot.measurers[ObjectIdentifier(library)] { return known }
        let made = RowMeasuring.workerMeasurer(library: library)
        slot.measurers[ObjectIdentifier(library)] = made
        return made
    }
}

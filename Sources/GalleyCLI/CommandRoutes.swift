import Foundation
import Galley
import GalleyDocuments
import GalleyService

/// What `galley serve` computes: a request's query parameters decoded into ``RequestOptions`` (the table the
/// command line's options are read from, never through a command line), and the work the commands themselves do,
/// so each route answers byte for byte as `galley measure`, `galley render -o -` and `galley layout --json` do.
struct CommandRoutes: ServiceCommands {
    /// One measurer per worker thread and font library, made by that worker when first needed.
    private let measurers: WorkerLibraryMeasurers

    init(workers: Int) { measurers = WorkerLibraryMeasurers(workers: workers) }

    func measureJob(options: [QueryItem], body: [UInt8], access: FileAccess) throws -> any MeasureJob {
        let options = try decode(options, work: .measure, access: access)
        let (defaults, library) = try report { try MeasureCommand.lineDefaults(options, rowAccess: access) }
        return MeasureRequest(
            reader: LineReader(bytes: body, lineLimit: MeasureCommand.lineLimit), defaults: defaults, library: library,
            measurers: measurers)
    }

    func render(options: [QueryItem], input: ServiceInput) throws -> [UInt8] {
        let request = try decode(options, work: .document, access: input.access)
        let format = request.choice(.format, as: ImageFormat.self) ?? .png
        try report { try request.checkOptions(apply: format) }
        let (document, library) = try read(input, with: request)
        // One thread per request: the service's workers already keep every processor busy.
        return try report {
            [UInt8](
                try DocumentRenderer(document: document, library: library).renderImage(
                    format, quality: request.number(.quality), pngWriter: request.pngWriter(threads: 1)
                ).data)
        }
    }

    func layout(options: [QueryItem], input: ServiceInput) throws -> [UInt8] {
        let (document, library) = try read(input, with: try decode(options, work: .document, access: input.access))
        var json = ""
        try report { try LayoutCommand.write(document, library: library, json: true) { json += $0 } }
        return Array(json.utf8)
    }

    /// The query's items as request options for `work`, files they name allowed by `access`.
    private func decode(_ items: [QueryItem], work: RequestSetting.Work, access: FileAccess) throws -> RequestOptions {
        try report {
            try RequestOptions(
                items: items.map { ($0.name, $0.value) }, from: .query, work: work, access: access)
        }
    }

    private func read(_ input: ServiceInput, with options: RequestOptions) throws -> (Document, FontLibrary) {
        try report {
            try options.readDocument(
                text: try InputReader.text(of: input.body, name: "the request body"), kind: input.kind,
                documentAccess: input.access)
        }
    }

    /// `body`'s result; what it throws becomes a bad request with the command line's message.
    private func report<Result>(_ body: () throws -> Result) throws -> Result {
        do { return try body() } catch let failure as ServiceFailure { throw failure } catch {
            throw ServiceFailure.badRequest(GalleyTool.errorMessage(for: error))
        }
    }
}

/// One `measure` request's lines, read from its body and measured a batch at a time (one batch at a time, on
/// whichever worker the pool gives: unchecked Sendable because the pool never runs two of its batches at once).
private final class MeasureRequest: MeasureJob, @unchecked Sendable {
    private let reader: LineReader
    private let defaults: MeasureCommand.LineDefaults
    private let library: FontLibrary
    private let measurers: WorkerLibraryMeasurers
    private(set) var linesMeasured = 0
    var isFinished: Bool { reader.isExhausted }

    init(
        reader: LineReader, defaults: MeasureCommand.LineDefaults, library: FontLibrary,
        measurers: WorkerLibraryMeasurers
    ) {
        self.reader = reader
        self.defaults = defaults
        self.library = library
        self.measurers = measurers
    }

    func nextBatch(worker: Int) -> String? {
        // Lines in memory: reading them cannot fail.
        let batch = (try? reader.nextLines(MeasureCommand.batchSize)) ?? []
        guard !batch.isEmpty else { return nil }
        let measurer = measurers.measurer(worker: worker, library: library)
        var text = ""
        for line in batch {
            // Past the deadline the rest of the batch is left: the request has been answered.
            if Cancellation.current?.isCancelled == true { break }
            text += MeasureCommand.measure(line, defaults: defaults, measurer: measurer, library: library).line + "\n"
            linesMeasured += 1
        }
        return text
    }
}

/// Each worker's measurers, one per font library it has measured with (the standard one, the bundled-only one):
/// worker `i` only ever touches slot `i`, hence unchecked Sendable.
private final class WorkerLibraryMeasurers: @unchecked Sendable {
    private final class Slot {
        var measurers: [ObjectIdentifier: TextMeasurer] = [:]
    }

    /// One slot per worker, made up front: the array itself never changes.
    private let slots: [Slot]

    init(workers: Int) { slots = (0..<workers).map { _ in Slot() } }

    func measurer(worker: Int, library: FontLibrary) -> TextMeasurer {
        let slot = slots[worker]
        if let known = slot.measurers[ObjectIdentifier(library)] { return known }
        let made = MeasureCommand.workerMeasurer(library: library)
        slot.measurers[ObjectIdentifier(library)] = made
        return made
    }
}

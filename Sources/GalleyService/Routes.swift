import Foundation
import GalleyDocuments
import GalleyRequests
import Hummingbird
import Logging
import NIOHTTP1
import Synchronization

/// The service's routes: the three that compute (`POST /v1/measure`, `/v1/render`, `/v1/layout`), each admitted to
/// the work pool, bounded by the body limit and the deadline, and answered as its command would; and the three
/// that report (`GET /healthz`, `/readyz`, `/metrics`).
struct Routes: Sendable {
    let configuration: ServiceConfiguration
    let work: RouteWork
    let pool: WorkPool
    let metrics: ServiceMetrics
    /// Set once a graceful shutdown has begun.
    let draining: Draining
    /// What documents may read: the allowed folders alone.
    let access: FileAccess
    /// The bytes of bodies held at once.
    let bodies: BodyBudget

    func add(to router: Router<ServiceRequestContext>) {
        router.post("/v1/measure") { request, context in await measure(request, context) }
        router.post("/v1/render") { request, context in
            // The image in the format the query asks for (a bad one is refused when the options are decoded), else
            // the first the Accept header names, else PNG.
            await document(
                "/v1/render", request, context,
                impliedOptions: { queried in
                    // A format the query names is the format: the Accept header is asked only without one.
                    queried.contains { $0.name == SettingName.format.optionName }
                        ? [] : try Self.acceptedFormat(request.headers[.accept])
                }, contentType: Self.imageType
            ) { options, input in
                try work.render(options: options, input: input)
            }
        }
        router.post("/v1/layout") { request, context in
            await document("/v1/layout", request, context, contentType: { _ in "application/json" }) { options, input in
                try work.layout(options: options, input: input)
            }
        }
        // The routes that compute take POST only: any other method is told so (it was an empty 404).
        for route in ["/v1/measure", "/v1/render", "/v1/layout"] {
            router.on(RouterPath(route), method: .get) { _, _ in Self.methodNotAllowed(route) }
            router.on(RouterPath(route), method: .put) { _, _ in Self.methodNotAllowed(route) }
        }
        router.get("/healthz") { _, _ in Self.json(.ok, #"{"status":"alive"}"#) }
        router.get("/readyz") { _, _ in
            draining.isSet
                ? Self.json(.serviceUnavailable, #"{"status":"draining"}"#) : Self.json(.ok, #"{"status":"ready"}"#)
        }
        router.get("/metrics") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(bytes: metrics.exposition(load: pool.load, bodyBytes: bodies.heldBytes))))
        }
    }

    /// `POST /v1/measure`: the body's JSON lines measured a batch at a time, the output streamed as each batch is
    /// done. The first batch is measured before the response starts, so that bad options, a full queue or a
    /// passed deadline are a status; a deadline passing later ends the output with an error line naming the first
    /// line left unmeasured.
    private func measure(_ request: Request, _ context: ServiceRequestContext) async -> Response {
        let record = RequestRecord(route: "/v1/measure", logger: context.logger, metrics: metrics)
        do {
            let (place, body, options, reservation) = try await admitted(request, record)
            let deadline = record.deadline(configuration.deadline)
            let (job, first) = try await pool.run(for: place, until: deadline) { worker in
                let job = try work.measureJob(options: options, body: body, access: access)
                return (job, job.nextBatch(worker: worker))
            }
            guard let first, !job.isFinished else {
                // All of it in one batch (most requests): one write with its length, nothing left to stream.
                record.finish(status: 200, rows: job.linesMeasured)
                return Response(
                    status: .ok, headers: [.contentType: "application/x-ndjson"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: first ?? "")))
            }
            return Response(
                status: .ok, headers: [.contentType: "application/x-ndjson"],
                body: ResponseBody { writer in
                    _ = reservation  // the body is held until the last batch is measured
                    // A client that stops reading holds its place only until a second past the deadline (time for
                    // the line saying the deadline passed): then its connection is closed, ending a waiting write.
                    let channel = context.channel
                    let closing = pool.deadlines.add(deadline + .seconds(1)) { channel.close(promise: nil) }
                    defer { pool.deadlines.remove(closing) }
                    var status = 200
                    var cut: String?
                    defer { record.finish(status: status, rows: job.linesMeasured, error: cut) }
                    var next: String? = first
                    while let text = next {
                        do {
                            try await writer.write(ByteBuffer(string: text))
                        } catch {
                            status = Int(HTTPResponse.Status.clientClosed.code)
                            throw error
                        }
                        do {
                            next = try await pool.run(for: place, until: deadline) { job.nextBatch(worker: $0) }
                        } catch {
                            let message =
                                failure(error).message + "; lines from \(job.linesMeasured + 1) on were not measured"
                            cut = message
                            try await writer.write(
                                ByteBuffer(
                                    string: #"{"id":null,"error":"# + JSONValue.string(message).serialized + "}\n"))
                            next = nil
                        }
                    }
                    try await writer.finish(nil)
                })
        } catch {
            return record.answer(failure(error))
        }
    }

    /// `POST /v1/render` and `/v1/layout`: the body read as its Content-Type says (JSON document, note, plain text),
    /// turned into `contentType` bytes by `produce` on a worker.
    /// The media type of the image a query asks for (`format=`), PNG's by default.
    ///
    /// ``acceptedFormat(_:)`` puts the Accept header's choice among the options when the query makes none.
    @Sendable private static func imageType(_ options: [QueryItem]) -> String {
        let asked = options.last { $0.name == SettingName.format.optionName }?.value
        return (asked.flatMap { ImageFormat(rawValue: $0.lowercased()) } ?? .png).mediaType
    }

    /// A `format` option for the image format `accept` (an Accept header) prefers: the one of highest quality
    /// value (`q`, 1 when not given), each format's value taken from the most specific range covering it (its media
    /// type, such as `application/pdf`, else `image/*`, else `*/*`); a tie goes to the format named first, then to
    /// PNG. None without a header, or when the choice is PNG by a wildcard (the default then).
    ///
    /// - Throws: ``ServiceFailure`` 406 when the header accepts no image format Galley writes.
    static func acceptedFormat(_ accept: String?) throws -> [QueryItem] {
        guard let accept, !accept.allSatisfy(\.isWhitespace) else { return [] }
        var named: [ImageFormat: Double] = [:], order: [ImageFormat] = []
        var imageWildcard: Double?, anyWildcard: Double?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first, !type.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)).map { min(max($0, 0), 1) } ?? 1
            }
            if type == "*/*" {
                anyWildcard = max(anyWildcard ?? 0, quality)
            } else if type == "image/*" {
                imageWildcard = max(imageWildcard ?? 0, quality)
            } else if let format = ImageFormat.allCases.first(where: { $0.mediaType == type }) {
                if named[format] == nil { order.append(format) }
                named[format] = max(named[format] ?? 0, quality)
            }
        }
        // Each format's quality by the most specific range covering it; the best wins, a tie going to the format
        // named first, then to PNG (the default).
        let quality = { (format: ImageFormat) -> Double in
            named[format] ?? (format.mediaType.hasPrefix("image/") ? imageWildcard ?? anyWildcard : anyWildcard) ?? 0
        }
        let candidates = order + [.png] + ImageFormat.allCases.filter { $0 != .png && !order.contains($0) }
        var best: ImageFormat?
        for format in candidates where quality(format) > 0 && quality(format) > best.map(quality) ?? 0 {
            best = format
        }
        if let best {
            return best == .png && named[.png] == nil
                ? [] : [QueryItem(name: SettingName.format.optionName, value: best.rawValue)]
        }
        throw ServiceFailure(
            .notAcceptable,
            "Accept '\(accept.prefix(80))' takes none of the formats Galley writes: "
                + ImageFormat.allCases.map(\.mediaType).joined(separator: ", "))
    }

    /// `impliedOptions` (from the request's headers, given the query's) count unless the query sets the same option.
    private func document(
        _ route: String, _ request: Request, _ context: ServiceRequestContext,
        impliedOptions: @escaping @Sendable ([QueryItem]) throws -> [QueryItem] = { _ in [] },
        contentType: @escaping @Sendable ([QueryItem]) -> String,
        produce: @escaping @Sendable ([QueryItem], ServiceInput) throws -> [UInt8]
    ) async -> Response {
        let record = RequestRecord(route: route, logger: context.logger, metrics: metrics)
        do {
            let kind = try Self.inputKind(request.headers[.contentType])
            let (place, body, queried, reservation) = try await admitted(request, record)
            let options =
                try impliedOptions(queried).filter { implied in !queried.contains { $0.name == implied.name } }
                + queried
            let input = ServiceInput(body: body, kind: kind, access: access)
            let bytes = try await pool.run(for: place, until: record.deadline(configuration.deadline)) { _ in
                _ = reservation  // the body is held until the job ends
                return try produce(options, input)
            }
            record.finish(status: 200)
            return Response(
                status: .ok, headers: [.contentType: contentType(options)],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        } catch {
            return record.answer(failure(error))
        }
    }

    /// `request`'s query and body, then a place in the pool, or the failure that refuses it: 413 for a body over
    /// the limit (before reading it when its length is declared), 503 while draining, 503 when the bodies held
    /// would pass their budget, 503 when the body is not in before the deadline, 503 with every place taken (at
    /// once, with Retry-After), 400 for a bad query. The body is read before the place is taken: a slow upload
    /// holds its connection, not a worker's place.
    private func admitted(_ request: Request, _ record: RequestRecord) async throws -> (
        WorkPool.Place, [UInt8], [QueryItem], BodyReservation
    ) {
        let limit = configuration.maxBody
        if configuration.declaresBodyOverLimit(request.headers) { throw Self.tooLarge(limit) }
        guard !draining.isSet else {
            throw ServiceFailure(.serviceUnavailable, "the service is shutting down", retryAfter: 1)
        }
        let options: [QueryItem]
        do {
            options = try RequestQuery.items(request.uri.query).map { QueryItem(name: $0.name, value: $0.value) }
        } catch let error as InputError {
            throw ServiceFailure.badRequest(error.description)
        }
        let reservation = BodyReservation(bodies)
        let body = try await collect(
            request.body, limit: limit, reservation: reservation, until: record.deadline(configuration.deadline))
        guard let place = pool.admit() else {
            throw ServiceFailure(
                .serviceUnavailable,
                "busy: \(pool.workers) workers and a queue of \(pool.places - pool.workers) requests are all taken; "
                    + "retry shortly", retryAfter: 1)
        }
        return (place, body, options, reservation)
    }

    /// The body's bytes, refused past `limit` bytes or past `deadline`, before reading further.
    private func collect(
        _ body: RequestBody, limit: Int, reservation: BodyReservation, until deadline: ContinuousClock.Instant
    ) async throws -> [UInt8] {
        let budget = bodies.limit
        let reading = Task {
            var bytes: [UInt8] = []
            for try await buffer in body {
                guard bytes.count + buffer.readableBytes <= limit else { throw Self.tooLarge(limit) }
                guard reservation.take(buffer.readableBytes) else {
                    throw ServiceFailure(
                        .serviceUnavailable,
                        "busy: the request bodies being read and waiting hold the service's \(budget) bytes; retry shortly",
                        retryAfter: 1)
                }
                bytes += buffer.readableBytesView
            }
            return bytes
        }
        let token = pool.deadlines.add(deadline) { reading.cancel() }
        defer { pool.deadlines.remove(token) }
        do {
            return try await withTaskCancellationHandler {
                try await reading.value
            } onCancel: {
                reading.cancel()
            }
        } catch is CancellationError {
            throw WorkPool.Outcome.deadlinePassed
        } catch let failure as ServiceFailure {
            throw failure
        } catch let error as HTTPParserError {
            throw ServiceFailure.badRequest("the request body is malformed HTTP: \(error)")
        } catch {
            // The connection closed or broke mid-upload: no one reads the answer, but the log says what happened.
            throw ServiceFailure(.clientClosed, "the client closed the connection before its body was sent")
        }
    }

    private static func tooLarge(_ limit: Int) -> ServiceFailure {
        ServiceFailure(
            .contentTooLarge, "the request body is larger than the \(limit)-byte limit (galley serve --max-body)")
    }

    /// What a Content-Type names: a JSON document, a note or plain text.
    static func inputKind(_ contentType: String?) throws -> InputKind {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        switch type {
        case "application/json": return .json
        case "text/markdown": return .note
        case "text/plain": return .plainText
        default:
            throw ServiceFailure(
                .unsupportedMediaType,
                "Content-Type \(type.map { "'\($0.prefix(60))'" } ?? "missing"): send application/json (a document), "
                    + "text/markdown (a note) or text/plain")
        }
    }

    /// `error` as the failure answered: a deadline is 503; what the commands threw is a bad request.
    private func failure(_ error: any Error) -> ServiceFailure {
        switch error {
        case let failure as ServiceFailure: return failure
        case WorkPool.Outcome.deadlinePassed:
            return ServiceFailure(
                .serviceUnavailable,
                "the request's deadline of \(JSONValue.format(configuration.deadline.seconds)) s passed (galley serve --deadline)",
                retryAfter: 1)
        default: return .badRequest(String(describing: error))
        }
    }

    /// 405 for `route` asked with another method than POST, with `Allow: POST`.
    static func methodNotAllowed(_ route: String) -> Response {
        var response = json(.methodNotAllowed, #"{"error":"\#(route) takes POST"}"#)
        response.headers[.allow] = "POST"
        return response
    }

    static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}

/// Whether a graceful shutdown has begun (readiness then fails, and new work is refused).
package final class Draining: Sendable {
    private let flag = Atomic(false)
    /// Not yet set.
    package init() {}
    /// Whether it has been set.
    package var isSet: Bool { flag.load(ordering: .relaxed) }
    /// Sets it, for good.
    package func set() { flag.store(true, ordering: .relaxed) }
}

/// One request's log line and metrics, written when it ends.
final class RequestRecord: Sendable {
    let route: String
    let started = ContinuousClock.now
    let logger: Logger
    let metrics: ServiceMetrics

    init(route: String, logger: Logger, metrics: ServiceMetrics) {
        self.route = route
        self.logger = logger
        self.metrics = metrics
    }

    /// When the request must be done by.
    func deadline(_ allowed: Duration) -> ContinuousClock.Instant { started + allowed }

    /// Logs the request's one line (route, status, duration, rows) and counts it.
    func finish(status: Int, rows: Int = 0, error: String? = nil) {
        let duration = ContinuousClock.now - started
        var metadata: Logger.Metadata = [
            "route": .string(route), "status": .stringConvertible(status),
            "ms": .string(String(format: "%.3f", duration.seconds * 1000)), "rows": .stringConvertible(rows),
        ]
        if let error { metadata["error"] = .string(error) }
        logger.info("request", metadata: metadata)
        metrics.record(route: route, status: status, duration: duration, rows: rows)
    }

    /// The response for `failure`, `{"error": "…"}`, once it is logged.
    func answer(_ failure: ServiceFailure) -> Response {
        finish(status: Int(failure.status.code), error: failure.message)
        var response = Routes.json(failure.status, #"{"error":"# + JSONValue.string(failure.message).serialized + "}")
        if let seconds = failure.retryAfter { response.headers[.retryAfter] = String(seconds) }
        return response
    }
}

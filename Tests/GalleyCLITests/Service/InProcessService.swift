import Foundation
import GalleyService
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded

@testable import GalleyTestSupport

/// The service's application in the test's own process, its responder called with each request: the routes, the
/// pool, the limits and the answers of `galley serve`, without a process, a port or a socket. What only a process
/// shows (signals, the socket's handlers, the log) is `ServiceProcess`'s. (Hummingbird's own test client would do
/// the same, but its module brings an HTTP client and BoringSSL into the tests' build, minutes of CI for nothing
/// these tests use.)
struct InProcessService {
    var configuration: ServiceConfiguration

    /// A service with the defaults `galley serve` has, reading files from `allowedDirectories` (relative to the
    /// repository's root) alone.
    init(allowedDirectories: [String] = [], workers: Int = 2) {
        configuration = ServiceConfiguration(workers: workers, maxBody: 8 << 20)
        // Swift Testing runs the suite's synchronous tests on the concurrency pool's threads (two on two cores), and
        // an in-process request resumes on those threads: while other suites hold them, a request waits minutes and
        // `galley serve`'s 10 s would answer 503. Deadlines are `ServiceTests`' (a process of its own).
        configuration.deadline = .seconds(3_600)
        configuration.allowedDirectories = allowedDirectories.map {
            $0.hasPrefix("/") ? $0 : TestFonts.repositoryRoot.appendingPathComponent($0).path
        }
    }

    /// The metrics every in-process service of this test process reports into (swift-metrics is bootstrapped
    /// once per process).
    static let metrics: ServiceMetrics = {
        let metrics = ServiceMetrics()
        metrics.bootstrap()
        return metrics
    }()

    /// Runs `body` with a client of a new application under ``configuration``.
    func run<Value: Sendable>(_ body: @Sendable (Client) async throws -> Value) async throws -> Value {
        let deadlines = Deadlines()
        let watcher = Task { await deadlines.watch() }
        defer { watcher.cancel() }
        let logger = Logger(label: "galley-test")
        let application = GalleyServer(configuration: configuration).makeApplication(
            metrics: Self.metrics, draining: Draining(), deadlines: deadlines, logger: logger)
        return try await body(Client(responder: application.responder, logger: logger))
    }

    /// Requests to the application, answered as `HTTPResponse`s.
    struct Client: Sendable {
        let responder: RouterResponder<ServiceRequestContext>
        let logger: Logger

        /// One request with `body` and `headers`, its whole response.
        func request(
            _ method: String, _ target: String, body: [UInt8] = [], headers: [String: String] = [:]
        ) async throws -> HTTPResponse {
            var fields = HTTPFields()
            for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
            if method != "GET" { fields[.contentLength] = String(body.count) }
            let request = Request(
                head: HTTPRequest(
                    method: HTTPRequest.Method(method)!, scheme: "http", authority: "localhost", path: target,
                    headerFields: fields),
                body: RequestBody(buffer: ByteBuffer(bytes: body)))
            let context = ServiceRequestContext(
                source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
            // A responder that throws answers 500, as Hummingbird's server does.
            let response =
                (try? await responder.respond(to: request, context: context)) ?? Response(status: .internalServerError)
            let written = CollectedBody()
            try await response.body.write(BodyCollector(collected: written))
            var answered: [String: String] = [:]
            for field in response.headers { answered[field.name.canonicalName] = field.value }
            return HTTPResponse(status: response.status.code, headers: answered, body: written.bytes)
        }

        /// One request with `text` as its body, of `contentType`.
        func request(_ method: String, _ target: String, text: String, contentType: String? = nil) async throws
            -> HTTPResponse
        {
            try await request(
                method, target, body: Array(text.utf8), headers: contentType.map { ["Content-Type": $0] } ?? [:])
        }
    }

    /// A response body's bytes, as the application wrote them.
    private final class CollectedBody {
        var bytes: [UInt8] = []
    }

    /// The writer a response body is written to (which it consumes), collecting into `collected`.
    private struct BodyCollector: ResponseBodyWriter {
        let collected: CollectedBody

        mutating func write(_ buffer: ByteBuffer) async throws { collected.bytes += buffer.readableBytesView }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}

import Foundation
import GalleyService
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

@testable import GalleyTestSupport

/// The service's application in the test's own process, called through Hummingbird's router test client: the
/// routes, the pool, the limits and the answers of `galley serve`, without a process, a port or a socket. What
/// only a process shows (signals, the socket's handlers, the log) is `ServiceProcess`'s.
struct InProcessService {
    var configuration: ServiceConfiguration

    /// A service with the defaults `galley serve` has, reading files from `allowedDirectories` (relative to the
    /// repository's root) alone.
    init(allowedDirectories: [String] = [], workers: Int = 2) {
        configuration = ServiceConfiguration(workers: workers, maxBody: 8 << 20)
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
        let application = GalleyServer(configuration: configuration).makeApplication(
            metrics: Self.metrics, draining: Draining(), deadlines: deadlines, logger: Logger(label: "galley-test"))
        return try await application.test(TestingSetup.router) { client in try await body(Client(client: client)) }
    }

    /// Requests to the application, answered as `HTTPResponse`s.
    struct Client: Sendable {
        let client: any TestClientProtocol

        /// One request with `body` and `headers`, its whole response.
        func request(
            _ method: String, _ target: String, body: [UInt8] = [], headers: [String: String] = [:]
        ) async throws -> HTTPResponse {
            var fields = HTTPFields()
            for (name, value) in headers { fields[HTTPField.Name(name)!] = value }
            let response = try await client.executeRequest(
                uri: target, method: HTTPRequest.Method(method)!, headers: fields,
                body: method == "GET" ? nil : ByteBuffer(bytes: body))
            var answered: [String: String] = [:]
            for field in response.headers { answered[field.name.canonicalName] = field.value }
            return HTTPResponse(status: response.status.code, headers: answered, body: Array(buffer: response.body))
        }

        /// One request with `text` as its body, of `contentType`.
        func request(_ method: String, _ target: String, text: String, contentType: String? = nil) async throws
            -> HTTPResponse
        {
            try await request(
                method, target, body: Array(text.utf8), headers: contentType.map { ["Content-Type": $0] } ?? [:])
        }
    }
}

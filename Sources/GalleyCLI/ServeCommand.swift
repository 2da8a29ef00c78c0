import Dispatch
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests
import GalleyService

/// `galley serve`: the commands as an HTTP service (`GalleyServer`).
enum ServeCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "serve",
            abstract: "Serve measure, render and layout over HTTP, for programs in any language.",
            discussion: """
                Routes: POST /v1/measure (JSON lines in, as 'galley measure'; the output streamed as it is measured), \
                POST /v1/render (an application/json document, text/markdown note or text/plain body to image/png, as \
                'galley render -o -'), POST /v1/layout (as 'galley layout --json'); GET /healthz, /readyz (503 while \
                shutting down) and /metrics (Prometheus). Each command's flags are query parameters named without \
                their dashes (?width=320&font=Inter&bold-text). Errors are {"error": "…"} with the command line's \
                message: 400 for bad options or input, 413 for a body over --max-body, 415 for another Content-Type, \
                503 with Retry-After when every worker and queue place is taken or the deadline passes. Documents read \
                files (pictures, fonts) only inside an --allow-dir; pictures may always come inline as \
                data:image/png;base64,… URIs. SIGTERM or SIGINT stops accepting, finishes the requests in flight and \
                exits 0. One log line per request on standard error.

                Examples:
                  galley serve --port 8080 --allow-dir ./pictures
                  curl -s --data-binary @rows.jsonl 'localhost:8080/v1/measure?width=320'
                  curl -s -H 'Content-Type: text/markdown' --data-binary @note.md \\
                    'localhost:8080/v1/render?scale=2' -o note.png
                """,
            options: [
                .init(name: "host", help: "The address to listen on (0.0.0.0: every interface). (default: 127.0.0.1)"),
                .init(
                    name: "port",
                    help: "The TCP port (0: any free port; the one taken is written to standard error). (default: 8080)"
                ),
                .init(
                    name: "allow-dir", repeatable: true,
                    help: "A folder whose files (and subfolders') documents may read; repeatable. None: documents read "
                        + "no file."),
                .init(name: "workers", help: "Threads that measure and draw (default: one per usable processor)."),
                .init(
                    name: "queue",
                    help: "Requests that may wait for a worker before more are refused with 503 (default 128)."),
                .init(
                    name: "deadline",
                    help: "Seconds a request may take, its upload and its wait for a worker included. (default: 10.0)"),
                .init(
                    name: "max-body",
                    help: "The largest request body in bytes (default 16777216, the input file limit)."),
                .init(
                    name: "drain-delay",
                    help: "Seconds the service keeps answering after SIGTERM, /readyz saying 503 draining, before it "
                        + "stops accepting connections. (default: 1.0)"),
            ]),
        run: { try run($0) })

    /// Checks the options, then serves until SIGTERM or SIGINT.
    private static func run(_ parsed: ParsedCommandLine) throws {
        let port = try parsed.integer("port", in: 0...65_535) ?? 8080
        let workers = try parsed.integer("workers", in: 1...ServiceConfiguration.workerLimit)
        let queue = try parsed.integer("queue", in: 0...ServiceConfiguration.queueLimit)
        let deadline = try parsed.number("deadline", in: 0.001...3_600) ?? 10
        let maxBody = try parsed.integer("max-body", in: 1...(1 << 30))
        let drainDelay = try parsed.number("drain-delay", in: 0...60) ?? 1
        let host = parsed.value("host") ?? "127.0.0.1"
        let allowedDirectories = parsed.values["allow-dir"] ?? []
        for folder in allowedDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw UsageError("--allow-dir \(folder): no such folder") }
        }
        // Fonts load before the socket listens, so the service is ready when it says it listens.
        _ = try FontOptions.library(noSystemFonts: false)
        var configuration = ServiceConfiguration(
            workers: workers ?? Processors.usable, maxBody: maxBody ?? DocumentLimits().inputFileBytes)
        configuration.host = host
        configuration.port = port
        configuration.allowedDirectories = allowedDirectories
        if let queue { configuration.queue = queue }
        configuration.deadline = .seconds(deadline)
        configuration.drainDelay = .seconds(drainDelay)
        let server = GalleyServer(configuration: configuration)
        let finished = DispatchSemaphore(value: 0)
        let failure = Failure()
        Task {
            do {
                try await server.run { port in
                    StandardOutput.error("galley serve: listening on http://\(host):\(port)\n")
                }
            } catch {
                failure.error = error
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.error { throw error }
    }
}

/// The error the service stopped with, handed from its task to the waiting main thread (written before the
/// semaphore is signalled, read after it is waited on).
private final class Failure: @unchecked Sendable {
    var error: (any Error)?
}

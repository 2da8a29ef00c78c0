import ArgumentParser
import Dispatch
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests
import GalleyService

/// `galley serve`: the commands as an HTTP service (`GalleyServer`).
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
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
            """)

    @Option(help: "The address to listen on (0.0.0.0: every interface).")
    var host = "127.0.0.1"

    @Option(help: "The TCP port (0: any free port; the one taken is written to standard error).")
    var port = 8080

    @Option(
        name: .customLong("allow-dir"),
        help: "A folder whose files (and subfolders') documents may read; repeatable. None: documents read no file.")
    var allowedDirectories: [String] = []

    @Option(help: "Threads that measure and draw (default: one per usable processor).")
    var workers: Int?

    @Option(help: "Requests that may wait for a worker before more are refused with 503 (default 128).")
    var queue: Int?

    @Option(parsing: .unconditional, help: "Seconds a request may take, its upload and its wait for a worker included.")
    var deadline = 10.0

    @Option(help: "The largest request body in bytes (default 16777216, the input file limit).")
    var maxBody: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds the service keeps answering after SIGTERM, /readyz saying 503 draining, before it stops "
                + "accepting connections."))
    var drainDelay = 1.0

    func validate() throws {
        try NumberFlag.check("--port", Double(port), 0...65_535)
        try NumberFlag.check("--workers", workers.map(Double.init), 1...Double(ServiceConfiguration.workerLimit))
        try NumberFlag.check("--queue", queue.map(Double.init), 0...Double(ServiceConfiguration.queueLimit))
        try NumberFlag.check("--deadline", deadline, 0.001...3_600)
        try NumberFlag.check("--max-body", maxBody.map(Double.init), 1...Double(1 << 30))
        try NumberFlag.check("--drain-delay", drainDelay, 0...60)
        for folder in allowedDirectories {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw ValidationError("--allow-dir \(folder): no such folder") }
        }
    }

    func run() throws {
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
        let server = GalleyServer(
            configuration: configuration)
        let finished = DispatchSemaphore(value: 0)
        let failure = Failure()
        let host = self.host
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

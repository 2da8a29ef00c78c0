import Foundation
import Testing

@testable import GalleyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `galley serve` started for real on a free port and called over HTTP, for what only a process shows (the routes'
/// answers are `ServiceRouteTests`', in this process): the socket's handling (`Expect`, HTTP/1.0, chunks), the
/// body limit, the queue and the deadline, graceful shutdown on SIGTERM, the log, a port in use, and the README's
/// clients end to end.
@Suite(.serialized) struct ServiceTests {
    /// Rows like users' (Chinese, English, code, a row's own settings, a bad line), as a file and as a body.
    static let rows = """
        {"id": 1, "text": "今天把 Galley 的测量接口接到了 Web 后端：`POST /v1/measure`，每行一个 JSON。"}
        {"id": 12345678901234567890, "text": "Hello, world — a longer English row that wraps at narrow widths."}
        {"id": "c", "text": "let x = try await measure(rows) // 代码", "font": "JetBrains Mono", "size": 13}
        not json
        {"id": 4, "text": "第二行", "textWrap": "balance", "width": 120}

        """

    static func file(_ name: String, _ text: String) throws -> String {
        let path = GalleyCommand.temporary(name)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// `Expect: 100-continue` is answered as the head arrives (curl waited a second for it before sending bodies over
    /// 1 MiB), and not for a body declared over the limit, which gets its 413 at once.
    @Test func expectContinueIsAnswered() throws {
        let server = try ServiceProcess(["--max-body", "1000"])
        let body = Array((#"{"id":1,"text":"a"}"# + "\n").utf8)
        let connection = try server.connect()
        try connection.send(
            server.head("POST", "/v1/measure", bodyLength: body.count, headers: ["Expect": "100-continue"]))
        #expect(connection.nextBytes().hasPrefix("HTTP/1.1 100 Continue\r\n"))
        try connection.send(body)
        #expect(try connection.response().status == 200)
        let large = try server.connect()
        try large.send(server.head("POST", "/v1/measure", bodyLength: 5_000, headers: ["Expect": "100-continue"]))
        #expect(large.nextBytes().hasPrefix("HTTP/1.1 413"))
    }

    /// An HTTP/1.0 request without keep-alive is answered and its connection closed (it was held until the idle
    /// timeout); one that asks for keep-alive stays open.
    @Test func http10ConnectionsCloseWhenAnswered() throws {
        let server = try ServiceProcess()
        let plain = try server.connect()
        try plain.send(Array("GET /healthz HTTP/1.0\r\n\r\n".utf8))
        #expect(plain.nextBytes().hasPrefix("HTTP/1.1 200"))
        #expect(plain.closesWithin(seconds: 5))
        let kept = try server.connect()
        try kept.send(Array("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n".utf8))
        #expect(kept.nextBytes().hasPrefix("HTTP/1.1 200"))
        #expect(!kept.closesWithin(seconds: 1))
    }

    /// A malformed chunk is the client's error (400), not a client that went away (499).
    @Test func aMalformedChunkIsABadRequest() throws {
        let server = try ServiceProcess()
        let connection = try server.connect()
        try connection.send(
            Array(
                "POST /v1/measure HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\nabc\r\n0\r\n\r\n".utf8)
        )
        let response = try connection.response()
        #expect(response.status == 400)
        #expect(response.error?.hasPrefix("the request body is malformed HTTP") == true, "\(response.error ?? "")")
    }

    @Test func oversizedBodiesAreRefusedWith413() throws {
        let server = try ServiceProcess(["--max-body", "1000"])
        // Declared too large: refused from the head alone, the body never sent.
        let connection = try server.connect()
        try connection.send(server.head("POST", "/v1/measure", bodyLength: 5_000_000))
        let declared = try connection.response()
        #expect(declared.status == 413)
        #expect(declared.error?.contains("1000-byte limit") == true)
        // Sent in chunks with no length: refused once it passes the limit.
        let chunked = try server.connect()
        var text = "POST /v1/measure HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<4 { text += "200\r\n" + String(repeating: "a", count: 512) + "\r\n" }
        try chunked.send(Array((text + "0\r\n\r\n").utf8))
        #expect(try chunked.response().status == 413)
        #expect(try server.request("POST", "/v1/measure", text: #"{"id":1,"text":"a"}"# + "\n").status == 200)
    }

    /// Admission counts work, not uploads: a body still coming holds no worker's place; a job holding the one
    /// worker makes the next request a 503 at once; at the deadline the job stops within a band of lines and gives
    /// the worker back (it used to keep it until it ended: 250 kB of text laid out 10 pt wide for seconds).
    @Test func slowUploadsHoldNoPlaceAndWorkStopsAtItsDeadline() throws {
        let server = try ServiceProcess(["--workers", "1", "--queue", "0", "--deadline", "1.5"])
        let trickling = try server.connect()
        try trickling.send(server.head("POST", "/v1/measure", bodyLength: 100) + Array("{\"id\":1,".utf8))
        #expect(try server.awaitEvent { try server.gauge("galley_request_body_bytes") == 8 ? true : nil } == true)
        #expect(try server.request("POST", "/v1/measure", text: #"{"id":2,"text":"a"}"# + "\n").status == 200)
        // Work far longer than the deadline holds the one worker.
        let heavy = try server.connect()
        let words = Array(String(repeating: String(repeating: "word ", count: 100) + "\n", count: 3_000).utf8)
        try heavy.send(
            server.head(
                "POST", "/v1/layout?width=10", bodyLength: words.count, headers: ["Content-Type": "text/plain"])
                + words)
        // Once the heavy job holds the worker:
        #expect(try server.awaitEvent { try server.gauge("galley_workers_busy") == 1 ? true : nil } == true)
        let refused = try server.request("POST", "/v1/measure", text: #"{"id":3,"text":"a"}"# + "\n")
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        // Refused by admission (a queued request would have met the deadline's refusal instead).
        #expect(refused.error?.hasPrefix("busy") == true)
        let timedOut = try heavy.response()
        #expect(timedOut.status == 503, "\(timedOut.error ?? "")")
        #expect(timedOut.error?.contains("deadline of 1.5 s") == true)
        // The job stopped: the worker is free again.
        #expect(try server.awaitEvent { try server.gauge("galley_workers_busy") == 0 ? true : nil } == true)
        #expect(try server.request("POST", "/v1/measure", text: #"{"id":4,"text":"a"}"# + "\n").status == 200)
        // The upload that never finished: its deadline passed too.
        let abandoned = try trickling.response()
        #expect(abandoned.status == 503)
    }

    @Test func sigtermFinishesTheRequestsInFlight() throws {
        let server = try ServiceProcess()
        #expect(try server.request("GET", "/readyz").status == 200)
        let body = Array(Self.rows.utf8)
        let inFlight = try server.connect()
        try inFlight.send(server.head("POST", "/v1/measure", bodyLength: body.count) + body[..<10])
        #expect(try server.awaitEvent { try server.gauge("galley_request_body_bytes") == 10 ? true : nil } == true)
        kill(server.process.processIdentifier, SIGTERM)
        #expect(server.awaitEvent { server.log.contains("draining:") ? true : nil } == true)
        try inFlight.send(Array(body[10...]))
        let response = try inFlight.response()
        #expect(response.status == 200)
        #expect(response.text.split(separator: "\n").count == 5)
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
        #expect(server.log.contains("route=/v1/measure"), "one log line per request")
        #expect(server.log.contains("rows=5"))
    }

    /// After SIGTERM the service keeps answering for its drain delay: `/readyz` says 503 `draining` (it used to
    /// refuse the connection), new work is refused, and then it exits 0.
    @Test func readinessSaysDrainingAfterSigterm() throws {
        let server = try ServiceProcess(["--drain-delay", "2"])
        #expect(try server.request("GET", "/readyz").status == 200)
        kill(server.process.processIdentifier, SIGTERM)
        let ready = try #require(
            try server.awaitEvent { () -> HTTPResponse? in
                let ready = try server.request("GET", "/readyz")
                return ready.status == 503 ? ready : nil
            })
        #expect(ready.text.contains("draining"), "\(ready.text)")
        let work = try server.request("POST", "/v1/measure", text: #"{"id":1,"text":"a"}"# + "\n")
        #expect(work.status == 503 && work.error == "the service is shutting down")
        server.process.waitUntilExit()
        #expect(server.process.terminationStatus == 0)
    }

    @Test func aPortInUseIsOneClearError() throws {
        let server = try ServiceProcess()
        let second = try GalleyCommand.run(["serve", "--port", String(server.port)])
        #expect(second.status == 1)
        #expect(second.error == "galley: error: cannot listen on 127.0.0.1:\(server.port) (Address already in use)\n")
    }

    /// The README's ten-line clients are the files in Examples/Clients, and they work against the real service.
    @Test(arguments: [("measure.py", "python3"), ("measure.mjs", "node")])
    func theREADMEsClientsWork(file: String, interpreter: String) throws {
        let root = TestFonts.repositoryRoot
        let client = try String(contentsOf: root.appendingPathComponent("Examples/Clients/\(file)"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(client), "README.md shows Examples/Clients/\(file) as it is")
        #expect(client.split(separator: "\n").count <= 12)
        let found = try GalleyCommand.run(["-c", "command -v \(interpreter)"], executable: "/bin/sh")
        try #require(found.status == 0, "\(interpreter) is needed to run the client")
        let server = try ServiceProcess()
        let outcome = try GalleyCommand.run(
            [root.appendingPathComponent("Examples/Clients/\(file)").path],
            executable: found.output.trimmingCharacters(in: .whitespacesAndNewlines),
            environment: ["GALLEY_URL": "http://127.0.0.1:\(server.port)", "PATH": "/usr/bin:/bin"])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.split(separator: "\n").map { $0.split(separator: " ").count } == [3, 3])
    }
}

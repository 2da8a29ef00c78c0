import Foundation
import Testing

@testable import GalleyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `galley serve` started for real on a free port and called over HTTP: each route answers byte for byte as its
/// command does, bad input gets the command's message, and the service's bounds (body limit, queue, deadline,
/// allowed folders, graceful shutdown) hold.
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

    @Test func measureAnswersAsTheCommand() throws {
        let server = try ServiceProcess()
        let input = try Self.file("rows.jsonl", Self.rows)
        for (query, flags) in [
            ("width=280&category=accessibilityLarge", ["--width", "280", "--category", "accessibilityLarge"]),
            ("widths=320,375&font=Inter&bold-text", ["--widths", "320,375", "--font", "Inter", "--bold-text"]),
        ] {
            let response = try server.request("POST", "/v1/measure?\(query)", text: Self.rows)
            let command = try GalleyCommand.run(["measure", input] + flags)
            #expect(response.status == 200)
            #expect(response.headers["content-type"] == "application/x-ndjson")
            #expect(response.text == command.output, "\(query)")
            #expect(response.text.split(separator: "\n").count == 5)
        }
        #expect(server.log.contains("route=/v1/measure"), "one log line per request")
        #expect(server.log.contains("rows=5"))
    }

    @Test func renderAndLayoutAnswerAsTheCommands() throws {
        let server = try ServiceProcess(["--allow-dir", "Examples"])
        for (example, type) in [
            ("note-chinese.md", "text/markdown"), ("note-garden.md", "text/markdown"),
            ("document.json", "application/json"),
        ] {
            let body = try [UInt8](
                Data(contentsOf: TestFonts.repositoryRoot.appendingPathComponent("Examples/\(example)")))
            let png = try server.request(
                "POST", "/v1/render?width=300&scale=1", body: body, headers: ["Content-Type": type])
            let output = GalleyCommand.temporary("served-\(example).png")
            let command = try GalleyCommand.run(
                ["render", "Examples/\(example)", "-o", output, "--width", "300", "--scale", "1"])
            #expect(command.status == 0)
            #expect(png.status == 200, "\(example): \(png.text.prefix(200))")
            #expect(png.headers["content-type"] == "image/png")
            #expect(Data(png.body) == (try Data(contentsOf: URL(fileURLWithPath: output))), "\(example)")
            let layout = try server.request("POST", "/v1/layout?width=300", body: body, headers: ["Content-Type": type])
            let printed = try GalleyCommand.run(["layout", "Examples/\(example)", "--json", "--width", "300"])
            #expect(layout.status == 200)
            #expect(layout.text == printed.output, "\(example)")
        }
        // WebP as the command writes it, named as such.
        let webp = try server.request("POST", "/v1/render?format=webp", text: "Hello\n世界\n", contentType: "text/plain")
        let webpOutput = GalleyCommand.temporary("served-plain.webp")
        _ = try GalleyCommand.run(["render", "-", "-o", webpOutput], input: "Hello\n世界\n")
        #expect(webp.status == 200 && webp.headers["content-type"] == "image/webp")
        #expect(Data(webp.body) == (try Data(contentsOf: URL(fileURLWithPath: webpOutput))))
        // PDF and SVG as the command writes them, asked for by the query or by Accept (the query wins).
        for (target, accept, format, type) in [
            ("/v1/render?format=pdf", nil, "pdf", "application/pdf"),
            ("/v1/render", "image/svg+xml, image/*;q=0.8", "svg", "image/svg+xml"),
            ("/v1/render?format=pdf", "image/svg+xml", "pdf", "application/pdf"),
        ] {
            let served = try server.request(
                "POST", target, body: Array("Hello\n世界\n".utf8),
                headers: ["Content-Type": "text/plain"].merging(accept.map { ["Accept": $0] } ?? [:]) { $1 })
            // The command's document but for what cairo numbers per process (a PDF's date, an SVG's glyph ids).
            let written = GalleyCommand.temporary("served-plain.\(format)")
            _ = try GalleyCommand.run(["render", "-", "-o", written], input: "Hello\n世界\n")
            let expected = try Data(contentsOf: URL(fileURLWithPath: written))
            #expect(served.headers["content-type"] == type, "\(target) with Accept \(accept ?? "none")")
            #expect(Data(served.body.prefix(5)) == expected.prefix(5))
            #expect(abs(served.body.count - expected.count) < 64, "\(served.body.count) vs \(expected.count) bytes")
        }
        let plain = try server.request("POST", "/v1/render?letterpress", text: "Hello\n世界\n", contentType: "text/plain")
        let output = GalleyCommand.temporary("served-plain.png")
        _ = try GalleyCommand.run(["render", "-", "-o", output, "--letterpress"], input: "Hello\n世界\n")
        #expect(plain.status == 200)
        #expect(Data(plain.body) == (try Data(contentsOf: URL(fileURLWithPath: output))))
    }

    @Test func badInputGetsTheCommandsMessage() throws {
        let server = try ServiceProcess()
        // The same check and words on both surfaces, each naming the option as its surface spells it.
        for (query, flags, answer, message) in [
            (
                "category=huge", ["--category", "huge"], #"category "huge" is not one of extraSmall"#,
                #"--category "huge" is not one of extraSmall"#
            ),
            ("width=-3", ["--width=-3"], "width -3 must be positive (1...1000000)", "--width -3 must be positive"),
            (
                "frobnicate=1", ["--frobnicate", "1"], "unknown query parameter 'frobnicate'",
                "unknown option '--frobnicate'"
            ),
            (
                "widht=300", ["--widht", "300"], "unknown query parameter 'widht'; did you mean 'width'?",
                "unknown option '--widht'; did you mean '--width'?"
            ),
        ] {
            let response = try server.request("POST", "/v1/measure?\(query)", text: Self.rows)
            let command = try GalleyCommand.run(["measure", "-"] + flags, input: Self.rows)
            #expect(response.status == 400)
            #expect(response.headers["content-type"] == "application/json")
            #expect(response.error?.hasPrefix(answer) == true, "\(query): \(response.error ?? "")")
            #expect(command.status == 2 && command.error.hasPrefix("galley: error: \(message)"), "\(command.error)")
        }
        let document = #"{"content": ["a"], "container": {"width": "wide"}}"#
        let path = try Self.file("bad.json", document)
        let response = try server.request("POST", "/v1/render", text: document, contentType: "application/json")
        let command = try GalleyCommand.run(["render", path, "-o", GalleyCommand.temporary("bad.png")])
        #expect(response.status == 400)
        #expect(command.error.contains(try #require(response.error)), "\(command.error)")
        let unsupported = try server.request("POST", "/v1/render", text: "a", contentType: "image/gif")
        #expect(unsupported.status == 415)
        #expect(unsupported.error?.contains("text/markdown") == true)
        let notUTF8 = try server.request(
            "POST", "/v1/render", body: [0x61, 0xFF], headers: ["Content-Type": "text/plain"])
        #expect(notUTF8.status == 400)
        #expect(notUTF8.error == "the request body: not valid UTF-8 (first bad byte at offset 1)")
        let serverFlag = try server.request("POST", "/v1/render?allow-dir=/", text: "a", contentType: "text/plain")
        #expect(serverFlag.status == 400)
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

    @Test func documentsReadOnlyInsideAllowedFolders() throws {
        let allowed = try Self.file("allowed", "")
        try FileManager.default.removeItem(atPath: allowed)
        try FileManager.default.createDirectory(atPath: allowed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestFonts.repositoryRoot.appendingPathComponent("Examples/leaf.png").path,
            toPath: allowed + "/leaf.png")
        let server = try ServiceProcess(["--allow-dir", allowed])
        func render(_ picture: String) throws -> HTTPResponse {
            let document = #"{"content": ["a ", {"attachment": {"image": "\#(picture)", "width": 20}}, " b"]}"#
            return try server.request("POST", "/v1/render", text: document, contentType: "application/json")
        }
        #expect(try render("leaf.png").status == 200)
        #expect(try render(allowed + "/leaf.png").status == 200)
        var messages: [String] = []
        for path in ["/etc/passwd", "/etc/no-such-file", "../leaf.png", "../../../../etc/passwd", "/root/.ssh/id_rsa"] {
            let response = try render(path)
            #expect(response.status == 400, "\(path)")
            messages.append(try #require(response.error).replacingOccurrences(of: path, with: "PATH"))
        }
        #expect(Set(messages).count == 1, "the same words whether or not the file exists: \(messages)")
        #expect(messages[0].contains("galley serve --allow-dir"))
        let leaf = try Data(contentsOf: URL(fileURLWithPath: allowed + "/leaf.png")).base64EncodedString()
        #expect(try render("data:image/png;base64,\(leaf)").status == 200, "inline pictures need no folder")
        let font = try server.request("POST", "/v1/render?font=/etc/passwd", text: "a", contentType: "text/plain")
        #expect(font.status == 400)
        #expect(font.error?.contains("galley serve --allow-dir") == true)
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

    @Test func healthAndMetrics() throws {
        let server = try ServiceProcess()
        #expect(try server.request("GET", "/healthz").text == #"{"status":"alive"}"# + "\n")
        _ = try server.request("POST", "/v1/measure", text: Self.rows)
        let metrics = try server.request("GET", "/metrics")
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
        #expect(metrics.text.contains("galley_rows_measured_total 5"))
        #expect(metrics.text.contains("galley_request_duration_seconds_bucket"))
        #expect(server.stop() == 0)
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

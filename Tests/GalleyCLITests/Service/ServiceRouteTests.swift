import Foundation
import Testing

@testable import GalleyTestSupport

/// The service's routes in this process (`InProcessService`): each answers byte for byte as its command does, bad
/// input gets the command's message, documents read only inside the allowed folders, and health and metrics
/// report.
@Suite struct ServiceRouteTests {
    static let rows = ServiceTests.rows

    static func file(_ name: String, _ text: String) throws -> String { try ServiceTests.file(name, text) }

    @Test func measureAnswersAsTheCommand() async throws {
        try await InProcessService().run { server in
            let input = try Self.file("rows.jsonl", Self.rows)
            for (query, flags) in [
                ("width=280&category=accessibilityLarge", ["--width", "280", "--category", "accessibilityLarge"]),
                ("widths=320,375&font=Inter&bold-text", ["--widths", "320,375", "--font", "Inter", "--bold-text"]),
            ] {
                let response = try await server.request("POST", "/v1/measure?\(query)", text: Self.rows)
                let command = try GalleyCommand.run(["measure", input] + flags)
                #expect(response.status == 200)
                #expect(response.headers["content-type"] == "application/x-ndjson")
                #expect(response.text == command.output, "\(query)")
                #expect(response.text.split(separator: "\n").count == 5)
            }
        }
    }

    @Test func renderAndLayoutAnswerAsTheCommands() async throws {
        try await InProcessService(allowedDirectories: ["Examples"]).run { server in
            for (example, type) in [
                ("note-chinese.md", "text/markdown"), ("note-garden.md", "text/markdown"),
                ("document.json", "application/json"),
            ] {
                let body = try [UInt8](
                    Data(contentsOf: TestFonts.repositoryRoot.appendingPathComponent("Examples/\(example)")))
                let png = try await server.request(
                    "POST", "/v1/render?width=300&scale=1", body: body, headers: ["Content-Type": type])
                let output = GalleyCommand.temporary("served-\(example).png")
                let command = try GalleyCommand.run(
                    ["render", "Examples/\(example)", "-o", output, "--width", "300", "--scale", "1"])
                #expect(command.status == 0)
                #expect(png.status == 200, "\(example): \(png.text.prefix(200))")
                #expect(png.headers["content-type"] == "image/png")
                #expect(Data(png.body) == (try Data(contentsOf: URL(fileURLWithPath: output))), "\(example)")
                let layout = try await server.request(
                    "POST", "/v1/layout?width=300", body: body, headers: ["Content-Type": type])
                let printed = try GalleyCommand.run(["layout", "Examples/\(example)", "--json", "--width", "300"])
                #expect(layout.status == 200)
                #expect(layout.text == printed.output, "\(example)")
            }
            // WebP as the command writes it, named as such.
            let webp = try await server.request(
                "POST", "/v1/render?format=webp", text: "Hello\n世界\n", contentType: "text/plain")
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
                let served = try await server.request(
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
            let plain = try await server.request(
                "POST", "/v1/render?letterpress", text: "Hello\n世界\n", contentType: "text/plain")
            let output = GalleyCommand.temporary("served-plain.png")
            _ = try GalleyCommand.run(["render", "-", "-o", output, "--letterpress"], input: "Hello\n世界\n")
            #expect(plain.status == 200)
            #expect(Data(plain.body) == (try Data(contentsOf: URL(fileURLWithPath: output))))
        }
    }

    @Test func badInputGetsTheCommandsMessage() async throws {
        try await InProcessService().run { server in
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
                let response = try await server.request("POST", "/v1/measure?\(query)", text: Self.rows)
                let command = try GalleyCommand.run(["measure", "-"] + flags, input: Self.rows)
                #expect(response.status == 400)
                #expect(response.headers["content-type"] == "application/json")
                #expect(response.error?.hasPrefix(answer) == true, "\(query): \(response.error ?? "")")
                #expect(command.status == 2 && command.error.hasPrefix("galley: error: \(message)"), "\(command.error)")
            }
            let document = #"{"content": ["a"], "container": {"width": "wide"}}"#
            let path = try Self.file("bad.json", document)
            let response = try await server.request(
                "POST", "/v1/render", text: document, contentType: "application/json")
            let command = try GalleyCommand.run(["render", path, "-o", GalleyCommand.temporary("bad.png")])
            #expect(response.status == 400)
            #expect(command.error.contains(try #require(response.error)), "\(command.error)")
            let unsupported = try await server.request("POST", "/v1/render", text: "a", contentType: "image/gif")
            #expect(unsupported.status == 415)
            #expect(unsupported.error?.contains("text/markdown") == true)
            let notUTF8 = try await server.request(
                "POST", "/v1/render", body: [0x61, 0xFF], headers: ["Content-Type": "text/plain"])
            #expect(notUTF8.status == 400)
            #expect(notUTF8.error == "the request body: not valid UTF-8 (first bad byte at offset 1)")
            let serverFlag = try await server.request(
                "POST", "/v1/render?allow-dir=/", text: "a", contentType: "text/plain")
            #expect(serverFlag.status == 400)
        }
    }

    @Test func documentsReadOnlyInsideAllowedFolders() async throws {
        let allowed = try Self.file("allowed", "")
        try FileManager.default.removeItem(atPath: allowed)
        try FileManager.default.createDirectory(atPath: allowed, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestFonts.repositoryRoot.appendingPathComponent("Examples/leaf.png").path,
            toPath: allowed + "/leaf.png")
        try await InProcessService(allowedDirectories: [allowed]).run { server in
            func render(_ picture: String) async throws -> HTTPResponse {
                let document = #"{"content": ["a ", {"attachment": {"image": "\#(picture)", "width": 20}}, " b"]}"#
                return try await server.request("POST", "/v1/render", text: document, contentType: "application/json")
            }
            #expect(try await render("leaf.png").status == 200)
            #expect(try await render(allowed + "/leaf.png").status == 200)
            var messages: [String] = []
            for path in [
                "/etc/passwd", "/etc/no-such-file", "../leaf.png", "../../../../etc/passwd", "/root/.ssh/id_rsa",
            ] {
                let response = try await render(path)
                #expect(response.status == 400, "\(path)")
                messages.append(try #require(response.error).replacingOccurrences(of: path, with: "PATH"))
            }
            #expect(Set(messages).count == 1, "the same words whether or not the file exists: \(messages)")
            #expect(messages[0].contains("galley serve --allow-dir"))
            let leaf = try Data(contentsOf: URL(fileURLWithPath: allowed + "/leaf.png")).base64EncodedString()
            #expect(try await render("data:image/png;base64,\(leaf)").status == 200, "inline pictures need no folder")
            let font = try await server.request(
                "POST", "/v1/render?font=/etc/passwd", text: "a", contentType: "text/plain")
            #expect(font.status == 400)
            #expect(font.error?.contains("galley serve --allow-dir") == true)
        }
    }

    /// Health answers; metrics count the rows measured (at least this test's: the metrics are the test process's,
    /// shared with the tests running beside it).
    @Test func healthAndMetrics() async throws {
        try await InProcessService().run { server in
            #expect(try await server.request("GET", "/healthz").text == #"{"status":"alive"}"# + "\n")
            func rowsMeasured() async throws -> Int {
                let metrics = try await server.request("GET", "/metrics")
                #expect(metrics.headers["content-type"]?.hasPrefix("text/plain") == true)
                let line = metrics.text.split(separator: "\n").first { $0.hasPrefix("galley_rows_measured_total ") }
                return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
            }
            let before = try await rowsMeasured()
            _ = try await server.request("POST", "/v1/measure", text: Self.rows)
            #expect(try await rowsMeasured() >= before + 5)
            let metrics = try await server.request("GET", "/metrics")
            #expect(metrics.text.contains("galley_request_duration_seconds_bucket"))
        }
    }
}

import Foundation
import Testing

@testable import GalleyTestSupport

/// The fourth attack's file findings: no query parameter, spelled however, and no measure row reads a file outside
/// the folders `galley serve --allow-dir` names, and the refusal reads the same whether or not the file exists
/// (the service in this process: see `InProcessService`).
@Suite struct ServiceFileAccessTests {
    @Test func anEncodedEqualsSignInAParameterNameIsNoBackDoor() async throws {
        try await InProcessService(allowedDirectories: ["Examples"]).run { server in
            for query in [
                "exclude-image%3D%2Fetc%2Fpasswd%400%2C0=--bold-text", "font%3D%2Fetc%2Fshadow=--bold-text",
                "font%3D/etc/passwd=1",
            ] {
                for route in ["/v1/render", "/v1/layout"] {
                    let response = try await server.request(
                        "POST", "\(route)?\(query)", text: "a", contentType: "text/plain")
                    #expect(response.status == 400, "\(route)?\(query)")
                    #expect(response.error?.hasPrefix("unknown query parameter") == true, "\(response.error ?? "")")
                }
                let measured = try await server.request("POST", "/v1/measure?\(query)", text: #"{"id":1,"text":"a"}"#)
                #expect(measured.status == 400 && measured.error?.hasPrefix("unknown query parameter") == true)
            }
        }
    }

    @Test func filesNamedByQueryOrRowAreReadOnlyFromAllowedFolders() async throws {
        try await InProcessService(allowedDirectories: ["Examples"]).run { server in
            // Present and missing files outside the folder: one refusal, in the same words.
            var refusals: [String] = []
            for path in ["/etc/passwd", "/etc/no-such-galley-file"] {
                let font = try await server.request(
                    "POST", "/v1/render?font=\(path)", text: "a", contentType: "text/plain")
                #expect(font.status == 400)
                refusals.append(font.error?.replacingOccurrences(of: path, with: "PATH") ?? "")
                let picture = try await server.request(
                    "POST", "/v1/render?exclude-image=\(path)@0,0", text: "a", contentType: "text/plain")
                #expect(picture.status == 400)
                #expect(picture.error?.contains("is outside the folders") == true, "\(picture.error ?? "")")
                let row = try await server.request(
                    "POST", "/v1/measure", text: #"{"id":1,"text":"hi","font":"\#(path)"}"#)
                #expect(row.status == 200)
                #expect(row.text.contains("is outside the folders"), "\(row.text)")
                let file = try await server.request(
                    "POST", "/v1/measure", text: #"{"id":1,"text":"hi","file":"\#(path)"}"#)
                #expect(file.text.contains("is outside the folders"), "\(file.text)")
            }
            #expect(refusals[0] == refusals[1] && refusals[0].contains("is outside the folders"), "\(refusals)")
            // A file inside the allowed folder is named as the client named it, never by the server's path.
            let missing = try await server.request(
                "POST", "/v1/render?font=fonts/missing.ttf", text: "a", contentType: "text/plain")
            #expect(missing.error == "font file not found: fonts/missing.ttf", "\(missing.error ?? "")")
            let notFont = try await server.request(
                "POST", "/v1/render?font=./leaf.png", text: "a", contentType: "text/plain")
            #expect(notFont.error?.hasPrefix("not a usable font file: ./leaf.png") == true, "\(notFont.error ?? "")")
            // A picture inside the allowed folder is drawn.
            let allowed = try await server.request(
                "POST", "/v1/render?exclude-image=flower.png@0,0&scale=1", text: "a", contentType: "text/plain")
            #expect(allowed.status == 200, "\(allowed.error ?? "")")
        }
    }

    @Test func theComputingRoutesSayTheyTakePost() async throws {
        try await InProcessService().run { server in
            for route in ["/v1/measure", "/v1/render", "/v1/layout"] {
                let response = try await server.request("GET", route)
                #expect(response.status == 405 && response.headers["allow"] == "POST", "\(route)")
                #expect(response.error == "\(route) takes POST")
            }
            // A route the service does not have is refused as every request is, with an error naming the routes.
            let unknown = try await server.request("POST", "/v2/measure")
            #expect(unknown.status == 404 && unknown.headers["content-type"] == "application/json")
            #expect(unknown.error?.hasPrefix("no route /v2/measure; the routes are POST /v1/measure") == true)
        }
    }

    @Test func unknownParametersAreNamedWithTheNearestKnownOne() async throws {
        try await InProcessService().run { server in
            let render = try await server.request("POST", "/v1/render?widht=300", text: "a", contentType: "text/plain")
            #expect(render.status == 400)
            #expect(render.error == "unknown query parameter 'widht'; did you mean 'width'?")
            let measureOnly = try await server.request(
                "POST", "/v1/render?widths=300", text: "a", contentType: "text/plain")
            #expect(measureOnly.error == "widths does not apply to this route")
            let commandLineOnly = try await server.request(
                "POST", "/v1/render?allow-dir=/", text: "a", contentType: "text/plain")
            #expect(
                commandLineOnly.status == 400
                    && commandLineOnly.error?.hasPrefix("'allow-dir' is a server option (galley serve --allow-dir)")
                        == true
            )
            // A bad option is one 400 for the request, not an error row for each of its rows.
            let badFont = try await server.request(
                "POST", "/v1/measure?font=NoSuchFont", text: #"{"id": 1, "text": "a"}"# + "\n")
            #expect(badFont.status == 400 && badFont.error?.hasPrefix(#"unknown font family "NoSuchFont""#) == true)
            // Formats are names: PDF is pdf.
            let pdf = try await server.request("POST", "/v1/render?format=PDF", text: "a", contentType: "text/plain")
            #expect(pdf.status == 200 && pdf.headers["content-type"] == "application/pdf")
            let jpeg = try await server.request(
                "POST", "/v1/render?format=jpeg&quality=80", text: "a", contentType: "text/plain")
            #expect(
                jpeg.status == 200 && jpeg.headers["content-type"] == "image/jpeg"
                    && jpeg.body.starts(with: [0xFF, 0xD8]))
            let huge = String(repeating: "x", count: 100_000)
            let long = try await server.request("POST", "/v1/render?\(huge)=1", text: "a", contentType: "text/plain")
            #expect(long.status == 400 && long.text.utf8.count < 300, "\(long.text.prefix(300))")
        }
    }
}

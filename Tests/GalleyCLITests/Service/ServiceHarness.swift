import Foundation
import Testing

@testable import GalleyTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A `galley serve` process started on a free port for one test, and a plain HTTP/1.1 client for it over a
/// socket: each request on its own connection (`Connection: close`), written in as many pieces, as slowly, as the
/// test wants.
final class ServiceProcess {
    let process = Process()
    let port: Int
    /// Where the server's standard error (its log) goes.
    let logPath: String

    /// Starts `galley serve --port 0` with `arguments` and waits until it listens.
    init(_ arguments: [String] = []) throws {
        logPath = GalleyCommand.temporary("serve-\(UUID().uuidString).log")
        try #require(FileManager.default.createFile(atPath: logPath, contents: nil), "cannot create \(logPath)")
        process.executableURL = URL(fileURLWithPath: try #require(GalleyCommand.binary, "galley is not built"))
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = TestFonts.repositoryRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        try process.run()
        var found: Int?
        for _ in 0..<400 where found == nil {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            if let range = log.range(of: #"listening on http://127\.0\.0\.1:\d+"#, options: .regularExpression) {
                found = Int(log[range].split(separator: ":").last!)
            } else {
                guard process.isRunning else { break }
                usleep(25_000)
            }
        }
        guard let found else {
            process.terminate()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw ServiceTestError("galley serve did not start: \(log)")
        }
        port = found
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Sends SIGTERM and waits for the process to end; its exit status.
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The first answer `probe` gives, asked up to `attempts` times 10 ms apart: a wait for something the service
    /// shows (a gauge, a status), not for a guessed time; nil when it never showed.
    func awaitEvent<Answer>(attempts: Int = 500, _ probe: () throws -> Answer?) rethrows -> Answer? {
        for _ in 0..<attempts {
            if let answer = try probe() { return answer }
            usleep(10_000)
        }
        return nil
    }

    /// The value of gauge `name` in `/metrics`, nil when it is not there.
    func gauge(_ name: String) throws -> Double? {
        let metrics = try request("GET", "/metrics").text
        let line = metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    /// One request with `body`, its whole response.
    func request(
        _ method: String, _ target: String, body: [UInt8] = [], headers: [String: String] = [:]
    ) throws -> HTTPResponse {
        let connection = try connect()
        try connection.send(head(method, target, bodyLength: body.count, headers: headers) + body)
        return try connection.response()
    }

    func request(_ method: String, _ target: String, text: String, contentType: String? = nil) throws -> HTTPResponse {
        try request(method, target, body: Array(text.utf8), headers: contentType.map { ["Content-Type": $0] } ?? [:])
    }

    /// A request's head, declaring `bodyLength` bytes.
    func head(_ method: String, _ target: String, bodyLength: Int, headers: [String: String] = [:]) -> [UInt8] {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        text += "Content-Length: \(bodyLength)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    func connect() throws -> Connection { try Connection(port: port) }
}

/// One TCP connection to the server.
final class Connection {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ServiceTestError("cannot connect to port \(port)") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let written = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw ServiceTestError("send failed (errno \(errno))") }
            sent += written
        }
    }

    /// Whether the server closes the connection within `seconds` (a read then ends it; waiting longer gives up).
    func closesWithin(seconds: Int) -> Bool {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 { return false }
        }
    }

    /// What one read returns now (at most 64 kB), as text.
    func nextBytes() -> String {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
    }

    /// Everything the server sends until it closes the connection, parsed.
    func response() throws -> HTTPResponse {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return try HTTPResponse(bytes)
    }
}

/// A response: status, headers (names lowercased) and body (chunked transfer decoded).
struct HTTPResponse {
    let status: Int
    let headers: [String: String]
    let body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// A response as given: `headers` named in lower case.
    init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The `"error"` member of a JSON error body.
    var error: String? {
        (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])?["error"] as? String
    }

    init(_ bytes: [UInt8]) throws {
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: Array("\r\n\r\n".utf8)) }) else {
            throw ServiceTestError("no complete response head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        self.headers = headers
        var rest = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" {
            var decoded: [UInt8] = []
            while let lineEnd = rest.indices.first(where: { rest[$0...].starts(with: [13, 10]) }),
                let size = Int(String(decoding: rest[..<lineEnd], as: UTF8.self), radix: 16), size > 0
            {
                decoded += rest[(lineEnd + 2)..<(lineEnd + 2 + size)]
                rest = Array(rest[(lineEnd + 4 + size)...])
            }
            rest = decoded
        }
        body = rest
    }
}

struct ServiceTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// The built `galley` binary run as a user runs it, for the tests of the command line and of files it writes.
enum GalleyCommand {
    struct Outcome {
        let status: Int32
        let output: String
        let error: String
    }

    /// The `galley` binary beside the test bundle (both are built into the same directory).
    static let binary: String? = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [here, TestFonts.repositoryRoot.appendingPathComponent(".build/debug")]
            .map { $0.appendingPathComponent("galley").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs `galley` (or `executable`) in `directory` (default: the repository root) with `environment`
    /// (default: the test process's).
    static func run(
        _ arguments: [String], input: String? = nil, executable: String? = nil, directory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try executable ?? #require(binary, "galley is not built"))
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? TestFonts.repositoryRoot
        if let environment { process.environment = environment }
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
            error: String(decoding: err, as: UTF8.self))
    }

    /// A path for `name` in the test process's own scratch directory, which is removed when the process exits.
    static func temporary(_ name: String) -> String {
        scratch.appendingPathComponent("galley-cli-\(getpid())-\(name)").path
    }

    private static let scratch: URL = {
        let url = scratchURL()
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: scratchURL()) }
        return url
    }()

    private static func scratchURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("galley-cli-\(getpid())")
    }

    static func image(_ path: String) throws -> Canvas {
        try PNGReader.decode(try Data(contentsOf: URL(fileURLWithPath: path)), scale: 2)
    }
}

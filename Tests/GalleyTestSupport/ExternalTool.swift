import Foundation

/// Runs a command-line tool the tests compare against (`hb-shape`) and returns its standard output.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The full path of `name` on the PATH, or nil when it is not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        try runCapturingErrors(executable, arguments, environment: environment).output
    }

    /// Runs `executable` and returns its standard output and standard error; throws when it fails.
    static func runCapturingErrors(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(executable) \(arguments) exited \(process.terminationStatus): "
                    + String(decoding: errorData, as: UTF8.self))
        }
        return (String(decoding: data, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }
}

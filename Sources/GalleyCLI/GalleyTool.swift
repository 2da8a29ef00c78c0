import ArgumentParser
import Foundation
import Galley
import GalleyDocuments

/// The `galley` command: text layout and rendering from the shell.
@main
struct GalleyTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Lay out, shape and render text with HarfBuzz, ICU, FreeType and fontconfig.",
        discussion: """
            Fonts come from Galley's bundled Fonts/ first (Inter, Noto Sans CJK SC, JetBrains Mono, Noto Sans \
            Arabic, Hebrew and Devanagari), then from the system through fontconfig.
            """,
        subcommands: [
            RenderCommand.self, LayoutCommand.self, MeasureCommand.self, FontsCommand.self, StylesCommand.self,
            ShapeCommand.self,
        ])

    /// Runs the command, mapping failures to exit statuses in one place: 0 success, 1 a failure of the work
    /// itself (a font that cannot be read), 2 a usage error (an unknown flag or value). Errors are one line on
    /// stderr.
    static func main() {
        // The status is worked out in a function of its own so the error is released before the process exits.
        Foundation.exit(runAndReport())
    }

    private static func runAndReport() -> Int32 {
        do {
            var command = try parseAsRoot()
            try command.run()
            return 0
        } catch let code as ExitCode {
            // Commands that report their own failures (measure's error lines) exit with a bare status.
            return code.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                return 0
            }
            let usage = code == .validationFailure || error is DynamicTypeError || error is ColorError
            let message = usage ? message(for: error) : String(describing: error)
            FileHandle.standardError.write(Data("galley: error: \(message.oneLine)\n".utf8))
            return usage ? 2 : (code == .failure ? 1 : code.rawValue)
        }
    }
}

extension String {
    /// The text with line breaks folded into spaces, for one-line error messages.
    var oneLine: String {
        split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}

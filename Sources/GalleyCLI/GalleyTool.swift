import Dispatch
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// The `galley` tool as help and completions describe it: its words and its commands.
struct ToolSpec: Sendable {
    let abstract: String
    let discussion: String
    let commands: [CommandSpec]
}

/// A command the tool runs: its spec, and its work on the arguments read for it.
struct Command: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedCommandLine) throws -> Void
}

/// The command has reported its own failure (measure's error lines, a batch's failed inputs, a reader that went
/// away): exit status 1, nothing more written.
struct QuietFailure: Error {}

/// The `galley` command: text layout and rendering from the shell.
@main
enum GalleyTool {
    /// Every command, in the order help lists them.
    static let commands: [Command] = [
        RenderCommand.command, LayoutCommand.command, MeasureCommand.command, ServeCommand.command,
        FontsCommand.command, StylesCommand.command, ShapeCommand.command, OptionsCommand.command,
    ]

    /// The tool's words and commands.
    static let tool = ToolSpec(
        abstract: "Lay out, shape and render text with HarfBuzz, ICU, FreeType and fontconfig.",
        discussion: """
            Fonts come from the fonts compiled into Galley first (Inter, Noto Sans CJK SC, JetBrains Mono, Noto \
            Sans Arabic, Hebrew and Devanagari), then from the system through fontconfig (--no-system-fonts: \
            the compiled-in fonts alone; GALLEY_FONTS_DIR: a directory of fonts in their place).
            """,
        commands: commands.map(\.spec))

    /// Runs the command, mapping failures to exit statuses in one place: 0 success, 1 a failure of the work
    /// itself (a font that cannot be read), 2 a usage error (an unknown flag or value). Errors are one line on
    /// stderr.
    static func main() {
        // The status is worked out in a function of its own so the error is released before the process exits.
        let status = run(Array(CommandLine.arguments.dropFirst()))
        // A font library still loading on another core is waited for: a usage error is found in microseconds, and
        // exiting while the other thread reads the bundled faces crashes it.
        fontPrefetch.wait()
        Foundation.exit(status)
    }

    /// The font library's load on another core, started before the arguments are read (``run(_:)``).
    private static let fontPrefetch = DispatchGroup()

    /// Runs `galley` with `arguments` and gives its exit status.
    static func run(_ arguments: [String]) -> Int32 {
        // The font library (the bundled faces; fontconfig's files wait until a character needs them) loads on
        // another core while the arguments are parsed. Not when a standard descriptor is closed: a file opened
        // meanwhile would take its number, and reading standard input or writing standard output would then read
        // or write that file instead of failing.
        var status = stat()
        if let first = arguments.first, ["render", "layout", "measure"].contains(first),
            (0...2).allSatisfy({ fstat($0, &status) == 0 })
        {
            fontPrefetch.enter()
            DispatchQueue.global().async {
                _ = try? FontLibrary.standard
                fontPrefetch.leave()
            }
        }
        do {
            try dispatch(arguments)
            return 0
        } catch is QuietFailure {
            return 1
        } catch {
            StandardOutput.error("galley: error: \(errorMessage(for: error))\n")
            return isUsageError(error) ? 2 : 1
        }
    }

    /// Runs what `arguments` ask: a command, help, the version, a completion script or the man page.
    private static func dispatch(_ arguments: [String]) throws {
        guard let first = arguments.first else { return try StandardOutput.write(CommandHelp.root(tool)) }
        switch first {
        case "-h", "--help": return try StandardOutput.write(CommandHelp.root(tool))
        case "--version": return try StandardOutput.line("galley \(GalleyVersion.number)")
        case "help":
            guard let name = arguments.dropFirst().first else {
                return try StandardOutput.write(CommandHelp.root(tool))
            }
            return try StandardOutput.write(CommandHelp.command(try command(named: name).spec))
        case "--generate-completion-script":
            let shell = arguments.dropFirst().first ?? ""
            guard let script = ShellCompletions.script(for: shell, tool: tool) else {
                throw UsageError(
                    "--generate-completion-script takes a shell: \(ShellCompletions.shells.joined(separator: ", "))")
            }
            return try StandardOutput.write(script)
        case "--generate-manual": return try StandardOutput.write(ShellCompletions.manual(tool))
        default: break
        }
        if first.hasPrefix("-") {
            throw UsageError(
                RequestOptions.unknownName(
                    String(first.drop { $0 == "-" }), among: ["help", "version"], from: .commandLine))
        }
        let command = try command(named: first)
        let parsed: ParsedCommandLine
        do {
            parsed = try CommandLineParser.parse(arguments.dropFirst()[...], for: command.spec)
        } catch is HelpRequest {
            return try StandardOutput.write(CommandHelp.command(command.spec))
        }
        try command.run(parsed)
    }

    /// The command named `name`.
    ///
    /// - Throws: ``UsageError`` naming the commands ("unknown command 'rendr' (did you mean 'render'?); …").
    private static func command(named name: String) throws -> Command {
        if let command = commands.first(where: { $0.spec.name == name }) { return command }
        let names = commands.map(\.spec.name) + ["help"]
        let guess = NearestName.among(names, to: name).map { " (did you mean '\($0)'?)" } ?? ""
        throw UsageError(
            "unknown command '\(name.oneLine)'\(guess); the commands are \(names.dropLast().joined(separator: ", "))")
    }

    /// Whether `error` is the user's misuse of a flag or value (exit status 2) rather than a failure of the work.
    static func isUsageError(_ error: any Error) -> Bool {
        error is UsageError || error is DynamicTypeError || error is ColorError
    }

    /// The one line `galley` writes after "galley: error: " for `error`.
    static func errorMessage(for error: any Error) -> String { ErrorMessage.line(for: error) }
}

import ArgumentParser
import Dispatch
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// The `galley` command: text layout and rendering from the shell.
@main
struct GalleyTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "galley",
        abstract: "Lay out, shape and render text with HarfBuzz, ICU, FreeType and fontconfig.",
        discussion: """
            Fonts come from the fonts compiled into Galley first (Inter, Noto Sans CJK SC, JetBrains Mono, Noto \
            Sans Arabic, Hebrew and Devanagari), then from the system through fontconfig (--no-system-fonts: \
            the compiled-in fonts alone; GALLEY_FONTS_DIR: a directory of fonts in their place).
            """,
        version: "galley \(GalleyVersion.number)",
        subcommands: [
            RenderCommand.self, LayoutCommand.self, MeasureCommand.self, ServeCommand.self, FontsCommand.self,
            StylesCommand.self, ShapeCommand.self, OptionsCommand.self,
        ])

    /// Runs the command, mapping failures to exit statuses in one place: 0 success, 1 a failure of the work
    /// itself (a font that cannot be read), 2 a usage error (an unknown flag or value). Errors are one line on
    /// stderr.
    static func main() {
        // The status is worked out in a function of its own so the error is released before the process exits.
        Foundation.exit(runAndReport())
    }

    private static func runAndReport() -> Int32 {
        // The font library (the bundled faces; fontconfig's files wait until a character needs them) loads on
        // another core while the arguments are parsed. Not when a standard descriptor is closed: a file opened
        // meanwhile would take its number, and reading standard input or writing standard output would then read
        // or write that file instead of failing.
        var status = stat()
        if let first = CommandLine.arguments.dropFirst().first, ["render", "layout", "measure"].contains(first),
            (0...2).allSatisfy({ fstat($0, &status) == 0 })
        {
            DispatchQueue.global().async { _ = try? FontLibrary.standard }
        }
        do {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.first == "measure", let direct = DirectArguments(arguments.dropFirst(), work: .measure) {
                try MeasureCommand.run(input: direct.input, options: direct.options)
                return 0
            }
            if arguments.first == "render", let direct = RenderCommand.direct(arguments.dropFirst()) {
                try RenderCommand.render(direct.input, to: direct.output, options: direct.options)
                return 0
            }
            // Asked after the direct paths, which only known commands take: the names come from every command's
            // configuration, about two million instructions the commonest runs need not spend.
            if let unknown = unknownCommand(in: Array(arguments)) {
                StandardOutput.error("galley: error: \(unknown.oneLine)\n")
                return 2
            }
            var command = try parsedSubcommand(Array(arguments)) ?? parseAsRoot()
            try command.run()
            return 0
        } catch let code as ExitCode {
            // Commands that report their own failures (measure's error lines) exit with a bare status.
            return code.rawValue
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                do {
                    try StandardOutput.line(fullMessage(for: error))
                } catch {
                    return 1
                }
                return 0
            }
            // A mistyped option comes first: its value may otherwise have been taken for an input, and the error
            // be about inputs.
            if isUsageError(error), let unknown = unknownOption(in: Array(CommandLine.arguments.dropFirst())) {
                StandardOutput.error("galley: error: \(unknown.oneLine)\n")
                return 2
            }
            StandardOutput.error("galley: error: \(errorMessage(for: error))\n")
            return isUsageError(error) ? 2 : (code == .failure ? 1 : code.rawValue)
        }
    }

    /// Whether `error` is the user's misuse of a flag or value (exit status 2) rather than a failure of the work.
    static func isUsageError(_ error: any Error) -> Bool {
        exitCode(for: error) == .validationFailure || error is DynamicTypeError || error is ColorError
    }

    /// The one line `galley` writes after "galley: error: " for `error`; `galley serve` answers with the same.
    static func errorMessage(for error: any Error) -> String {
        ErrorMessage.line(for: error, describedAs: isUsageError(error) ? message(for: error) : nil)
    }
}

extension GalleyTool {
    /// The command `arguments` name first, parsed on its own, or nil when that does not give that command.
    /// Parsing from the root, ArgumentParser reflects every subcommand's options (and looks in each for a
    /// completion-script request) before it reads the one named, at every start. A help request (which parses as
    /// ArgumentParser's help command), a usage error or anything else is left to the parse from the root, so every
    /// message and help text names `galley` as before.
    static func parsedSubcommand(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let first = arguments.first,
            let command = configuration.subcommands.first(where: { $0.configuration.commandName == first }),
            let parsed = try? command.parseAsRoot(Array(arguments.dropFirst())), type(of: parsed) == command
        else { return nil }
        return parsed
    }

    /// The message for a first argument that names no command ("unknown command 'rendr'; did you mean
    /// 'render'? …"), or nil: without it, ArgumentParser would complain about the first option instead.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first) else { return nil }
        let guess = NearestName.among(names, to: first).map { " (did you mean '\($0)'?)" } ?? ""
        return "unknown command '\(first)'\(guess); the commands are \(names.dropLast().joined(separator: ", "))"
    }

    /// The message for the first long option `arguments` give that their command does not have ("unknown option
    /// '--widht'; did you mean '--width'?"), or nil. Asked only once parsing has failed: the command's options are
    /// read from ArgumentParser's description of it, which costs a millisecond.
    static func unknownOption(in arguments: [String]) -> String? {
        guard let first = arguments.first,
            let command = configuration.subcommands.first(where: { $0.configuration.commandName == first })
        else { return nil }
        let known = longOptions(of: command)
        for argument in arguments.dropFirst() {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            return RequestOptions.unknownName(name, among: Array(known), from: .commandLine)
        }
        return nil
    }

    /// The long names of `command`'s options and flags (`--no-` inversions included), and `help`.
    private static func longOptions(of command: any ParsableCommand.Type) -> Set<String> {
        guard let data = command._dumpHelp().data(using: .utf8),
            let tool = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let description = tool["command"] as? [String: Any],
            let arguments = description["arguments"] as? [[String: Any]]
        else { return [] }
        var names: Set<String> = ["help"]
        for argument in arguments {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                if name["kind"] as? String == "long", let long = name["name"] as? String { names.insert(long) }
            }
        }
        return names
    }
}

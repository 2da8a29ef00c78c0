import Foundation

/// The help `galley` prints (`galley --help`, `galley COMMAND --help`), written from the commands' specs and the
/// request-setting table, wrapped to the terminal's width (`COLUMNS`, else 80).
enum CommandHelp {
    /// The width help is wrapped to.
    static var width: Int {
        ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init).map { max(40, $0) } ?? 80
    }

    /// The column option and argument help starts in.
    private static let helpColumn = 26

    /// The help of the whole tool: what it does, its options and its commands.
    static func root(_ tool: ToolSpec) -> String {
        var text = "OVERVIEW: \(tool.abstract)\n\n" + paragraphs(tool.discussion) + "\n"
        text += "USAGE: galley <subcommand>\n\nOPTIONS:\n"
        text += entry("--version", "Show the version.")
        text += entry("-h, --help", "Show help information.")
        text += "\nSUBCOMMANDS:\n"
        for command in tool.commands { text += entry(command.name, command.abstract) }
        text += "\n  See 'galley help <subcommand>' for detailed help.\n"
        return text
    }

    /// The help of `command`: what it does, how to call it, its arguments and every option with its help.
    static func command(_ command: CommandSpec) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if !command.discussion.isEmpty { text += paragraphs(command.discussion) + "\n" }
        text += "USAGE: \(usage(command))\n\n"
        if !command.arguments.isEmpty {
            text += "ARGUMENTS:\n"
            for argument in command.arguments {
                var help = argument.help
                if case .optional(let defaultValue) = argument.count { help += " (default: \(defaultValue))" }
                text += entry("<\(argument.name)>", help)
                if let discussion = argument.discussion {
                    text += wrapped(discussion, indent: 8, width: width).map { $0 + "\n" }.joined()
                }
            }
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in command.entries { text += entry(label(option), option.help) }
        return text
    }

    /// The usage line: `galley render [<options>] <inputs> ... --output <output>`.
    static func usage(_ command: CommandSpec) -> String {
        var words = ["galley", command.name, "[<options>]"]
        for argument in command.arguments {
            switch argument.count {
            case .one: words.append("<\(argument.name)>")
            case .optional: words.append("[<\(argument.name)>]")
            case .oneOrMore: words.append("<\(argument.name)> ...")
            }
        }
        for option in command.options where option.isRequired { words.append("--\(option.name) <\(option.name)>") }
        return words.joined(separator: " ")
    }

    /// How an option is written in help: `-o, --output <output>`, `--autospace, --no-autospace`.
    static func label(_ option: CommandSpec.Entry) -> String {
        var label = option.short.map { "-\($0), " } ?? ""
        label += (["--\(option.name)"] + option.formerNames.map { "--\($0)" }).joined(separator: ", ")
        if option.takesValue { label += " <\(option.name)>" }
        if option.invertible { label += ", --no-\(option.name)" }
        return label
    }

    /// One entry of a list: `label` indented by two, its help from ``helpColumn`` (on the next line when the
    /// label reaches it), wrapped.
    private static func entry(_ label: String, _ help: String) -> String {
        let lines = wrapped(help, indent: helpColumn, width: width)
        let head = "  " + label
        guard head.count + 1 < helpColumn, let first = lines.first else {
            return head + "\n" + lines.map { $0 + "\n" }.joined()
        }
        let padded = head.padding(toLength: helpColumn, withPad: " ", startingAt: 0)
        return padded + first.dropFirst(helpColumn) + "\n" + lines.dropFirst().map { $0 + "\n" }.joined()
    }

    /// `text`'s paragraphs (separated by blank lines) wrapped to the width; lines that start with spaces (examples)
    /// kept as written.
    private static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { paragraph in
            paragraph.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                line.hasPrefix(" ") || line.hasSuffix(":")
                    ? [String(line)] : wrapped(String(line), indent: 0, width: width)
            }.joined(separator: "\n") + "\n"
        }.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, each indented by `indent` spaces; a word longer than a line
    /// stands alone.
    static func wrapped(_ text: String, indent: Int, width: Int) -> [String] {
        let room = max(20, width - indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !line.isEmpty, line.count + 1 + word.count > room {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        let margin = String(repeating: " ", count: indent)
        return lines.map { margin + $0 }
    }
}

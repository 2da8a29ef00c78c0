import GalleyRequests

/// What `galley --generate-completion-script SHELL` and `galley --generate-manual` print: shell completions for
/// bash, zsh and fish and a man page, written from the commands' specs, so that they list every option the parser
/// reads (request settings included) and no other.
enum ShellCompletions {
    /// The shells a completion script is written for.
    static let shells = ["bash", "zsh", "fish"]

    /// The completion script for `shell` (one of ``shells``), nil for another.
    static func script(for shell: String, tool: ToolSpec) -> String? {
        switch shell {
        case "bash": bash(tool)
        case "zsh": zsh(tool)
        case "fish": fish(tool)
        default: nil
        }
    }

    /// Every spelling of `command`'s options: `--name`, `--no-name` for a setting's flag, `-o`.
    private static func spellings(_ command: CommandSpec) -> [String] {
        command.entries.flatMap { option in
            (option.short.map { ["-\($0)"] } ?? []) + ["--\(option.name)"]
                + (option.invertible ? ["--no-\(option.name)"] : [])
        }
    }

    private static func bash(_ tool: ToolSpec) -> String {
        var cases = ""
        for command in tool.commands {
            cases += "        \(command.name)) options='\(spellings(command).joined(separator: " "))' ;;\n"
        }
        return """
            # bash completion for galley
            _galley() {
                local current=${COMP_WORDS[COMP_CWORD]} options
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W '\(tool.commands.map(\.name).joined(separator: " ")) help --help --version' -- "$current"))
                    return
                fi
                case ${COMP_WORDS[1]} in
            \(cases)        *) options='' ;;
                esac
                if [[ $current == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$current"))
                else
                    COMPREPLY=($(compgen -f -- "$current"))
                fi
            }
            complete -o filenames -F _galley galley

            """
    }

    private static func zsh(_ tool: ToolSpec) -> String {
        var cases = ""
        for command in tool.commands {
            cases += "        \(command.name)) options=(\(spellings(command).joined(separator: " "))) ;;\n"
        }
        let commands = tool.commands.map { "'\($0.name):\(quotedForZsh($0.abstract))'" }.joined(separator: " ")
        return """
            #compdef galley
            _galley() {
                local -a commands options
                commands=(\(commands))
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case $words[2] in
            \(cases)    esac
                if [[ $PREFIX == -* ]]; then
                    compadd -- $options
                else
                    _files
                fi
            }
            _galley "$@"

            """
    }

    private static func fish(_ tool: ToolSpec) -> String {
        var lines = ["# fish completion for galley", "complete -c galley -f"]
        let names = tool.commands.map(\.name).joined(separator: " ")
        for command in tool.commands {
            lines.append(
                "complete -c galley -n 'not __fish_seen_subcommand_from \(names)' -a \(command.name) -d '\(quotedForFish(command.abstract))'"
            )
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.entries {
                var line = "complete -c galley \(condition) -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.takesValue { line += " -r -F" }
                lines.append(line + " -d '\(quotedForFish(firstSentence(option.help)))'")
                if option.invertible { lines.append("complete -c galley \(condition) -l no-\(option.name)") }
            }
            if !command.arguments.isEmpty { lines.append("complete -c galley \(condition) -F") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The man page, galley(1): the tool, then each command's usage, words and options.
    static func manual(_ tool: ToolSpec) -> String {
        var page = ".TH GALLEY 1 \"\" \"galley \(GalleyVersion.number)\" \"User Commands\"\n"
        page += ".SH NAME\ngalley \\- \(roff(tool.abstract))\n"
        page += ".SH SYNOPSIS\n.B galley\n.I command\n[\\fIoptions\\fR] [\\fIarguments\\fR]\n"
        page += ".SH DESCRIPTION\n\(roff(tool.discussion))\n"
        for command in tool.commands {
            page += ".SH \"GALLEY \(command.name.uppercased())\"\n\(roff(CommandHelp.usage(command)))\n.PP\n"
            page += "\(roff(command.abstract))\n.PP\n"
            for paragraph in command.discussion.components(separatedBy: "\n\n") {
                page +=
                    paragraph.hasPrefix("Examples:") ? ".nf\n\(roff(paragraph))\n.fi\n" : "\(roff(paragraph))\n.PP\n"
            }
            for argument in command.arguments {
                page += ".TP\n\\fI<\(argument.name)>\\fR\n\(roff(argument.help))\n"
            }
            for option in command.entries {
                page += ".TP\n\\fB\(roff(CommandHelp.label(option)))\\fR\n\(roff(option.help))\n"
            }
        }
        return page
    }

    /// `text` safe in roff: backslashes and dashes escaped, characters past ASCII named (`\[u2026]`), no line
    /// starting with a control character.
    private static func roff(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case _ where scalar.value > 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }

    private static func quotedForZsh(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func quotedForFish(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }

    /// The first sentence of `text`: a completion's description is one line.
    private static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}

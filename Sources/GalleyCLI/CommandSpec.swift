import GalleyDocuments

/// A `galley` command as its parser, its help, its completions and its man page read it: a name, words for the
/// user, positional arguments, the options that are the command's own, and the work whose request settings it
/// takes as options. Request settings are not declared here: each is an option of every command whose work it
/// applies to, with the name, values, help and default ``RequestSettings`` gives it, so that the command line, the
/// service's query and `measure` rows cannot disagree.
struct CommandSpec: Sendable {
    /// The name after `galley` (`render`).
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// Paragraphs after it in the help: how it reads and writes, and examples.
    let discussion: String
    /// Its positional arguments, in order.
    var arguments: [Argument] = []
    /// Its options that are not request settings, in the order help lists them.
    var options: [Option] = []
    /// The work whose request settings it takes (those the command line accepts), nil for none.
    var settings: RequestSetting.Work? = nil

    /// A positional argument.
    struct Argument: Sendable {
        /// How many values it takes.
        enum Count: Sendable, Equatable {
            /// Exactly one.
            case one
            /// One, or none for `defaultValue`.
            case optional(defaultValue: String)
            /// One or more.
            case oneOrMore
        }

        /// Its name, as help shows it (`<input>`).
        let name: String
        let count: Count
        /// One line of help.
        let help: String
        /// More help, indented under it.
        var discussion: String? = nil
    }

    /// An option of one command, not a request setting (`-o`, `serve --port`).
    struct Option: Sendable {
        /// The long name, without dashes.
        let name: String
        /// A one-letter name (`o` for `-o`), if it has one.
        var short: Character? = nil
        /// Whether it takes a value (else it is a flag).
        var takesValue = true
        /// Whether it may be given more than once, each adding a value.
        var repeatable = false
        /// Whether the command needs it (usage shows it beside the arguments).
        var isRequired = false
        /// One line of help, with its default.
        let help: String
    }

    /// One option as help, completions and the parser see it, a request setting or the command's own.
    struct Entry: Sendable {
        /// The long name, without dashes.
        let name: String
        let short: Character?
        let takesValue: Bool
        /// The help line, with the default and the values a setting takes.
        let help: String
        /// Whether `--no-NAME` turns it off (a request setting's flag).
        let invertible: Bool
        /// Names it had before, still read (`--padding` for `--margin`).
        var formerNames: [String] = []
    }

    /// The request settings this command takes, in the table's order.
    var settingOptions: [RequestSetting] {
        settings.map { RequestSettings.accepted(on: .commandLine, for: $0) } ?? []
    }

    /// Every option of the command: its own first, then its request settings, then help.
    var entries: [Entry] {
        options.map {
            Entry(name: $0.name, short: $0.short, takesValue: $0.takesValue, help: $0.help, invertible: false)
        }
            + settingOptions.map {
                Entry(
                    name: $0.name.optionName, short: nil, takesValue: $0.values != .flag, help: $0.fullHelp,
                    invertible: $0.values == .flag, formerNames: $0.formerNames)
            } + [Entry(name: "help", short: "h", takesValue: false, help: "Show help information.", invertible: false)]
    }
}

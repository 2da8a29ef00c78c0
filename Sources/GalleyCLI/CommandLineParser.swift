import GalleyDocuments
import GalleyRequests

/// A mistake in the command line (an unknown option, a missing value or argument, a bad value): one line on
/// standard error and exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// What `read` gives; the ``InputError`` it throws (a bad value the request table found) made a usage error.
    static func reporting<Value>(_ read: () throws -> Value) throws -> Value {
        do { return try read() } catch let error as InputError { throw UsageError(error.description) }
    }
}

/// The command line asked for a command's help (`-h`, `--help`).
struct HelpRequest: Error {}

/// A command's arguments as read: its positional arguments by name, its own options' values by name, and its
/// request settings as `name=value` items, which ``requestOptions(work:)`` decodes and checks through
/// ``RequestOptions`` as the service's query is.
struct ParsedCommandLine {
    /// The values of each positional argument, by its name (its default when it has one and none was given).
    var arguments: [String: [String]] = [:]
    /// The values of the command's own options, by long name; a flag given has one value, `true`.
    var values: [String: [String]] = [:]
    /// The request settings given, in order, by their option names (a flag as `true` or `false`).
    var settings: [(name: String, value: String)] = []

    /// Adds `value` for `setting`, in place of an earlier value unless the setting adds up (`--exclude`): given
    /// again on the command line, a setting's last value counts, as getopt-style tools read them.
    mutating func add(_ setting: RequestSetting, value: String) {
        let name = setting.name.optionName
        if !setting.repeatable { settings.removeAll { $0.name == name } }
        settings.append((name, value))
    }

    /// The value of positional argument `name`.
    func argument(_ name: String) -> String { arguments[name]?.first ?? "" }

    /// The last value of option `name`, if given.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { values[name] != nil }

    /// The request settings decoded for `work`: files they name are the user's own choice, read wherever they are.
    ///
    /// - Throws: ``UsageError`` for a bad value, a setting given twice or one that does not apply.
    func requestOptions(work: RequestSetting.Work) throws -> RequestOptions {
        try UsageError.reporting {
            try RequestOptions(items: settings, from: .commandLine, work: work, access: .unrestricted())
        }
    }

    /// The whole number option `name` gives, within `range`, if given: read as the request table reads its
    /// whole numbers (``RequestOptions/integer(_:in:label:)``).
    ///
    /// - Throws: ``UsageError`` naming the option for a value that is not one or is outside `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = value(name) else { return nil }
        return try UsageError.reporting { try RequestOptions.integer(text, in: range, label: "--\(name)") }
    }

    /// The number option `name` gives, within `range`, if given: read as the request table reads its numbers
    /// (``RequestOptions/number(_:in:label:)``).
    ///
    /// - Throws: ``UsageError`` naming the option for a value that is not a finite number or is outside `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        return try UsageError.reporting { try RequestOptions.number(text, in: range, label: "--\(name)") }
    }

}

/// Reads a command's arguments as ``CommandSpec`` declares them: `--name value`, `--name=value`, a flag alone
/// (`--no-name` turns a setting's flag off), `-o value` for a one-letter name, `--` before arguments that start
/// with a dash, and positional arguments anywhere. An option that takes a value takes the next argument whatever
/// it looks like (`--stroke-width -2`), as getopt does.
enum CommandLineParser {
    /// `arguments` (after the command's name) read for `command`.
    ///
    /// - Throws: ``HelpRequest`` for `-h` or `--help`; ``UsageError`` for an unknown option, a value missing or
    ///   given to a flag, an option of the command's own given twice, or positional arguments missing or too many.
    static func parse(_ arguments: ArraySlice<String>, for command: CommandSpec) throws -> ParsedCommandLine {
        var parsed = ParsedCommandLine()
        var positional: [String] = []
        var remaining = arguments
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positional += remaining
                break
            }
            if argument == "-h" || argument == "--help" { throw HelpRequest() }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                try read(name, inline: inline, from: &remaining, for: command, into: &parsed)
            } else if argument.hasPrefix("-"), argument != "-" {
                let letter = argument.dropFirst().first!
                guard let option = command.options.first(where: { $0.short == letter }) else {
                    throw UsageError("unknown option '\(argument.oneLine)'")
                }
                let attached = argument.count > 2 ? String(argument.dropFirst(2)) : nil
                try read(option.name, inline: attached, from: &remaining, for: command, into: &parsed)
            } else {
                positional.append(argument)
            }
        }
        try assign(positional, to: command, in: &parsed)
        return parsed
    }

    /// Reads option `name` (its value `inline` after `=`, or the next of `remaining`).
    private static func read(
        _ name: String, inline: String?, from remaining: inout ArraySlice<String>, for command: CommandSpec,
        into parsed: inout ParsedCommandLine
    ) throws {
        func value() throws -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst() else { throw UsageError("--\(name.oneLine) needs a value") }
            return next
        }
        if let option = command.options.first(where: { $0.name == name }) {
            if option.takesValue {
                // Given again, an option's last value counts (an alias's default overridden), unless it adds up.
                parsed.values[name] = (option.repeatable ? parsed.values[name] ?? [] : []) + [try value()]
            } else {
                guard inline == nil else { throw UsageError("--\(name) takes no value") }
                parsed.values[name] = ["true"]
            }
            return
        }
        guard let work = command.settings else { throw UsageError(unknown(name, for: command)) }
        if let setting = try setting(named: name, work: work, for: command) {
            parsed.add(setting, value: setting.values == .flag ? inline ?? "true" : try value())
        } else if name.hasPrefix("no-"),
            let setting = try? setting(named: String(name.dropFirst(3)), work: work, for: command),
            setting.values == .flag
        {
            guard inline == nil else { throw UsageError("--\(name) takes no value") }
            parsed.add(setting, value: "false")
        } else {
            throw UsageError(unknown(name, for: command))
        }
    }

    /// The request setting `name` spells for `work`: nil when no setting is spelled so on the command line.
    ///
    /// - Throws: ``UsageError`` naming the commands it belongs to when it is a setting of other work.
    private static func setting(named name: String, work: RequestSetting.Work, for command: CommandSpec) throws
        -> RequestSetting?
    {
        guard RequestSettings.bySpelling[name]?.contains(where: { $0.surfaces.contains(.commandLine) }) == true
        else { return nil }
        do {
            return try RequestOptions.setting(named: name, from: .commandLine, work: work)
        } catch is InputError {
            throw UsageError(unknown(name, for: command))
        }
    }

    /// The refusal of option `name`, with the nearest of the command's options when one is near.
    /// An option of other commands is named as theirs ("unknown option '--width' for 'galley fonts'; it is an
    /// option of render, layout, measure").
    static func unknown(_ name: String, for command: CommandSpec) -> String {
        let others = GalleyTool.tool.commands.filter { other in
            other.name != command.name && other.entries.contains { $0.name == name || $0.formerNames.contains(name) }
        }
        guard !others.isEmpty else {
            return RequestOptions.unknownName(name, among: command.entries.map(\.name), from: .commandLine)
        }
        return "unknown option '--\(name)' for 'galley \(command.name)'; it is an option of "
            + others.map(\.name).joined(separator: ", ")
    }

    /// The refusal of a command line without `argument`, with the command's usage.
    private static func missing(_ argument: CommandSpec.Argument, of command: CommandSpec) -> UsageError {
        UsageError("name the \(argument.name) (usage: \(CommandHelp.usage(command)))")
    }

    /// Hands `values` to the command's positional arguments in order.
    private static func assign(_ values: [String], to command: CommandSpec, in parsed: inout ParsedCommandLine)
        throws
    {
        var values = values[...]
        for argument in command.arguments {
            switch argument.count {
            case .one:
                guard let value = values.popFirst() else { throw missing(argument, of: command) }
                parsed.arguments[argument.name] = [value]
            case .optional(let defaultValue):
                parsed.arguments[argument.name] = [values.popFirst() ?? defaultValue]
            case .oneOrMore:
                guard !values.isEmpty else { throw missing(argument, of: command) }
                parsed.arguments[argument.name] = Array(values)
                values = []
            }
        }
        if let extra = values.first {
            throw UsageError(
                "unexpected argument '\(extra.oneLine)': 'galley \(command.name)' takes "
                    + (command.arguments.isEmpty ? "no argument" : "one \(command.arguments[0].name)"))
        }
    }
}

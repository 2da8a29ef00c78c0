import GalleyDocuments
import GalleyRequests

/// A command's arguments read straight from the request-setting table, without ArgumentParser: at every start,
/// ArgumentParser reflects the command's option types (several milliseconds of type-metadata and conformance
/// lookups in a statically linked binary), which a one-row `galley measure` paid more for than its work.
///
/// Only the plain case is read here: long options the table names for the command's work (`--name value`,
/// `--name=value`, a flag alone), each value decoded by ``RequestOptions`` as ArgumentParser's path decodes it, at
/// most one input, and for a command that writes a file its `-o`/`--output`, once. Anything else (help, a short
/// option, `--`, an unknown or repeated option, a bad value, a second input) is left to ArgumentParser, so every
/// message and help text is the one it gives.
struct DirectArguments {
    /// The input argument (`-` when none is given), whether one was given, and the options decoded.
    let input: String
    let isInputGiven: Bool
    let options: RequestOptions
    /// The `-o`/`--output` value, when the command takes one and it was given.
    let output: String?

    /// `arguments` (after the command's name) read for `work`, with `-o`/`--output` when `takesOutput`; nil when
    /// they are not the plain case.
    init?(_ arguments: ArraySlice<String>, work: RequestSetting.Work, takesOutput: Bool = false) {
        var items: [(name: String, value: String)] = []
        var input: String?, output: String?
        var remaining = arguments
        while let argument = remaining.popFirst() {
            if takesOutput, output == nil, argument == "-o" || argument == "--output" || argument.hasPrefix("--output=")
            {
                let inline = argument.hasPrefix("--output=") ? String(argument.dropFirst("--output=".count)) : nil
                guard let value = inline ?? remaining.popFirst(), value == "-" || !value.hasPrefix("-") else {
                    return nil
                }
                output = value
                continue
            }
            guard argument.hasPrefix("--") else {
                // A second input, or a short option: ArgumentParser's to refuse or read.
                guard input == nil, argument == "-" || !argument.hasPrefix("-") else { return nil }
                input = argument
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let setting = try? RequestOptions.setting(named: name, from: .commandLine, work: work) else {
                return nil
            }
            if setting.values == .flag {
                guard inline == nil else { return nil }
                items.append((name, "true"))
            } else {
                // A value that looks like an option (`--width -5`) is ArgumentParser's to take or refuse.
                guard let value = inline ?? remaining.popFirst(), inline != nil || !value.hasPrefix("-") else {
                    return nil
                }
                items.append((name, value))
            }
        }
        guard
            let options = try? RequestOptions(
                items: items, from: .commandLine, work: work, access: .unrestricted())
        else { return nil }
        self.input = input ?? "-"
        isInputGiven = input != nil
        self.options = options
        self.output = output
    }
}

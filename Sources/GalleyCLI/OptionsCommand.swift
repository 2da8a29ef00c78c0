import GalleyDocuments
import GalleyRequests

/// `galley options`: every request setting, from the one table the commands, JSON rows and the service read.
enum OptionsCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "options",
            abstract:
                "Print every setting as a Markdown table: option, query parameter, measure row key, values, default.",
            discussion: """
                The command's options, `galley serve`'s query parameters (the same names: ?width=320&bold-text) and \
                `measure` rows' keys are all read from this one table.
                """),
        run: { _ in try StandardOutput.line(RequestSettings.markdownTable.dropLast().description) })
}

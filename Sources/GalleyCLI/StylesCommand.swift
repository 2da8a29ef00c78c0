import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley styles`: the Dynamic Type table as it resolves.
enum StylesCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "styles",
            abstract: "Print the Dynamic Type table: size, weight and leading of every text style.",
            discussion: """
                Without --category, every one of the twelve categories is listed.

                Examples:
                  galley styles --category accessibilityLarge
                  galley styles --bold-text --json
                """,
            options: [
                .init(
                    name: "category", help: "One content size category: extraSmall … accessibilityExtraExtraExtraLarge."
                ),
                .init(name: "bold-text", takesValue: false, help: "Apply the Bold Text accessibility setting."),
                .init(
                    name: "json", takesValue: false,
                    help: "Print JSON: [{\"style\", \"category\", \"size\", \"weight\", \"leading\"}]."),
            ]),
        run: { try run(category: $0.value("category"), boldText: $0.flag("bold-text"), json: $0.flag("json")) })

    struct Entry: Encodable {
        let style: String
        let category: String
        let size: Double
        let weight: Int
        let leading: Double
    }

    /// Prints the table for `category` (every category when nil), with Bold Text when `boldText`, as JSON when
    /// `json`.
    private static func run(category: String?, boldText: Bool, json: Bool) throws {
        let categories = try category.map { [try ContentSizeCategory(name: $0)] } ?? ContentSizeCategory.allCases
        let entries = categories.flatMap { category in
            let settings = DynamicTypeSettings(category: category, boldText: boldText)
            return TextStyle.allCases.map { style in
                Entry(
                    style: style.rawValue, category: category.rawValue, size: settings.pointSize(of: style),
                    weight: Int(settings.weight(of: style)), leading: settings.leading(of: style))
            }
        }
        if json {
            try StandardOutput.line(try JSONText.encoded(entries))
            return
        }
        for entry in entries {
            let name = entry.style.padding(toLength: 12, withPad: " ", startingAt: 0)
            try StandardOutput.line(
                "\(entry.category.padding(toLength: 34, withPad: " ", startingAt: 0)) \(name) \(entry.size.clean)pt  weight \(entry.weight)  leading \(entry.leading.clean)pt"
            )
        }
    }
}

extension Double {
    /// The number without a trailing `.0` for whole values.
    var clean: String { rounded() == self ? String(Int(self)) : String(self) }
}

import ArgumentParser
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley styles`: the Dynamic Type table as it resolves.
struct StylesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styles",
        abstract: "Print the Dynamic Type table: size, weight and leading of every text style.",
        discussion: """
            Without --category, every one of the twelve categories is listed.

            Examples:
              galley styles --category accessibilityLarge
              galley styles --bold-text --json
            """)

    @Option(help: "One content size category: extraSmall … accessibilityExtraExtraExtraLarge.")
    var category: String?

    @Flag(help: "Apply the Bold Text accessibility setting.")
    var boldText = false

    @Flag(help: "Print JSON: [{\"style\", \"category\", \"size\", \"weight\", \"leading\"}].")
    var json = false

    struct Entry: Encodable {
        let style: String
        let category: String
        let size: Double
        let weight: Int
        let leading: Double
    }

    func run() throws {
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

import Foundation
import Testing

@testable import GalleyCLI
@testable import GalleyDocuments
@testable import GalleyTestSupport

/// The command-line and JSON articles describe what the commands and readers accept, all of it.
@Suite struct DocumentationTests {
    static let catalog = TestFonts.repositoryRoot.appendingPathComponent("Sources/Galley/Galley.docc")
    static let commands = ["render", "layout", "measure", "serve", "fonts", "styles", "shape", "options"]

    /// Every command galley has is one of those the article describes.
    @Test func everyCommandIsInTheArticle() throws {
        #expect(Set(GalleyTool.commands.map(\.spec.name)) == Set(Self.commands))
    }

    /// The committed article is what `Scripts/cli-article` writes from the built commands' help.
    @Test func theCommandLineArticleIsTheCommandsHelp() throws {
        let binary = try #require(GalleyCommand.binary)
        let script = TestFonts.repositoryRoot.appendingPathComponent("Scripts/cli-article").path
        let outcome = try GalleyCommand.run([binary], executable: script)
        #expect(outcome.status == 0, "\(outcome.error)")
        let committed = try String(contentsOf: Self.catalog.appendingPathComponent("CommandLine.md"), encoding: .utf8)
        #expect(outcome.output == committed, "run Scripts/cli-article > Sources/Galley/Galley.docc/CommandLine.md")
    }

    /// Every long option of every command (its own and its request settings) appears in the article.
    @Test(arguments: commands)
    func everyFlagIsInTheCommandLineArticle(command: String) throws {
        let article = try String(contentsOf: Self.catalog.appendingPathComponent("CommandLine.md"), encoding: .utf8)
        let spec = try #require(GalleyTool.commands.first { $0.spec.name == command }?.spec)
        #expect(spec.entries.contains { $0.name == "help" })
        for option in spec.entries {
            #expect(article.contains("--\(option.name)"), "galley \(command) --\(option.name)")
        }
    }

    /// Every key a JSON document's objects accept, and every key of measure's rows, appears in the JSON article or
    /// measure's help.
    @Test func everyJSONKeyIsDocumented() throws {
        let article = try String(contentsOf: Self.catalog.appendingPathComponent("JSONDocuments.md"), encoding: .utf8)
        for (object, keys) in DocumentKeys.all {
            for key in keys { #expect(article.contains("\"\(key)\""), "\(object): \"\(key)\"") }
        }
        let measureHelp = try GalleyCommand.run(["measure", "--help"]).output
        for key in RequestSettings.lineKeys + ["id", "text", "width", "font", "style", "category", "language"] {
            #expect(measureHelp.contains("\"\(key)\""), "measure's rows: \"\(key)\"")
        }
    }
}

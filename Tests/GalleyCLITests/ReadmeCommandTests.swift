import Foundation
import Testing

@testable import GalleyTestSupport

/// Every `galley` command the README shows runs as written (its output sent to a scratch file), and the pages it
/// links to exist: a README a user copies from must not fail them.
@Suite struct ReadmeCommandTests {
    static let root = TestFonts.repositoryRoot

    /// The README's `galley` commands: each line of its shell blocks that runs `galley` (or `Scripts/galley`), and
    /// each inline command that names an example, as argument lists. The service's lines need a running server
    /// (ServiceTests runs those requests), so they are left out.
    static func commands() throws -> [[String]] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = []
        var inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell else {
                for match in line.matches(of: /`galley ((?:render|layout|measure) [^`]*Examples\/[^`]*)`/) {
                    commands.append("galley " + match.1)
                }
                continue
            }
            // The command itself: after a set-up step, before a comment.
            var command = String(line.split(separator: "&&").last ?? "").trimmingCharacters(in: .whitespaces)
            if let comment = command.range(of: " #") { command = String(command[..<comment.lowerBound]) }
            command = command.trimmingCharacters(in: .whitespaces)
            if command.hasPrefix("Scripts/galley ") { command = String(command.dropFirst("Scripts/".count)) }
            guard command.hasPrefix("galley "), !command.hasPrefix("galley serve") else { continue }
            commands.append(command)
        }
        return commands.map { $0.split(separator: " ").dropFirst().map(String.init) }
    }

    @Test func theREADMEShowsCommandsToRun() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 7, "\(commands)")
        #expect(commands.contains { $0.first == "measure" } && commands.contains { $0.first == "layout" })
    }

    @Test(arguments: try commands())
    func aREADMECommandRuns(_ arguments: [String]) throws {
        var arguments = arguments
        // The image goes to a scratch file of the same name.
        if let output = arguments.firstIndex(of: "-o"), output + 1 < arguments.count {
            arguments[output + 1] = GalleyCommand.temporary("readme-" + arguments[output + 1])
        }
        let outcome = try GalleyCommand.run(arguments)
        #expect(outcome.status == 0, "galley \(arguments.joined(separator: " ")): \(outcome.error)")
        #expect(!outcome.error.contains("error:"), "\(outcome.error)")
    }

    /// Every relative link of the README and the pages it links to names a file that exists.
    @Test(arguments: [
        "README.md", "docs/Typography.md", "docs/CommandLine.md", "docs/Web.md", "docs/Service.md",
        "docs/HowItIsBuilt.md", "Benchmarks/README.md",
    ])
    func everyLinkNamesAFile(_ page: String) throws {
        let url = Self.root.appendingPathComponent(page)
        // Links only: a Markdown example in a code span (`![alt](picture.png)`) names no file.
        let text = try String(contentsOf: url, encoding: .utf8).replacing(/`[^`\n]*`/, with: "")
        let folder = url.deletingLastPathComponent()
        for match in text.matches(of: /\]\(([^)#\s]+)(?:#[^)]*)?\)/) where !match.1.hasPrefix("http") {
            let target = folder.appendingPathComponent(String(match.1)).standardizedFileURL.path
            #expect(FileManager.default.fileExists(atPath: target), "\(page) links to \(match.1), which is missing")
        }
    }
}

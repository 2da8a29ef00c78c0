import Foundation
import Testing

@testable import GalleyTestSupport

/// The README's library example is Examples/Library/main.swift, built as a client of Galley would build it (the
/// LibraryExample target imports Galley without @testable), and it runs: it writes its PNG and prints its sizes.
@Suite struct LibraryExampleTests {
    @Test func theREADMEsLibraryExampleBuildsAndRuns() throws {
        let root = TestFonts.repositoryRoot
        let example = try String(
            contentsOf: root.appendingPathComponent("Examples/Library/main.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"), "README.md shows Examples/Library/main.swift as it is")
        let binary = URL(fileURLWithPath: try #require(GalleyCommand.binary, "galley is not built"))
            .deletingLastPathComponent().appendingPathComponent("LibraryExample").path
        let folder = URL(fileURLWithPath: GalleyCommand.temporary("library-example"))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let outcome = try GalleyCommand.run([], executable: binary, directory: folder)
        #expect(outcome.status == 0, "\(outcome.error)")
        let png = try Data(contentsOf: folder.appendingPathComponent("out.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(outcome.output.split(separator: "\n").count >= 2, "\(outcome.output)")
    }
}

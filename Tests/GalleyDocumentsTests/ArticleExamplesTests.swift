import Foundation
import Testing

@testable import GalleyTestSupport

/// The DocC articles' examples compile as a client's code (ArticleExamples.swift, which imports the libraries
/// without @testable): this checks that file is what the articles say today.
@Suite struct ArticleExamplesTests {
    @Test func theCompiledExamplesAreTheArticles() throws {
        let outcome = try GalleyCommand.run(
            ["python3", TestFonts.repositoryRoot.appendingPathComponent("Scripts/article-examples").path, "--check"],
            executable: "/usr/bin/env")
        #expect(outcome.status == 0, "the articles changed: run Scripts/article-examples")
    }
}

import Foundation
import Testing

@testable import GalleyTestSupport

/// Every Chromium answer under Tests/Fixtures/chromium can be recorded again from the repository: the folder's
/// `recipes` file names each answers' file once with Scripts/record-chromium's options (which the script accepts),
/// its rows' file exists, and the answers are one per row, in the rows' order.
@Suite struct ChromiumRecipesTests {
    static let folder = TestFonts.fixture("chromium")

    /// Each recipe's answers' file and options.
    static func recipes() throws -> [(file: String, options: [String])] {
        let text = try String(contentsOf: folder.appendingPathComponent("recipes"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let words = line.split(separator: " ", maxSplits: 1)
            return (String(words[0]), words.count > 1 ? [String(words[1])] : [])
        }
    }

    /// The ids of a JSON-lines file's rows, in order (lines end at "\n" only: texts may hold U+2028).
    static func ids(_ name: String) throws -> [String] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return "\(object?["id"] ?? "none")"
        }
    }

    @Test func everyAnswersFileHasOneRecipeAndEveryRecipeItsFiles() throws {
        let answers = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.contains(".chrome-") && $0.hasSuffix(".jsonl") }.sorted()
        let recipes = try Self.recipes().map(\.file)
        #expect(answers.count >= 50)
        #expect(recipes.sorted() == answers, "answers without a recipe or recipes without answers")
        #expect(Set(recipes).count == recipes.count, "a file with two recipes")
        for file in answers {
            let rows = String(file[..<file.range(of: ".chrome-")!.lowerBound]) + ".rows.jsonl"
            #expect(try Self.ids(file) == (try Self.ids(rows)), "\(file): not one answer per row of \(rows)")
        }
    }

    @Test func theRecipesOptionsAreTheRecordersOwn() throws {
        let script = try String(
            contentsOf: TestFonts.repositoryRoot.appendingPathComponent("Scripts/record-chromium"), encoding: .utf8)
        for (file, options) in try Self.recipes() {
            let names = options.joined(separator: " ").matches(of: /--[a-z-]+/).map { String($0.output) }
            #expect(names.contains("--width"), "\(file): no width")
            for name in names {
                #expect(script.contains("\"\(name)\""), "\(file): \(name) is not an option of Scripts/record-chromium")
            }
        }
    }
}

import Foundation
import Galley

/// Libraries and paths shared by the tests. Most tests see only the bundled fonts, so their results are the same
/// on every machine; tests about fontconfig fallback use ``system``.
enum TestFonts {
    private static let bundledLibrary = Result { try FontLibrary(includeSystemFonts: false) }
    private static let systemLibrary = Result { try FontLibrary(includeSystemFonts: true) }

    /// A library over Fonts/ alone.
    static var bundled: FontLibrary { get throws { try bundledLibrary.get() } }
    /// A library over Fonts/ and the system's fonts.
    static var system: FontLibrary { get throws { try systemLibrary.get() } }

    /// The repository's root directory.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file under Tests/Fixtures.
    static func fixture(_ name: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name)
    }

    /// The rows of Benchmarks/Corpus/notes.txt, the corpus the benchmarks measure (empty when it cannot be read,
    /// which the tests counting them notice).
    static let noteRows: [String] = {
        let url = repositoryRoot.appendingPathComponent("Benchmarks/Corpus/notes.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }()

    /// A file under Fonts/.
    static func fontFile(_ relativePath: String) -> String {
        repositoryRoot.appendingPathComponent("Fonts").appendingPathComponent(relativePath).path
    }

    /// Itemizes and shapes `text` as one paragraph with `attributes`, using the bundled fonts.
    static func shape(_ text: String, attributes: TextAttributes = TextAttributes(), library: FontLibrary? = nil)
        throws -> ShapedParagraph
    {
        let itemizer = Itemizer(fontLibrary: try library ?? bundled)
        return try Shaper().shape(Paragraph(text, attributes: attributes), itemizer: itemizer)
    }
}

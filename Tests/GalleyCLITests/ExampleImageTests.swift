import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The images in Examples/ (the README's) are what `galley render` makes of their inputs today, as
/// Examples/examples.list renders them: a change that alters them must render them again
/// (`Scripts/render-examples`).
@Suite struct ExampleImageTests {
    /// Each line of the list: the image, the input and its flags.
    static let examples: [(image: String, arguments: [String])] = {
        let url = TestFonts.repositoryRoot.appendingPathComponent("Examples/examples.list")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let words = line.split(separator: " ").map(String.init)
            return (words[0], Array(words.dropFirst()))
        }
    }()

    @Test func everyExampleIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: TestFonts.repositoryRoot.appendingPathComponent("Examples").path)
        let images = files.filter { $0.hasSuffix(".png") && !["flower.png", "leaf.png"].contains($0) }
        #expect(Set(images.map { "Examples/" + $0 }) == Set(Self.examples.map(\.image)))
    }

    @Test(arguments: examples.map(\.image))
    func theCommittedImageIsWhatTheListRenders(image: String) throws {
        let arguments = try #require(Self.examples.first { $0.image == image }).arguments
        let output = GalleyCommand.temporary("example-\((image as NSString).lastPathComponent)")
        let outcome = try GalleyCommand.run(["render"] + arguments + ["-o", output])
        #expect(outcome.status == 0, "\(outcome.error)")
        let rendered = try GalleyCommand.image(output)
        let committed = try GalleyCommand.image(TestFonts.repositoryRoot.appendingPathComponent(image).path)
        try #require(
            rendered.width == committed.width && rendered.height == committed.height,
            "\(image): \(rendered.width)×\(rendered.height), committed \(committed.width)×\(committed.height); run Scripts/render-examples"
        )
        let allowed = Int(Double(rendered.width * rendered.height) * Snapshot.differingFraction)
        let differing = Snapshot.differingPixels(rendered, committed)
        #expect(differing <= allowed, "\(image): \(differing) pixels differ; run Scripts/render-examples")
    }
}

/// A note read by the library with no defaults given draws as `galley render` draws it: the same defaults, the
/// same image, byte for byte.
@Suite struct LibraryNoteTests {
    @Test(arguments: ["Examples/note-chinese.md", "Examples/note-markdown.md", "Examples/note-table.md"])
    func aNoteReadByTheLibraryDrawsAsTheCommandDrawsIt(note: String) throws {
        let path = TestFonts.repositoryRoot.appendingPathComponent(note).path
        let output = GalleyCommand.temporary("library-\((note as NSString).lastPathComponent).png")
        let outcome = try GalleyCommand.run(["render", path, "-o", output])
        #expect(outcome.status == 0, "\(outcome.error)")
        let document = try NoteReader.read(
            try String(contentsOfFile: path, encoding: .utf8),
            access: FileAccess(baseDirectory: (path as NSString).deletingLastPathComponent))
        let png = try DocumentRenderer(document: document, library: try FontLibrary.standard).renderPNG()
        #expect(png == (try Data(contentsOf: URL(fileURLWithPath: output))))
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyTestSupport

/// `galley render` of several inputs and .jsonl batches into a directory.
@Suite struct BatchRenderTests {

    @Test func aBatchWritesTheImagesTheSingleRendersWrite() throws {
        let directory = GalleyCommand.temporary("batch")
        try? FileManager.default.removeItem(atPath: directory)
        let lines = GalleyCommand.temporary("week.jsonl")
        let documents = [
            #"{"container": {"width": 200}, "content": [{"text": "Monday: 周一，写笔记。"}]}"#, "",
            #"{"content": 3}"#,
            ##"{"container": {"width": 240}, "content": [{"text": "Thursday", "attributes": {"color": "#AA0000"}}]}"##,
        ]
        try documents.joined(separator: "\n").write(toFile: lines, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run([
            "render", "Examples/note-english.md", "Examples/note-chinese.md", lines, "-o", directory,
        ])
        #expect(outcome.status == 1)
        let errors = outcome.error.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].contains("week.jsonl:3: content"), "\(outcome.error)")
        let written = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(
            written.contains { $0.hasPrefix("galley-cli") && $0.hasSuffix("week-1.png") }
                && written.contains { $0.hasSuffix("week-4.png") } && written.count == 4, "\(written)")
        // Each image is the one rendering its input alone writes, byte for byte.
        let single = GalleyCommand.temporary("single-note.png")
        #expect(try GalleyCommand.run(["render", "Examples/note-chinese.md", "-o", single]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: "\(directory)/note-chinese.png"))
                == Data(contentsOf: URL(fileURLWithPath: single)))
        let thursday = GalleyCommand.temporary("thursday.json")
        try documents[3].write(toFile: thursday, atomically: false, encoding: .utf8)
        #expect(try GalleyCommand.run(["render", thursday, "-o", single]).status == 0)
        let batchName = (lines as NSString).lastPathComponent.replacingOccurrences(of: ".jsonl", with: "-4.png")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(batchName)"))
                == Data(contentsOf: URL(fileURLWithPath: single)))
    }

    @Test func inputsThatWouldOverwriteEachOtherAreRefusedBeforeDrawing() throws {
        let directory = GalleyCommand.temporary("clash")
        try? FileManager.default.removeItem(atPath: directory)
        let copy = GalleyCommand.temporary("copy")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(
            atPath: "\(TestFonts.repositoryRoot.path)/Examples/note-english.md",
            toPath: "\(copy)/note-english.md")
        let outcome = try GalleyCommand.run([
            "render", "Examples/note-english.md", "\(copy)/note-english.md", "-o", directory,
        ])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("would both be written to"), "\(outcome.error)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty ?? true)
        let stdin = try GalleyCommand.run(["render", "-", "Examples/note-english.md", "-o", directory])
        #expect(stdin.status == 2 && stdin.error.contains("standard input"), "\(stdin.error)")
    }
}

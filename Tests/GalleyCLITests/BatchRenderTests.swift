import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `galley render` of several inputs and .jsonl batches into a directory.
@Suite struct BatchRenderTests {
    /// A folder renders every input in it, in name order, each as it renders alone; with --recursive its
    /// subfolders too, into matching subfolders; `-o folder/` makes the folder for one input.
    @Test func aFolderRendersEveryNoteInIt() throws {
        let folder = GalleyCommand.temporary("folder-notes")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["a.md", "b.txt", "c.json", "sub/d.md"] {
            let text = name.hasSuffix(".json") ? #"{"content": ["Hello"]}"# : "# \(name)\n\nA line."
            try text.write(toFile: "\(folder)/\(name)", atomically: false, encoding: .utf8)
        }
        try "not an input".write(toFile: folder + "/notes.csv", atomically: false, encoding: .utf8)
        let output = GalleyCommand.temporary("folder-images")
        try? FileManager.default.removeItem(atPath: output)
        let flat = try GalleyCommand.run(["render", folder, "-o", output])
        #expect(flat.status == 0, "\(flat.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output).sorted() == ["a.png", "b.png", "c.png"])
        let alone = GalleyCommand.temporary("folder-alone.png")
        #expect(try GalleyCommand.run(["render", folder + "/a.md", "-o", alone]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: output + "/a.png"))
                == Data(contentsOf: URL(fileURLWithPath: alone)))
        let deep = GalleyCommand.temporary("folder-images-deep")
        try? FileManager.default.removeItem(atPath: deep)
        #expect(try GalleyCommand.run(["render", folder, "-o", deep, "--recursive"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: deep + "/sub/d.png"))
        let one = GalleyCommand.temporary("folder-one")
        try? FileManager.default.removeItem(atPath: one)
        #expect(try GalleyCommand.run(["render", folder + "/a.md", "-o", one + "/"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: one + "/a.png"))
        let empty = GalleyCommand.temporary("folder-empty")
        try? FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let nothing = try GalleyCommand.run(["render", empty, "-o", output])
        #expect(nothing.status != 0 && nothing.error.contains("holds no .md, .txt, .json or .jsonl file"))
    }

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

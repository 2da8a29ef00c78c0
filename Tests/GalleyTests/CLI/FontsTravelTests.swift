import Foundation
import Testing

@testable import Galley

/// The default fonts travel with the binary: a `galley` copied away from its source tree renders exactly as the
/// one built in place, and a fonts directory that is asked for but missing is an error saying how to fix it.
@Suite struct FontsTravelTests {
    /// The test process's environment without `$GALLEY_FONTS_DIR`.
    static var environmentWithoutFontsDirectory: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[BundledFonts.directoryVariable] = nil
        return environment
    }

    @Test func aCopiedBinaryRendersANoteIdenticallyFromAnEmptyDirectory() throws {
        let home = URL(fileURLWithPath: GalleyCommandTests.temporary("travel"))
        try? FileManager.default.removeItem(at: home)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let copy = home.appendingPathComponent("galley").path
        try FileManager.default.copyItem(atPath: try #require(GalleyCommandTests.binary), toPath: copy)
        let note = home.appendingPathComponent("note.md")
        try FileManager.default.copyItem(
            at: TestFonts.repositoryRoot.appendingPathComponent("Examples/note-mixed.md"), to: note)

        let original = GalleyCommandTests.temporary("travel-original.png")
        let arguments = ["render", note.path, "--no-system-fonts", "-o"]
        let built = try GalleyCommandTests.run(
            arguments + [original], environment: Self.environmentWithoutFontsDirectory)
        #expect(built.status == 0, "\(built.error)")
        let travelled = home.appendingPathComponent("note.png").path
        let moved = try GalleyCommandTests.run(
            arguments + [travelled], executable: copy, directory: home,
            environment: Self.environmentWithoutFontsDirectory)
        #expect(moved.status == 0, "\(moved.error)")

        let (a, b) = (try GalleyCommandTests.image(original), try GalleyCommandTests.image(travelled))
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixels == b.pixels, "the copied binary drew different pixels")
        // Structural check: the note has ink, so equal images are not two blank pages.
        #expect(
            RenderFixtures.inkBounds(a, rows: 0..<a.height, background: Color(red: 0.98, green: 0.973, blue: 0.953))
                != nil)
        // The copy's fonts are the compiled-in ones, whatever directory it runs in.
        let fonts = try GalleyCommandTests.run(
            ["fonts", "--no-system-fonts"], executable: copy, directory: home,
            environment: Self.environmentWithoutFontsDirectory)
        #expect(fonts.output.contains("Fonts/NotoSansSC/NotoSansSC-Regular.otf"))
        #expect(fonts.output.split(separator: "\n").allSatisfy { $0.hasPrefix("bundled") })
    }

    @Test func aMissingFontsDirectoryIsAnErrorSayingHowToFixIt() throws {
        var environment = Self.environmentWithoutFontsDirectory
        environment[BundledFonts.directoryVariable] = "/nonexistent/galley-fonts"
        let outcome = try GalleyCommandTests.run(
            ["render", "Examples/note-mixed.md", "-o", GalleyCommandTests.temporary("missing.png")],
            environment: environment)
        #expect(outcome.status == 1)
        #expect(
            outcome.error.contains(
                "fonts directory /nonexistent/galley-fonts is missing or holds no font; point GALLEY_FONTS_DIR at a "
                    + "directory of .ttf/.otf files, or unset it to use the fonts compiled into Galley"),
            "\(outcome.error)")
        #expect(!FileManager.default.fileExists(atPath: GalleyCommandTests.temporary("missing.png")))
    }

    @Test func aFontsDirectoryReplacesTheCompiledInFonts() throws {
        let library = try FontLibrary(
            bundledFonts: .directory(TestFonts.repositoryRoot.appendingPathComponent("Fonts/JetBrainsMono").path),
            includeSystemFonts: false)
        #expect(library.bundledFamilies == ["JetBrains Mono"])
        #expect(throws: FontError.self) { try library.font(family: "Inter", size: 17) }
        let compiledIn = try FontLibrary(includeSystemFonts: false)
        #expect(compiledIn.bundledFaces.count == 13)
        #expect(compiledIn.bundledFamilies.contains("Noto Sans CJK SC"))
    }
}

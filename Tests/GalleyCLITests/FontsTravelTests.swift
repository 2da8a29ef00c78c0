import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

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
        let home = URL(fileURLWithPath: GalleyCommand.temporary("travel"))
        try? FileManager.default.removeItem(at: home)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let copy = home.appendingPathComponent("galley").path
        try FileManager.default.copyItem(atPath: try #require(GalleyCommand.binary), toPath: copy)
        let note = home.appendingPathComponent("note.md")
        try FileManager.default.copyItem(
            at: TestFonts.repositoryRoot.appendingPathComponent("Examples/note-mixed.md"), to: note)

        let original = GalleyCommand.temporary("travel-original.png")
        let arguments = ["render", note.path, "--no-system-fonts", "-o"]
        let built = try GalleyCommand.run(
            arguments + [original], environment: Self.environmentWithoutFontsDirectory)
        #expect(built.status == 0, "\(built.error)")
        let travelled = home.appendingPathComponent("note.png").path
        let moved = try GalleyCommand.run(
            arguments + [travelled], executable: copy, directory: home,
            environment: Self.environmentWithoutFontsDirectory)
        #expect(moved.status == 0, "\(moved.error)")

        let (a, b) = (try GalleyCommand.image(original), try GalleyCommand.image(travelled))
        #expect(a.width == b.width && a.height == b.height)
        #expect(a.pixels == b.pixels, "the copied binary drew different pixels")
        // Structural check: the note has ink, so equal images are not two blank pages.
        #expect(
            RenderFixtures.inkBounds(a, rows: 0..<a.height, background: Color(red: 0.98, green: 0.973, blue: 0.953))
                != nil)
        // The copy's fonts are the compiled-in ones, whatever directory it runs in.
        let fonts = try GalleyCommand.run(
            ["fonts", "--no-system-fonts"], executable: copy, directory: home,
            environment: Self.environmentWithoutFontsDirectory)
        #expect(fonts.output.contains("compiled in from Fonts/NotoSansSC/NotoSansSC-Regular.otf"))
        #expect(fonts.output.split(separator: "\n").allSatisfy { $0.hasPrefix("bundled") })
    }

    @Test func aMissingFontsDirectoryIsAnErrorSayingHowToFixIt() throws {
        var environment = Self.environmentWithoutFontsDirectory
        environment[BundledFonts.directoryVariable] = "/nonexistent/galley-fonts"
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-mixed.md", "-o", GalleyCommand.temporary("missing.png")],
            environment: environment)
        #expect(outcome.status == 1)
        #expect(
            outcome.error.contains(
                "fonts directory /nonexistent/galley-fonts is missing or holds no font; point GALLEY_FONTS_DIR at a "
                    + "directory of .ttf/.otf files, or unset it to use the fonts compiled into Galley"),
            "\(outcome.error)")
        #expect(!FileManager.default.fileExists(atPath: GalleyCommand.temporary("missing.png")))
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

    /// A fonts directory holding a good font, three links to it, a truncated copy and an oversized-looking
    /// non-font: the good font is opened once (`fonts` lists it once), each unusable file is skipped with a warning
    /// that says why, and the text still renders in the good font.
    @Test func aFontsDirectoryOpensEachFileOnceAndWarnsOfWhatItSkips() throws {
        let folder = GalleyCommand.temporary("fonts-directory")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let good = TestFonts.fontFile("JetBrainsMono/JetBrainsMono-Regular.ttf")
        try FileManager.default.copyItem(atPath: good, toPath: folder + "/a-good.ttf")
        for index in 0..<3 { _ = link(folder + "/a-good.ttf", folder + "/link\(index).ttf") }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: folder + "/cut.ttf"))
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: folder + "/text.ttf"))
        var environment = Self.environmentWithoutFontsDirectory
        environment[BundledFonts.directoryVariable] = folder
        let fonts = try GalleyCommand.run(["fonts", "--no-system-fonts"], environment: environment)
        #expect(fonts.status == 0)
        #expect(fonts.output.components(separatedBy: "JetBrains Mono").count - 1 == 1, "\(fonts.output)")
        let warnings = fonts.error.split(separator: "\n")
        #expect(warnings.count == 2, "\(fonts.error)")
        #expect(warnings.contains { $0.contains("cut.ttf") && $0.contains("table is cut short") })
        #expect(warnings.contains { $0.contains("text.ttf") && $0.contains("no OpenType or TrueType face") })
        let layout = try GalleyCommand.run(
            ["layout", "-", "--no-system-fonts", "--font", "JetBrains Mono"], input: "Hello", environment: environment)
        #expect(layout.status == 0 && layout.output.contains("JetBrains Mono"), "\(layout.error)")
    }

    /// A truncated font named as a file is an error naming what is wrong, not a blank image.
    @Test func aTruncatedFontFileIsRefused() throws {
        let path = GalleyCommand.temporary("truncated.ttf")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TestFonts.fontFile("Inter/Inter-roman.var.ttf")))
        try bytes.prefix(bytes.count - 1_000).write(to: URL(fileURLWithPath: path))
        let outcome = try GalleyCommand.run(
            ["render", "-", "--font", path, "-o", GalleyCommand.temporary("truncated.png")], input: "Hello")
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("not a usable font file: \(path) (its '"), "\(outcome.error)")
        #expect(outcome.error.contains("table is cut short"))
    }
}

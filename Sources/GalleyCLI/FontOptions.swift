import ArgumentParser
import Galley
import GalleyDocuments
import GalleyRequests
import Synchronization

/// The font options shared by commands that lay out text (``RequestSettings``' font settings).
struct FontOptions: SettingOptions {
    @Option(name: .setting(.font), help: .setting(.font)) var font: String?
    @Option(name: .setting(.size), parsing: .unconditional, help: .setting(.size)) var size: String?
    @Option(name: .setting(.weight), parsing: .unconditional, help: .setting(.weight)) var weight: String?
    @Flag(name: .setting(.italic), help: .setting(.italic)) var italic = false
    @Option(name: .setting(.style), help: .setting(.style)) var style: String?
    @Option(name: .setting(.category), help: .setting(.category)) var category: String?
    @Flag(name: .setting(.boldText), help: .setting(.boldText)) var boldText = false
    @Flag(name: .setting(.noSystemFonts), help: .setting(.noSystemFonts)) var noSystemFonts = false

    var items: [(name: String, value: String)] {
        item(.font, font) + item(.size, size) + item(.weight, weight) + item(.italic, italic ? true : nil)
            + item(.style, style) + item(.category, category) + item(.boldText, boldText ? true : nil)
            + item(.noSystemFonts, noSystemFonts ? true : nil)
    }

    /// The font library `options` ask for, reporting on stderr (once per library) the faces of `$GALLEY_FONTS_DIR`
    /// it had to leave out.
    static func library(_ options: RequestOptions) throws -> FontLibrary {
        reportSkippedFaces(of: try options.fontLibrary())
    }

    /// The shared library with or without system fonts, reporting the faces it skipped.
    static func library(noSystemFonts: Bool) throws -> FontLibrary {
        reportSkippedFaces(of: try noSystemFonts ? FontLibrary.bundledOnly : .standard)
    }

    /// `library`, once its skipped faces are reported on stderr (once per library).
    @discardableResult
    static func reportSkippedFaces(of library: FontLibrary) -> FontLibrary {
        if reported.withLock({ $0.insert(ObjectIdentifier(library)).inserted }) {
            for skipped in library.skippedBundledFaces {
                StandardOutput.error("galley: warning: skipped \(skipped.description.oneLine)\n")
            }
        }
        return library
    }

    private static let reported = Mutex(Set<ObjectIdentifier>())
}

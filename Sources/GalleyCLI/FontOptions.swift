import Galley
import GalleyDocuments
import GalleyRequests
import Synchronization

/// The font library a command's options ask for, and the one report of the faces it had to skip.
enum FontOptions {
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

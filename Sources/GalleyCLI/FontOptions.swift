import ArgumentParser
import Galley
import GalleyDocuments
import Synchronization

/// The font flags shared by commands that lay out text: `--font`, `--size`, `--style`, `--category`, `--bold-text`,
/// `--no-system-fonts`.
struct FontOptions: ParsableArguments {
    @Option(help: "A font family name (bundled or system) or a font file path.")
    var font: String?

    @Option(parsing: .unconditional, help: "The font size in points (default: the text style's size, 17 for body).")
    var size: Double?

    @Option(
        parsing: .unconditional,
        help: "The font weight, 1…1000: 400 regular, 600 semibold, 700 bold (default: the text style's).")
    var weight: Double?

    @Flag(help: "Use the family's italic face.")
    var italic = false

    @Option(
        help:
            "A Dynamic Type text style: largeTitle, title1…title3, headline, subheadline, body, callout, footnote, caption1, caption2."
    )
    var style: String?

    @Option(help: "The content size category: extraSmall … accessibilityExtraExtraExtraLarge (default large).")
    var category: String?

    @Flag(help: "Apply the Bold Text accessibility setting.")
    var boldText = false

    @Flag(help: "Use only the fonts compiled into Galley, for the same output on every machine.")
    var noSystemFonts = false

    /// The font library the flags ask for: the shared standard one, or one without system fonts. The faces of
    /// `$GALLEY_FONTS_DIR` it had to leave out are reported on stderr, once per library.
    func library() throws -> FontLibrary { try Self.library(noSystemFonts: noSystemFonts) }

    /// The shared library with or without system fonts, reporting the faces it skipped (once per library).
    static func library(noSystemFonts: Bool) throws -> FontLibrary {
        let library = try noSystemFonts ? FontLibrary.bundledOnly : .standard
        if reported.withLock({ $0.insert(ObjectIdentifier(library)).inserted }) {
            for skipped in library.skippedBundledFaces {
                StandardOutput.error("galley: warning: skipped \(skipped.description.oneLine)\n")
            }
        }
        return library
    }

    private static let reported = Mutex(Set<ObjectIdentifier>())

    func validate() throws {
        try NumberFlag.check("--size", size, Font.sizeLimit)
        try NumberFlag.check("--weight", weight, 1...1000)
    }

    /// The Dynamic Type settings the flags ask for.
    func settings() throws -> DynamicTypeSettings {
        DynamicTypeSettings(category: try category.map(ContentSizeCategory.init(name:)) ?? .large, boldText: boldText)
    }

    /// The font the flags ask for.
    func request() throws -> FontRequest {
        FontRequest(
            family: font, size: size, style: try style.map(TextStyle.init(name:)) ?? .body, weight: weight,
            italic: italic)
    }

    /// The font specifier the flags ask for: a style, a family at a style's size, or a fixed font.
    func specifier(library: FontLibrary) throws -> FontSpecifier {
        try request().specifier(library: library, settings: try settings())
    }
}

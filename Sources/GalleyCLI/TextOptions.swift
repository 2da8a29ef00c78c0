import ArgumentParser
import Galley
import GalleyDocuments

/// The flags shared by commands that break text into lines: `--hyphenate` and `--language`.
struct TextOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Hyphenate words automatically, 0…1 (TextKit's hyphenationFactor: 1 whenever a word does not fit).")
    var hyphenate: Double?

    @Option(
        help:
            "The text's BCP 47 language (en-US, zh-Hans…) where the input sets none: line breaking, glyphs, hyphenation."
    )
    var language: String?

    func validate() throws {
        try NumberFlag.check("--hyphenate", hyphenate, 0...1)
        if let language, !LanguageTag.isValid(language) {
            throw ValidationError("--language \"\(language)\" is not a known BCP 47 language tag")
        }
    }

    /// `attributes` with the flags applied where they set nothing themselves.
    func applied(to attributes: TextAttributes) -> TextAttributes {
        Self.applying(hyphenate: hyphenate, language: language, to: attributes)
    }

    /// `attributes` with `language` where they name none and, when given, the hyphenation factor `hyphenate`.
    static func applying(hyphenate: Double?, language: String?, to attributes: TextAttributes) -> TextAttributes {
        var changed = attributes
        if let language, changed.language == nil { changed.language = language }
        if let hyphenate {
            var style = changed.paragraphStyle ?? ParagraphStyle()
            style.hyphenationFactor = hyphenate
            changed.paragraphStyle = style
        }
        return changed
    }

    /// Whether any flag is set.
    var isSet: Bool { hyphenate != nil || language != nil }
}

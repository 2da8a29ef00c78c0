import ArgumentParser
import Galley
import GalleyDocuments

/// The flags shared by commands that break text into lines: hyphenation, language, CJK spacing, alignment, line
/// heights and line-breaking rules.
struct TextOptions: ParsableArguments {
    @Option(name: .setting("hyphenationFactor"), parsing: .unconditional, help: .setting("hyphenationFactor"))
    var hyphenationFactor: Double?

    @Option(
        name: [.customLong("lang"), .customLong("language")],
        help: ArgumentHelp(
            "The text's BCP 47 language (en-US, zh-Hans…) where the input names none; else it is inferred from the text.",
            discussion:
                "It picks line-breaking rules, glyph forms (locl), fallback fonts and hyphenation. 'auto' takes the "
                + "process's locale (LC_ALL, LC_MESSAGES, LANG); without it results never depend on the locale."))
    var language: String?

    @Flag(name: .setting("autospace"), inversion: .prefixedNo, help: .setting("autospace"))
    var autospace: Bool?

    @Option(name: .setting("alignment"), help: .setting("alignment"))
    var alignment: ParagraphStyle.Alignment?

    @Option(name: .setting("punctuationTrim"), help: .setting("punctuationTrim"))
    var punctuationTrim: ParagraphStyle.PunctuationTrim?

    @Option(name: .setting("punctuationFont"), help: .setting("punctuationFont"))
    var punctuationFont: ParagraphStyle.PunctuationFont?

    @Option(name: .setting("lineHeightMetrics"), help: .setting("lineHeightMetrics"))
    var lineHeightMetrics: ParagraphStyle.LineHeightMetrics?

    @Option(name: .setting("baseWritingDirection"), help: .setting("baseWritingDirection"))
    var baseWritingDirection: ParagraphStyle.WritingDirection?

    @Option(name: .setting("wordBreak"), help: .setting("wordBreak"))
    var wordBreak: ParagraphStyle.WordBreak?

    @Option(name: .setting("overflowWrap"), help: .setting("overflowWrap"))
    var overflowWrap: ParagraphStyle.OverflowWrap?

    @Option(name: .setting("lineBreakRules"), help: .setting("lineBreakRules"))
    var lineBreakRules: ParagraphStyle.LineBreakRules?

    @Option(name: .setting("textWrap"), help: .setting("textWrap"))
    var textWrap: ParagraphStyle.TextWrap?

    @Option(
        name: .setting("maximumConsecutiveHyphenatedLines"), help: .setting("maximumConsecutiveHyphenatedLines"))
    var maximumConsecutiveHyphenatedLines: Int?

    /// The line settings given, by their ``LineSettings`` key, as JSON values: read into a paragraph style by the
    /// table, as a JSON document's are.
    private var lineSettings: [(key: String, value: JSONValue)] {
        let given: [(String, JSONValue?)] = [
            ("alignment", alignment.map { .string($0.rawValue) }),
            ("hyphenationFactor", hyphenationFactor.map { .number($0) }), ("autospace", autospace.map { .bool($0) }),
            ("punctuationTrim", punctuationTrim.map { .string($0.rawValue) }),
            ("punctuationFont", punctuationFont.map { .string($0.rawValue) }),
            ("lineHeightMetrics", lineHeightMetrics.map { .string($0.rawValue) }),
            ("baseWritingDirection", baseWritingDirection.map { .string($0.rawValue) }),
            ("wordBreak", wordBreak.map { .string($0.rawValue) }),
            ("overflowWrap", overflowWrap.map { .string($0.rawValue) }),
            ("lineBreakRules", lineBreakRules.map { .string($0.rawValue) }),
            ("textWrap", textWrap.map { .string($0.rawValue) }),
            ("maximumConsecutiveHyphenatedLines", maximumConsecutiveHyphenatedLines.map { .number(Double($0)) }),
        ]
        return given.compactMap { key, value in value.map { (key, $0) } }
    }

    func validate() throws {
        // Each value is checked by the table that reads it, the message naming the flag.
        for (key, value) in lineSettings {
            let setting = LineSettings.named(key)
            if case .number(let range) = setting.values, case .number(let number) = value {
                try NumberFlag.check("--\(setting.flag)", number, range)
            }
            var style = ParagraphStyle()
            do { try setting.apply(JSONField(value: value, path: "--\(setting.flag)"), &style) } catch {
                throw ValidationError("\(error)")
            }
        }
        if let language, language != "auto", !LanguageTag.isValid(language) {
            let shown = language.count > 40 ? language.prefix(40) + "…" : Substring(language)
            throw ValidationError("--lang \"\(shown)\" is not a known BCP 47 language tag")
        }
    }

    /// The flags' values.
    var settings: TextSettings {
        TextSettings(
            language: language == "auto" ? Hyphenator.localeLanguage : language, lineSettings: .object(lineSettings))
    }

    /// `attributes` with the flags applied.
    func applied(to attributes: TextAttributes) -> TextAttributes { settings.applied(to: attributes) }

    /// Whether any flag is set.
    var isSet: Bool { settings != TextSettings() }
}

extension NameSpecification {
    /// The flag of line setting `key` and its former names (``LineSettings``).
    static func setting(_ key: String) -> NameSpecification {
        let setting = LineSettings.named(key)
        return NameSpecification([.customLong(setting.flag)] + setting.formerFlags.map { .customLong($0) })
    }
}

extension ArgumentHelp {
    /// The help of line setting `key`, from ``LineSettings``.
    static func setting(_ key: String) -> ArgumentHelp { ArgumentHelp(LineSettings.named(key).help) }
}

/// An option's value named by its raw value (the paragraph style's choices).
///
/// ArgumentParser lists such a type's names through a key path (`\.rawValue.defaultValueDescription`), which the
/// Swift runtime builds in every process for each type when the arguments are parsed, at a cost every run of the
/// command pays before its work. A closure gives the same names without one.
protocol NamedChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension NamedChoiceArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
}

extension ParagraphStyle.PunctuationTrim: NamedChoiceArgument {}
extension ParagraphStyle.PunctuationFont: NamedChoiceArgument {}
extension ParagraphStyle.Alignment: NamedChoiceArgument {}
extension ParagraphStyle.LineHeightMetrics: NamedChoiceArgument {}
extension ParagraphStyle.WordBreak: NamedChoiceArgument {}
extension ParagraphStyle.OverflowWrap: NamedChoiceArgument {}
extension ParagraphStyle.LineBreakRules: NamedChoiceArgument {}
extension ParagraphStyle.TextWrap: NamedChoiceArgument {}
extension ParagraphStyle.WritingDirection: NamedChoiceArgument {}

/// Text settings from the command line or a measure line; nil leaves the input's own value.
struct TextSettings: Equatable, Sendable {
    var language: String?
    /// The ``LineSettings`` given, as a JSON object of their keys, values checked.
    var lineSettings: JSONValue = .object([])

    /// `attributes` with `language` where they name none, and the paragraph-style settings that are given.
    func applied(to attributes: TextAttributes) -> TextAttributes {
        var changed = attributes
        if let language, changed.language == nil { changed.language = language }
        let hasLineSettings = if case .object(let members) = lineSettings { !members.isEmpty } else { false }
        guard hasLineSettings else { return changed }
        var style = changed.paragraphStyle ?? ParagraphStyle()
        // Checked when the flags were validated, by this same reading: it cannot fail here.
        try? LineSettings.read(JSONField(value: lineSettings, path: ""), into: &style)
        changed.paragraphStyle = style
        return changed
    }
}

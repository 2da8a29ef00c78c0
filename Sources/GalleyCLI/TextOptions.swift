import ArgumentParser
import Galley
import GalleyDocuments

/// The flags shared by commands that break text into lines: hyphenation, language, CJK spacing, alignment, line
/// heights and line-breaking rules.
struct TextOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "Hyphenate words automatically, 0…1 (TextKit's hyphenationFactor: 1 whenever a word does not fit).")
    var hyphenate: Double?

    @Option(
        name: [.customLong("lang"), .customLong("language")],
        help: ArgumentHelp(
            "The text's BCP 47 language (en-US, zh-Hans…) where the input names none; else it is inferred from the text.",
            discussion:
                "It picks line-breaking rules, glyph forms (locl), fallback fonts and hyphenation. 'auto' takes the "
                + "process's locale (LC_ALL, LC_MESSAGES, LANG); without it results never depend on the locale."))
    var language: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Put 1/8 em between ideographs and Latin letters or digits (CSS text-autospace; notes default to on).")
    var autospace: Bool?

    @Option(help: "Every paragraph's alignment: natural, left, right, center or justified (default: the input's).")
    var align: ParagraphStyle.Alignment?

    @Option(
        help: "Full-width punctuation compression: normal (CSS text-spacing-trim, as Chromium; the default) or none.")
    var punctuationTrim: ParagraphStyle.PunctuationTrim?

    @Option(
        help: ArgumentHelp(
            "The font of “ ” ‘ ’ … — · beside Chinese or Japanese: automatic (cjk; css with --metrics web), cjk or css.",
            discussion: "cjk: the CJK font's full-width forms, as CLREQ sets them; css: the run's font when it has "
                + "the mark, as browsers match fonts."))
    var punctuationFont: ParagraphStyle.PunctuationFont?

    @Option(help: "Line heights from exact font metrics (exact, the default) or rounded as Chromium rounds them (web).")
    var metrics: ParagraphStyle.LineHeightMetrics?

    @Option(help: "Where words may break: normal (default), breakAll or keepAll (CSS word-break).")
    var wordBreak: ParagraphStyle.WordBreak?

    @Option(help: "A word wider than the line: breakWord (cut it, the default), anywhere, or normal (let it overflow).")
    var overflowWrap: ParagraphStyle.OverflowWrap?

    @Option(help: "Line-break rules: css (as Chromium, the default) or unicode (ICU's UAX #14 alone).")
    var breakRules: ParagraphStyle.LineBreakRules?

    @Option(
        help: ArgumentHelp(
            "How a paragraph's lines are chosen: auto (greedy), balance, pretty or optimal (CSS text-wrap-style).",
            discussion:
                "Notes default to pretty; JSON documents and measure to auto. balance and pretty as Chromium applies them, optimal breaks the whole paragraph at once (Knuth–Plass)."
        ))
    var textWrap: ParagraphStyle.TextWrap?

    @Option(help: "The most lines in a row that end at an automatic hyphen (default 2; 0: no limit).")
    var maxHyphenatedLines: Int?

    func validate() throws {
        try NumberFlag.check("--hyphenate", hyphenate, 0...1)
        if let maxHyphenatedLines, !(0...1_000).contains(maxHyphenatedLines) {
            throw ValidationError("--max-hyphenated-lines \(maxHyphenatedLines) is outside 0…1000")
        }
        if let language, language != "auto", !LanguageTag.isValid(language) {
            let shown = language.count > 40 ? language.prefix(40) + "…" : Substring(language)
            throw ValidationError("--lang \"\(shown)\" is not a known BCP 47 language tag")
        }
    }

    /// The flags' values.
    var settings: TextSettings {
        TextSettings(
            hyphenate: hyphenate, language: language == "auto" ? Hyphenator.localeLanguage : language,
            autospace: autospace, punctuationTrim: punctuationTrim, punctuationFont: punctuationFont,
            alignment: align, metrics: metrics, wordBreak: wordBreak, overflowWrap: overflowWrap,
            lineBreakRules: breakRules, textWrap: textWrap, maximumConsecutiveHyphenatedLines: maxHyphenatedLines)
    }

    /// `attributes` with the flags applied.
    func applied(to attributes: TextAttributes) -> TextAttributes { settings.applied(to: attributes) }

    /// Whether any flag is set.
    var isSet: Bool { settings != TextSettings() }
}

extension ParagraphStyle.PunctuationTrim: ExpressibleByArgument {}
extension ParagraphStyle.PunctuationFont: ExpressibleByArgument {}
extension ParagraphStyle.Alignment: ExpressibleByArgument {}
extension ParagraphStyle.LineHeightMetrics: ExpressibleByArgument {}
extension ParagraphStyle.WordBreak: ExpressibleByArgument {}
extension ParagraphStyle.OverflowWrap: ExpressibleByArgument {}
extension ParagraphStyle.LineBreakRules: ExpressibleByArgument {}
extension ParagraphStyle.TextWrap: ExpressibleByArgument {}

/// Text settings from the command line or a measure line; nil leaves the input's own value.
struct TextSettings: Equatable, Sendable {
    var hyphenate: Double?
    var language: String?
    var autospace: Bool?
    var punctuationTrim: ParagraphStyle.PunctuationTrim?
    var punctuationFont: ParagraphStyle.PunctuationFont?
    var alignment: ParagraphStyle.Alignment?
    var metrics: ParagraphStyle.LineHeightMetrics?
    var wordBreak: ParagraphStyle.WordBreak?
    var overflowWrap: ParagraphStyle.OverflowWrap?
    var lineBreakRules: ParagraphStyle.LineBreakRules?
    var textWrap: ParagraphStyle.TextWrap?
    var maximumConsecutiveHyphenatedLines: Int?

    /// Whether a paragraph-style setting is given.
    private var changesParagraphStyle: Bool {
        hyphenate != nil || autospace != nil || punctuationTrim != nil || punctuationFont != nil || alignment != nil
            || metrics != nil
            || wordBreak != nil || overflowWrap != nil || lineBreakRules != nil || textWrap != nil
            || maximumConsecutiveHyphenatedLines != nil
    }

    /// `attributes` with `language` where they name none, and the paragraph-style settings that are given.
    func applied(to attributes: TextAttributes) -> TextAttributes {
        var changed = attributes
        if let language, changed.language == nil { changed.language = language }
        guard changesParagraphStyle else { return changed }
        var style = changed.paragraphStyle ?? ParagraphStyle()
        if let hyphenate { style.hyphenationFactor = hyphenate }
        if let autospace { style.autospace = autospace }
        if let punctuationTrim { style.punctuationTrim = punctuationTrim }
        if let punctuationFont { style.punctuationFont = punctuationFont }
        if let alignment { style.alignment = alignment }
        if let metrics { style.lineHeightMetrics = metrics }
        if let wordBreak { style.wordBreak = wordBreak }
        if let overflowWrap { style.overflowWrap = overflowWrap }
        if let lineBreakRules { style.lineBreakRules = lineBreakRules }
        if let textWrap { style.textWrap = textWrap }
        if let maximumConsecutiveHyphenatedLines {
            style.maximumConsecutiveHyphenatedLines = maximumConsecutiveHyphenatedLines
        }
        changed.paragraphStyle = style
        return changed
    }
}

import Galley

/// A note's typed punctuation as a typesetter sets it: straight quotes curled, `--` an en dash, `---` an em dash,
/// `...` an ellipsis; code keeps what was typed.
///
/// Quotes are curled here rather than by cmark-gfm's smart option, whose rule (a quote opens where it is
/// left-flanking and not right-flanking) curls both quotes of `他说"好"。` as closing ones: between ideographs a
/// quote flanks both ways. Here a quote opens at a line's start, after a space or an opening bracket, and closes
/// before a space, punctuation or the line's end; between two letters it opens unless one of its kind is open, and a
/// single quote between two Latin letters or digits is an apostrophe (`it’s`). The marks are the language's, as
/// CLDR's delimiters give them: English and Simplified Chinese “ ” ‘ ’, German „ “ ‚ ‘, French « » ‹ › (with the
/// narrow no-break space French sets inside), Japanese and Traditional Chinese 「 」 『 』.
struct SmartPunctuation {
    /// The outer opening, outer closing, inner opening and inner closing marks.
    private let marks: (String, String, String, String)
    /// Whether a double or a single quote is open, and the last character written.
    private var doubleOpen = false, singleOpen = false
    private var previous: Unicode.Scalar?

    /// Curling for text in `language` (nil: English marks).
    init(language: String?) { marks = Self.marks(for: language) }

    /// The marks of `language`: outer opening and closing, inner opening and closing.
    static func marks(for language: String?) -> (String, String, String, String) {
        let english = ("\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}")
        guard let language, let tag = LanguageTag.canonical(language) else { return english }
        if LanguageTag.hasPrimaryLanguage(tag, "de") { return ("„", "“", "‚", "‘") }
        if LanguageTag.hasPrimaryLanguage(tag, "fr") { return ("«\u{202F}", "\u{202F}»", "‹\u{202F}", "\u{202F}›") }
        if LanguageTag.hasPrimaryLanguage(tag, "ja") { return ("「", "」", "『", "』") }
        if LanguageTag.hasPrimaryLanguage(tag, "zh"),
            tag.contains("-Hant") || tag.hasSuffix("-TW") || tag.hasSuffix("-HK") || tag.hasSuffix("-MO")
        {
            return ("「", "」", "『", "』")
        }
        return english
    }

    /// `text`, the next piece of the line's prose, with its punctuation set. Code is passed through ``skip(_:)``.
    mutating func apply(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard
            scalars.contains(where: { $0 == "\"" || $0 == "'" || $0 == "-" || $0 == "." })
        else {
            previous = scalars.last ?? previous
            return text
        }
        var result = String.UnicodeScalarView()
        var index = 0
        func append(_ string: String) { result.append(contentsOf: string.unicodeScalars) }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\"":
                let opens = Self.opens(after: previous, before: next, isOpen: doubleOpen)
                append(opens ? marks.0 : marks.1)
                doubleOpen = opens
            case "'":
                if let before = previous, let after = next, Self.isLatinWord(before), Self.isLatinWord(after) {
                    append("\u{2019}")
                } else {
                    let opens = Self.opens(after: previous, before: next, isOpen: singleOpen)
                    append(opens ? marks.2 : marks.3)
                    singleOpen = opens
                }
            case "-" where next == "-":
                let isEm = index + 2 < scalars.count && scalars[index + 2] == "-"
                append(isEm ? "\u{2014}" : "\u{2013}")
                index += isEm ? 2 : 1
            case "." where next == "." && index + 2 < scalars.count && scalars[index + 2] == ".":
                append("\u{2026}")
                index += 2
            default: result.append(scalar)
            }
            previous = scalars[index]
            index += 1
        }
        return String(result)
    }

    /// Notes that `text` (code) stands between the prose pieces: a quote after it closes or opens by it.
    mutating func skip(_ text: String) { previous = text.unicodeScalars.last ?? previous }

    /// Whether a quote between `before` and `after` (nil: the line's edge) opens, when one of its kind `isOpen`.
    private static func opens(after before: Unicode.Scalar?, before after: Unicode.Scalar?, isOpen: Bool) -> Bool {
        guard let after, !after.properties.isWhitespace else { return false }
        guard let before, !before.properties.isWhitespace, !isOpeningPunctuation(before) else { return true }
        if isClosingOrOther(after) { return false }
        return !isOpen
    }

    /// Whether `scalar` opens a bracket or quotation (a quote after it opens too).
    private static func isOpeningPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .openPunctuation, .initialPunctuation, .dashPunctuation: return true
        default: return false
        }
    }

    /// Whether `scalar` is punctuation other than an opening bracket (a quote before it closes).
    private static func isClosingOrOther(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .closePunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    /// Whether `scalar` is a Latin letter or a digit: an apostrophe stands between two of them.
    private static func isLatinWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType != nil || (scalar.properties.isAlphabetic && scalar.value < 0x0250)
    }
}

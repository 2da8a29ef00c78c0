import Galley

/// One paragraph-style setting of how lines are aligned, broken and spaced: its name (the key in a JSON document's
/// `"paragraphStyle"` objects and in `galley measure`'s lines, and, spelled in kebab case, the command-line flag), the
/// flag names it had before it was named alike everywhere (still accepted), its help, its values and how a
/// ``Galley/ParagraphStyle`` takes it. ``LineSettings/all`` lists every one; flags, JSON reading, `measure` lines
/// and their docs are read from it.
package struct LineSetting: Sendable {
    /// The values a setting takes.
    package enum Values: Sendable {
        case number(ClosedRange<Double>)
        case integer(ClosedRange<Int>)
        case bool
        /// One of these strings (an enumeration's raw values).
        case choice([String])
    }

    /// The JSON key, as ``Galley/ParagraphStyle`` names the property.
    package let key: String
    /// JSON keys that named the setting before (`metrics` for `lineHeightMetrics`), still read.
    package var formerKeys: [String] = []
    /// Flags that named the setting before (`--hyphenate` for `--hyphenation-factor`).
    package let formerFlags: [String]
    /// One line of help: what the setting does and its default.
    package let help: String
    package let values: Values
    /// Sets `style` from a JSON value already checked to be of ``values``.
    package let apply: @Sendable (JSONField, inout ParagraphStyle) throws -> Void

    /// The setting's member of `object`: under its key, else under the former key `object` has.
    ///
    /// - Throws: ``InputError`` when `object` gives the setting under two of its names, as for every key with a
    ///   former name.
    package func member(of object: JSONField) throws -> JSONField? {
        for former in formerKeys { _ = try object.member(key, formerly: former) }
        return object.member(key) ?? formerKeys.lazy.compactMap(object.member).first
    }

    /// The command-line flag, without its dashes: the request setting's option name (the key in kebab case).
    package var flag: String { SettingName(rawValue: key)?.optionName ?? key }

    /// A setting read as a number in `range`, an integer in `range`, a Boolean or an enumeration's raw value.
    static func number(
        _ key: String, _ range: ClosedRange<Double>, formerly: [String] = [], help: String,
        _ keyPath: WritableKeyPath<ParagraphStyle, Double> & Sendable
    ) -> LineSetting {
        LineSetting(key: key, formerFlags: formerly, help: help, values: .number(range)) {
            $1[keyPath: keyPath] = try $0.number(in: range)
        }
    }

    static func integer(
        _ key: String, _ range: ClosedRange<Int>, formerly: [String] = [], help: String,
        _ keyPath: WritableKeyPath<ParagraphStyle, Int> & Sendable
    ) -> LineSetting {
        LineSetting(key: key, formerFlags: formerly, help: help, values: .integer(range)) {
            $1[keyPath: keyPath] = try $0.integer(in: range)
        }
    }

    static func bool(_ key: String, help: String, _ keyPath: WritableKeyPath<ParagraphStyle, Bool> & Sendable)
        -> LineSetting
    {
        LineSetting(key: key, formerFlags: [], help: help, values: .bool) { $1[keyPath: keyPath] = try $0.bool() }
    }

    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ key: String, formerly: [String] = [], formerKeys: [String] = [], help: String,
        _ keyPath: WritableKeyPath<ParagraphStyle, T> & Sendable
    ) -> LineSetting where T.RawValue == String {
        LineSetting(
            key: key, formerKeys: formerKeys, formerFlags: formerly, help: help,
            values: .choice(T.allCases.map(\.rawValue))
        ) { $1[keyPath: keyPath] = try $0.choice(T.self) }
    }
}

/// Every ``LineSetting``.
package enum LineSettings {
    package static let all: [LineSetting] = [
        .choice(
            "alignment", formerly: ["align"],
            help: "Every paragraph's alignment: natural, left, right, center or justified (default: the input's).",
            \.alignment),
        .number(
            "hyphenationFactor", 0...1, formerly: ["hyphenate"],
            help: "Hyphenate words automatically, 0…1 (TextKit's hyphenationFactor: 1 whenever a word does not fit).",
            \.hyphenationFactor),
        .choice(
            "punctuationTrim",
            help:
                "Full-width punctuation compression: normal (CSS text-spacing-trim, as Chromium; the default) or none.",
            \.punctuationTrim),
        .choice(
            "punctuationFont",
            help:
                "The font of “ ” ‘ ’ … — · beside Chinese or Japanese: automatic (cjk; css with web line-height metrics), cjk "
                + "(the CJK font's full-width forms, as CLREQ sets them) or css (the run's font when it has the mark, as "
                + "Chromium; measure rows' default).",
            \.punctuationFont),
        .bool(
            "autospace",
            help:
                "Put 1/8 em between ideographs and Latin letters or digits (CSS text-autospace; notes default to on).",
            \.autospace),
        .choice(
            "wordBreak", help: "Where words may break: normal (default), breakAll or keepAll (CSS word-break).",
            \.wordBreak),
        .choice(
            "overflowWrap",
            help: "A word wider than the line: breakWord (cut it, the default), anywhere, or normal (let it overflow).",
            \.overflowWrap),
        .choice(
            "lineBreakRules", formerly: ["break-rules"],
            help: "Line-break rules: css (as Chromium, the default) or unicode (ICU's UAX #14 alone).", \.lineBreakRules
        ),
        .choice(
            "lineBreakStrictness",
            help: "How strictly CJK line-breaking rules apply (CSS line-break): loose, normal (Chromium's auto, the "
                + "default), strict (JLREQ's: no line starts with ー or a small kana) or anywhere (a break between any "
                + "two characters, CSS line-break: anywhere).",
            \.lineBreakStrictness),
        .choice(
            "lineHeightMetrics", formerly: ["metrics"], formerKeys: ["metrics"],
            help: "Line heights from exact font metrics (exact, the default) or rounded as Chromium rounds them (web).",
            \.lineHeightMetrics),
        .choice(
            "baseWritingDirection", formerKeys: ["direction"],
            help: "The paragraphs' direction: natural (from each one's first strong character; the default), "
                + "leftToRight or rightToLeft.",
            \.baseWritingDirection),
        .choice(
            "textWrap",
            help: "How a paragraph's lines are chosen: auto (greedy; JSON and measure's default), balance, pretty "
                + "(notes' default; both as Chromium applies them) or optimal (the whole paragraph at once, Knuth–Plass).",
            \.textWrap),
        .choice(
            "hangingPunctuation",
            help: "Which marks hang past the line's edges, uncounted when lines are fitted, aligned and justified "
                + "(CSS hanging-punctuation): none (the default; notes hang stops and commas of justified Chinese "
                + "and Japanese with allowEnd), or any of first (an opening quote or bracket starting the paragraph), "
                + "allowEnd (a stop or comma ending a line that would not fit otherwise) or forceEnd (always), and "
                + "last (a closing quote or bracket ending the paragraph), separated by spaces.",
            \.hangingPunctuation),
        .integer(
            "maximumConsecutiveHyphenatedLines", 0...1_000, formerly: ["max-hyphenated-lines"],
            help: "The most lines in a row that end at an automatic hyphen (default 2; 0: no limit).",
            \.maximumConsecutiveHyphenatedLines),
        .choice(
            "writingMode",
            help: "Lines across (horizontal-tb, the default) or in columns read top to bottom, following one another "
                + "right to left (vertical-rl, as Chinese and Japanese are set vertically) or left to right "
                + "(vertical-lr); in vertical modes the width is the columns' length (CSS writing-mode).",
            \.writingMode),
        .choice(
            "textOrientation",
            help: "How characters stand in vertical lines: mixed (CJK upright, Latin and digits turned, as Unicode's "
                + "Vertical_Orientation says; the default), upright (all) or sideways (all turned; CSS "
                + "text-orientation).",
            \.textOrientation),
        .choice(
            "textCombineUpright",
            help: "What vertical lines set side by side in one upright em (tate-chu-yoko, CSS text-combine-upright): "
                + "none (the default), all (every run that would turn) or digits N (runs of up to N ASCII digits, N "
                + "from 2 to 4).",
            \.textCombineUpright),
    ]

    /// The setting named `key`; a key not in ``all`` is a programming error.
    package static func named(_ key: String) -> LineSetting {
        guard let setting = all.first(where: { $0.key == key }) else { preconditionFailure("no line setting \(key)") }
        return setting
    }

    /// The keys of ``all``, made once: `measure` asks them of every line.
    package static let keys = all.map(\.key)

    /// The keys of ``all`` and their former names: every key an object may use for a line setting.
    package static let acceptedKeys = all.flatMap { [$0.key] + $0.formerKeys }

    /// ``acceptedKeys`` as a set, for looking a `measure` row's members up.
    package static let acceptedKeySet = Set(acceptedKeys)

    /// Sets `style` from those settings `field` (a JSON object) has, leaving the rest as they are.
    ///
    /// - Throws: ``InputError`` naming the key for a value of the wrong type or outside its range.
    package static func read(_ field: JSONField, into style: inout ParagraphStyle) throws {
        for setting in all {
            if let value = try setting.member(of: field) { try setting.apply(value, &style) }
        }
    }
}

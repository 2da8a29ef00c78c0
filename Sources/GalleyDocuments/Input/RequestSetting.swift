import Galley

/// Every setting a request can carry, by its name: the CLI's long option (in kebab case), the service's query
/// parameter (the same), and, where the setting has one, its key in `measure` rows and JSON documents (in camel
/// case, as the case is named). A name that is not a case is an unknown option on every surface.
public enum SettingName: String, CaseIterable, Sendable {
    // The container and the picture.
    case width, height, pageHeight, pageNumbers, scale, margin, format, quality, compression
    // Paint and effects.
    case theme, codeLigatures, color, background, letterpress, strokeWidth, strokeColor, obliqueness, expansion
    // Exclusions and the files a document may read.
    case exclude, excludeImage, imageThreshold, imageMargin, wrapSide, allowDir
    // The font.
    case font, size, weight, italic, style, category, boldText, noSystemFonts
    // Text.
    case language, textEmphasis, textEmphasisPosition, rubyMarkup, rubyPosition
    // Lines (the paragraph-style settings, ``RequestSettings``' line settings).
    case alignment, hyphenationFactor, punctuationTrim, punctuationFont, autospace, wordBreak, overflowWrap
    case lineBreakRules, lineBreakStrictness, lineHeightMetrics, baseWritingDirection, textWrap
    case maximumConsecutiveHyphenatedLines, hangingPunctuation, writingMode, textOrientation, textCombineUpright
    // Measuring.
    case widths

    /// The option's name on the command line and in a query string: the case's name in kebab case, except
    /// ``language``, which is `lang` there.
    public var optionName: String { Self.optionNames[self]! }

    /// Every setting's option name, spelled once.
    private static let optionNames: [SettingName: String] = Dictionary(
        uniqueKeysWithValues: allCases.map { name in
            (
                name,
                name == .language
                    ? "lang"
                    : name.rawValue.reduce(into: "") { spelled, character in
                        if character.isUppercase {
                            spelled += "-" + character.lowercased()
                        } else {
                            spelled.append(character)
                        }
                    }
            )
        })

    /// The setting, as ``RequestSettings`` declares it.
    public var setting: RequestSetting { RequestSettings.byName[self]! }
}

/// One setting a request can carry: its values, default, help, where it is accepted and for which work.
public struct RequestSetting: Sendable {
    /// The values a setting takes, as text on the command line and in a query string.
    public enum Values: Sendable, Equatable {
        /// A finite number in the range.
        case number(ClosedRange<Double>)
        /// A whole number in the range.
        case integer(ClosedRange<Int>)
        /// On or off: a bare flag, `true`/`false`, `1`/`0`.
        case flag
        /// One of these names.
        case choice([String])
        /// Text of a kind the request checks (a colour, a path, a language tag…).
        case text(TextKind)
    }

    /// The kinds of text a setting takes.
    public enum TextKind: Sendable, Equatable {
        /// `#RRGGBB`, `#RRGGBBAA` or a CSS colour name.
        case color
        /// A colour, or `none`.
        case colorOrNone
        /// A BCP 47 language tag, or `auto` (the process's locale; command line only).
        case language
        /// SVG path data.
        case pathData
        /// `FILE@X,Y`: a picture file and its top-left corner in points.
        case pictureAt
        /// A folder.
        case folder
        /// A family name, or a font file's path (any name holding a `/`).
        case fontFamilyOrFile
        /// Numbers separated by commas.
        case numberList
        /// A CSS `text-emphasis-style`: `none`, `filled` or `open` with a shape, or one quoted character.
        case emphasisStyle
        /// A CSS `text-emphasis-position`: `auto`, or `over` or `under` with `right` or `left`.
        case emphasisPosition
    }

    /// Where a setting is accepted.
    public struct Surfaces: OptionSet, Sendable {
        /// The surfaces' bits.
        public let rawValue: Int
        /// The surfaces whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A long option of the `galley` command.
        public static let commandLine = Surfaces(rawValue: 1)
        /// A query parameter of `galley serve`'s routes.
        public static let query = Surfaces(rawValue: 2)
        /// A key of a `measure` row (JSON lines).
        public static let measureRow = Surfaces(rawValue: 4)
    }

    /// The work a setting applies to.
    public struct Work: OptionSet, Sendable {
        /// The kinds of work's bits.
        public let rawValue: Int
        /// The work whose bits `rawValue` sets.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Laying out and rendering a document (`render`, `layout`, `/v1/render`, `/v1/layout`).
        public static let document = Work(rawValue: 1)
        /// Measuring rows (`measure`, `/v1/measure`).
        public static let measure = Work(rawValue: 2)
        /// Shaping a line (`shape`).
        public static let shape = Work(rawValue: 4)
        /// Every kind of work that lays out text.
        public static let text: Work = [.document, .measure]
        /// Every kind of work.
        public static let all: Work = [.document, .measure, .shape]
    }

    /// The setting's name.
    public let name: SettingName
    /// The values it takes.
    public let values: Values
    /// Its default in words ("360", "the document's"), shown in help and docs; nil when absent means unset.
    public let defaultValue: String?
    /// One line of help: what the setting does.
    public let help: String
    /// Where it is accepted.
    public let surfaces: Surfaces
    /// What work it applies to.
    public let work: Work
    /// Whether it may be given more than once (each adds one value).
    public let repeatable: Bool
    /// Names the option had before (`padding` for `margin`), still accepted on the command line and in queries.
    public let formerNames: [String]
    /// For a line setting (one of `ParagraphStyle`'s, named as its property), how a paragraph style takes
    /// it from JSON; nil for every other setting.
    package var paragraphStyle: ParagraphStyleSetter? = nil

    /// How a line setting reaches a `ParagraphStyle`: the JSON keys it had before (still read, and
    /// refused beside the new one) and the setter of a value already checked against the setting's values.
    package struct ParagraphStyleSetter: Sendable {
        /// JSON keys that named the setting before (`metrics` for `lineHeightMetrics`).
        package var formerKeys: [String] = []
        /// Sets the style from a JSON value.
        package let apply: @Sendable (JSONField, inout ParagraphStyle) throws -> Void
    }

    /// The setting's JSON key (a line setting's, its `ParagraphStyle` property's name).
    package var key: String { name.rawValue }

    /// A line setting's member of `object`: under its key, else under the former key `object` has.
    ///
    /// - Throws: ``InputError`` when `object` gives the setting under two of its names, as for every key with a
    ///   former name.
    package func member(of object: JSONField) throws -> JSONField? {
        let formerKeys = paragraphStyle?.formerKeys ?? []
        for former in formerKeys { _ = try object.member(key, formerly: former) }
        return object.member(key) ?? formerKeys.lazy.compactMap(object.member).first
    }

    /// The number range, for a numeric setting.
    public var range: ClosedRange<Double>? {
        switch values {
        case .number(let range): return range
        case .integer(let range): return Double(range.lowerBound)...Double(range.upperBound)
        default: return nil
        }
    }

    /// The help with the default and the choices, as the command line and the docs show it.
    public var fullHelp: String {
        var text = help
        switch values {
        case .choice(let names): text += " One of: \(names.joined(separator: ", "))."
        case .number(let range):
            text += " From \(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound))."
        case .integer(let range): text += " From \(range.lowerBound) to \(range.upperBound)."
        default: break
        }
        if let defaultValue { text += " (default: \(defaultValue))" }
        return text
    }
}

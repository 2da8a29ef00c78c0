import Foundation

/// Emphasis marks (着重号, 圏点): a small mark beside each character of a run, as CSS `text-emphasis` sets them and
/// CLREQ and JLREQ describe them. Marks sit over the characters (or under them) in horizontal lines and right of
/// them (or left) in vertical ones; spaces, controls and punctuation take none, as CSS skips them. The marks are
/// half the run's font size and the line makes room for them as Chromium does (``TextAttributes/textEmphasis``).
public struct TextEmphasis: Hashable, Sendable {
    /// The shape of the marks.
    public enum Shape: Hashable, Sendable {
        /// A dot in horizontal lines, a sesame in vertical ones: CSS's shape when a style names only `filled` or
        /// `open`.
        case automatic
        /// A small dot (U+2022 `•` filled, U+25E6 `◦` open): CSS's default in horizontal text.
        case dot
        /// A large circle (U+25CF `●`, U+25CB `○`).
        case circle
        /// A double circle (U+25C9 `◉`, U+25CE `◎`).
        case doubleCircle
        /// A triangle (U+25B2 `▲`, U+25B3 `△`).
        case triangle
        /// A sesame (U+FE45 `﹅`, U+FE46 `﹆`): CSS's default in vertical text.
        case sesame
        /// A character of the author's own (CSS's `<string>`), drawn as it is.
        case character(Character)
    }

    /// Where the marks sit beside horizontal lines.
    public enum Position: String, Hashable, Sendable, CaseIterable {
        /// Over Japanese and Korean, under Chinese, as CLREQ prefers and CSS Text Decoration 4's `auto` says: the
        /// run's ``TextAttributes/language`` decides, else the paragraph's (inferred from its text when it names none).
        case automatic = "auto"
        /// Over the characters (CSS `over`).
        case over
        /// Under the characters (CSS `under`).
        case under
    }

    /// Where the marks sit beside vertical lines (CSS `text-emphasis-position`'s `right` or `left`).
    public enum ColumnSide: String, Hashable, Sendable, CaseIterable {
        /// Right of the characters, CSS's initial value for every language.
        case right
        /// Left of them.
        case left
    }

    /// The marks' shape.
    public var shape: Shape
    /// Whether the shape is filled (`filled`) or an outline (`open`); ignored by ``Shape/character(_:)``.
    public var isFilled: Bool
    /// Where the marks sit beside horizontal lines.
    public var position: Position
    /// Where the marks sit beside vertical lines.
    public var columnSide: ColumnSide
    /// The marks' colour; nil is the characters' own.
    public var color: Color?

    /// Marks of `shape` (CSS's by writing mode unless given), filled unless `isFilled` is false, at `position`
    /// beside horizontal lines and `columnSide` beside vertical ones, in the characters' colour unless `color` says.
    public init(
        _ shape: Shape = .automatic, isFilled: Bool = true, position: Position = .automatic,
        columnSide: ColumnSide = .right, color: Color? = nil
    ) {
        (self.shape, self.isFilled, self.position, self.columnSide, self.color) =
            (shape, isFilled, position, columnSide, color)
    }

    /// The character drawn as each mark in a horizontal line, or in a vertical one when `vertical`: CSS Text
    /// Decoration's table of shapes.
    public func mark(vertical: Bool = false) -> Character {
        switch shape {
        case .automatic: return TextEmphasis(vertical ? .sesame : .dot, isFilled: isFilled).mark(vertical: vertical)
        case .dot: return isFilled ? "\u{2022}" : "\u{25E6}"
        case .circle: return isFilled ? "\u{25CF}" : "\u{25CB}"
        case .doubleCircle: return isFilled ? "\u{25C9}" : "\u{25CE}"
        case .triangle: return isFilled ? "\u{25B2}" : "\u{25B3}"
        case .sesame: return isFilled ? "\u{FE45}" : "\u{FE46}"
        case .character(let character): return character
        }
    }

    /// Whether the marks of text in `language` (a BCP 47 tag; nil when unknown) sit under horizontal lines.
    package func isUnder(language: String?) -> Bool {
        switch position {
        case .over: return false
        case .under: return true
        case .automatic: return language.map { LanguageTag.hasPrimaryLanguage($0, "zh") } ?? false
        }
    }

    /// Whether `scalar` takes a mark: not a separator, control, format character, unassigned code point or
    /// punctuation, as CSS Text Decoration 3 skips them (§3.2, "text-emphasis-skip: spaces punctuation").
    package static func marks(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .unassigned, .surrogate,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return false
        default:
            return true
        }
    }
}

extension TextEmphasis {
    /// Reads CSS's `text-emphasis-style` value: `filled` or `open` and a shape (`dot`, `circle`, `double-circle`,
    /// `triangle`, `sesame`) in either order, either alone (`filled` or `open` alone is ``Shape/automatic``: a dot in
    /// horizontal text, a sesame in vertical; a shape alone is filled), or one character in quotes (`'※'`). Nil
    /// for `none`; `position`, `columnSide` and `color` as given.
    ///
    /// - Throws: ``TextEmphasisError`` naming what is not understood.
    public init?(
        css: String, position: Position = .automatic, columnSide: ColumnSide = .right, color: Color? = nil
    ) throws {
        let value = css.trimmingCharacters(in: .whitespaces)
        if value.lowercased() == "none" { return nil }
        if let quote = value.first, quote == "'" || quote == "\"", value.count == 3, value.last == quote {
            self.init(
                .character(value[value.index(after: value.startIndex)]), position: position, columnSide: columnSide,
                color: color)
            return
        }
        var filled: Bool?, shape: Shape?
        for word in value.lowercased().split(separator: " ", omittingEmptySubsequences: true) {
            switch word {
            case "filled" where filled == nil: filled = true
            case "open" where filled == nil: filled = false
            case "dot" where shape == nil: shape = .dot
            case "circle" where shape == nil: shape = .circle
            case "double-circle" where shape == nil: shape = .doubleCircle
            case "triangle" where shape == nil: shape = .triangle
            case "sesame" where shape == nil: shape = .sesame
            default: throw TextEmphasisError.unknownStyle(css)
            }
        }
        guard filled != nil || shape != nil else { throw TextEmphasisError.unknownStyle(css) }
        self.init(
            shape ?? .automatic, isFilled: filled ?? true, position: position, columnSide: columnSide, color: color)
    }

    /// Reads CSS's `text-emphasis-position`: `auto`, or `over` or `under` with `right` or `left` in either order
    /// (right when neither is named), case aside.
    ///
    /// - Throws: ``TextEmphasisError/unknownPosition(_:)`` for anything else.
    public static func placement(css: String) throws(TextEmphasisError) -> (Position, ColumnSide) {
        var position: Position?, side: ColumnSide?
        for word in css.lowercased().split(separator: " ", omittingEmptySubsequences: true) {
            switch word {
            case "auto" where position == nil: position = .automatic
            case "over" where position == nil: position = .over
            case "under" where position == nil: position = .under
            case "right" where side == nil: side = .right
            case "left" where side == nil: side = .left
            default: throw .unknownPosition(css)
            }
        }
        guard let position, position != .automatic || side == nil else { throw .unknownPosition(css) }
        return (position, side ?? .right)
    }
}

/// Why an emphasis style could not be read.
public enum TextEmphasisError: Error, Equatable, CustomStringConvertible {
    /// Not `none`, a fill and shape, or one quoted character.
    case unknownStyle(String)
    /// Not `auto`, or `over` or `under` with `right` or `left`.
    case unknownPosition(String)

    public var description: String {
        switch self {
        case .unknownStyle(let value):
            return "'\(value)' is not an emphasis style: use none, filled or open with dot, circle, double-circle, "
                + "triangle or sesame, or one character in quotes"
        case .unknownPosition(let value):
            return "'\(value)' is not an emphasis position: use auto, or over or under with right or left"
        }
    }
}

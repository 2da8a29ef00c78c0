import Foundation

/// An underline or strikethrough: its style, pattern, whether it skips spaces, and optionally its own colour, as
/// `NSUnderlineStyle`'s style, pattern and by-word bits with `NSAttributedString.Key.underlineColor`.
public struct TextDecoration: Hashable, Sendable {
    /// How the line is drawn.
    public enum Style: String, Hashable, Sendable, CaseIterable, Codable {
        /// One line of the font's underline (or strikeout) thickness.
        case single
        /// Two thin lines.
        case double
        /// One line twice the font's thickness.
        case thick
    }

    /// How the line is broken into dashes and dots (`NSUnderlineStyle.patternDot` and the others). Lengths are in
    /// multiples of the line's thickness, so a pattern keeps its look at every size.
    public enum Pattern: String, Hashable, Sendable, CaseIterable, Codable {
        /// Unbroken.
        case solid
        /// Square dots as long as the line is thick, one and a half thicknesses apart.
        case dot
        /// Dashes of four thicknesses, two apart.
        case dash
        /// A dash and a dot, repeated.
        case dashDot
        /// A dash and two dots, repeated.
        case dashDotDot

        /// The on and off lengths of one period, in thicknesses; empty for solid.
        package var lengths: [Double] {
            switch self {
            case .solid: return []
            case .dot: return [1, 1.5]
            case .dash: return [4, 2]
            case .dashDot: return [4, 2, 1, 2]
            case .dashDotDot: return [4, 2, 1, 2, 1, 2]
            }
        }
    }

    /// Single, double or thick.
    public var style: Style
    /// The line's colour; nil draws it in the text's foreground colour (`underlineColor` /
    /// `strikethroughColor` in TextKit).
    public var color: Color?
    /// Solid, dotted or dashed.
    public var pattern: Pattern
    /// Whether white space between words is left undecorated (`NSUnderlineStyle.byWord`).
    public var byWord: Bool
    /// Where an underline breaks to let glyphs' ink through (CSS `text-decoration-skip-ink`); a strikethrough
    /// never does.
    public var skipInk: SkipInk

    /// Where an underline gives way to the glyphs it crosses.
    public enum SkipInk: String, Hashable, Sendable, CaseIterable, Codable {
        /// Around descenders and other ink of every glyph except ideographs, kana, Hangul and full-width forms,
        /// which CJK typography underlines as one continuous line (CSS `auto`: the specification leaves CJK to
        /// the engine and recommends not skipping it). The default, as in browsers.
        case auto
        /// Around the ink of every glyph (CSS `all`).
        case all
        /// Never: the line runs through descenders (TextKit's drawing, CSS `none`).
        case none
    }

    /// A decoration of `style` and `pattern` in `color` (nil: the text's colour), skipping spaces when `byWord`
    /// and, for an underline, glyphs' ink as `skipInk` says.
    public init(
        _ style: Style = .single, pattern: Pattern = .solid, byWord: Bool = false, color: Color? = nil,
        skipInk: SkipInk = .auto
    ) {
        self.style = style
        self.pattern = pattern
        self.byWord = byWord
        self.color = color
        self.skipInk = skipInk
    }
}

/// A shadow cast by the text: an offset in points (y down), a blur radius in points, and a colour.
public struct Shadow: Hashable, Sendable {
    /// The shadow's displacement from the glyphs, in points; positive y moves it down.
    public var offsetX: Double, offsetY: Double
    /// The blur radius in points; 0 is a hard shadow.
    public var blurRadius: Double
    /// The shadow's colour, its alpha included.
    public var color: Color

    /// A shadow `offsetX`, `offsetY` points from the glyphs, blurred by `blurRadius` points.
    public init(offsetX: Double = 0, offsetY: Double = 1, blurRadius: Double = 2, color: Color = .black.withAlpha(0.33))
    {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blurRadius = blurRadius
        self.color = color
    }
}

/// A special drawing treatment for glyphs, as `NSAttributedString.TextEffectStyle`.
public enum TextEffect: String, Hashable, Sendable, CaseIterable, Codable {
    /// Text that looks pressed into paper: a highlight below each edge and an inner shadow along the top.
    case letterpress
}

/// How much the shaper may join letters into ligatures.
public enum Ligatures: Int, Hashable, Sendable, CaseIterable, Codable {
    /// Only the ligatures the script requires (Arabic joining still happens).
    case none = 0
    /// The font's standard and contextual ligatures (the default).
    case standard = 1
    /// Standard plus discretionary ligatures.
    case all = 2
}

/// One OpenType feature setting, such as `tnum` on or `liga` off.
public struct FontFeature: Hashable, Sendable, CustomStringConvertible {
    /// The four-letter feature tag.
    public let tag: String
    /// 0 turns the feature off, 1 on; larger values pick alternates.
    public let value: UInt32

    /// The feature `tag` (four letters, such as `liga`) set to `value` (0 turns it off).
    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = String((tag + "    ").prefix(4))
        self.value = value
    }

    public var description: String { value == 1 ? tag : value == 0 ? "-\(tag)" : "\(tag)=\(value)" }

    /// A feature from hb-shape's short syntax: `tnum` (on), `-kern` (off), `ss01=2` (a value); nil for anything else.
    public init?(parsing text: String) {
        let spec = text.trimmingCharacters(in: .whitespaces)
        if spec.hasPrefix("-") {
            guard let tag = Self.validTag(spec.dropFirst()) else { return nil }
            self.init(tag, 0)
            return
        }
        let parts = spec.split(separator: "=", maxSplits: 1)
        guard let first = parts.first, let tag = Self.validTag(first) else { return nil }
        guard parts.count == 2 else {
            self.init(tag)
            return
        }
        guard let value = UInt32(parts[1]) else { return nil }
        self.init(tag, value)
    }

    private static func validTag(_ text: Substring) -> String? {
        (1...4).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            ? String(text) : nil
    }
}

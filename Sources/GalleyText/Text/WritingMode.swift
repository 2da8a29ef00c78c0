/// Which way lines run and follow one another (CSS `writing-mode`).
public enum WritingMode: String, Hashable, Sendable, CaseIterable, Codable {
    /// Lines run left to right (or right to left) and follow one another downwards: the default.
    case horizontalTB = "horizontal-tb"
    /// Lines are columns read top to bottom, following one another from right to left, as Chinese and Japanese
    /// are set vertically (竖排, 縦組み).
    case verticalRL = "vertical-rl"
    /// Lines are columns read top to bottom, following one another from left to right (Mongolian's order).
    case verticalLR = "vertical-lr"

    /// Whether lines are columns.
    public var isVertical: Bool { self != .horizontalTB }

    /// Which way a line's under side lies in line coordinates' y (CSS's line-relative under: below a horizontal
    /// line, left of a column): 1, or -1 in `vertical-lr`, whose y grows rightwards.
    package var underSign: Double { self == .verticalLR ? -1 : 1 }
}

/// How characters stand in a vertical line (CSS `text-orientation`); horizontal lines ignore it.
public enum TextOrientation: String, Hashable, Sendable, CaseIterable, Codable {
    /// Each character as Unicode's Vertical_Orientation says (UAX #50): ideographs, kana and their punctuation
    /// upright, Latin, digits and other scripts turned 90° clockwise: the default.
    case mixed
    /// Every character upright, Latin letters stacked one under another.
    case upright
    /// Every character turned 90° clockwise, as a horizontal line turned.
    case sideways
}

/// Which characters of a vertical line are set side by side in one upright em (CSS `text-combine-upright`,
/// tate-chu-yoko: the `12` of `12月`); horizontal lines ignore it. Its raw value is CSS's: `none`, `all`,
/// `digits 2` to `digits 4`.
public enum TextCombineUpright: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// None: digits are turned with the line, as any Latin text.
    case none
    /// Every run of characters that would be turned (Latin letters, digits) is combined: CSS's `all` on each such
    /// run, as authors mark up short runs.
    case all
    /// Runs of 1 to `n` ASCII digits are combined (`n` from 2 to ``digitLimit``, a number outside taken as the
    /// nearest); longer runs turn with the line.
    case digits(Int)

    /// The most digits ``digits(_:)`` combines.
    public static let digitLimit = 4

    /// Every value: `none`, `all`, `digits 2` to `digits 4`.
    public static let allCases: [TextCombineUpright] = [.none, .all] + (2...digitLimit).map { .digits($0) }

    /// The value as CSS writes it.
    public var rawValue: String {
        switch self {
        case .none: return "none"
        case .all: return "all"
        case .digits(let count): return "digits \(count)"
        }
    }

    /// The value CSS writes as `rawValue`; nil for anything else (`digits 9` among it).
    public init?(rawValue: String) {
        let words = rawValue.split(separator: " ")
        switch (words.first, words.count) {
        case ("none", 1): self = .none
        case ("all", 1): self = .all
        case ("digits", 2):
            guard let count = Int(words[1]), (2...Self.digitLimit).contains(count) else { return nil }
            self = .digits(count)
        default: return nil
        }
    }
}

extension ParagraphStyle {
    /// What of the style decides glyphs in vertical lines; nil in horizontal lines, which ignore it.
    package var verticalShaping: VerticalShaping? {
        writingMode.isVertical
            ? VerticalShaping(
                orientation: textOrientation, combineUpright: textCombineUpright,
                roundsFallbackAdvances: lineHeightMetrics == .web) : nil
    }
}

/// The settings that shape a vertical paragraph's characters (``ParagraphStyle/verticalShaping``).
package struct VerticalShaping: Equatable {
    let orientation: TextOrientation
    let combineUpright: TextCombineUpright
    /// Whether upright glyphs of a face without vertical metrics advance by its ascent and descent rounded to
    /// whole points, as Chromium advances them (its font metrics are whole pixels), rather than by HarfBuzz's
    /// unrounded fallback: with web line-height metrics.
    package let roundsFallbackAdvances: Bool
}

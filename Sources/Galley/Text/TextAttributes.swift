import Foundation

/// The attributes of a run of characters, as the keys of an `NSAttributedString`, typed.
///
/// Every property is optional or has a neutral default, so `TextAttributes()` is plain text in the default body
/// style. Attributes fall in two groups: those that change shaping (``font``, ``kern``, ``tracking``,
/// ``ligatures``, ``fontFeatures``, ``language``, ``expansion``, ``superscript``, ``attachment``,
/// ``inlinePadding``) and those that
/// only change drawing; a drawing-only change never re-shapes.
public struct TextAttributes: Hashable, Sendable {
    /// The font, or a text style; nil means ``FontSpecifier/textStyle(_:)`` `.body`.
    public var font: FontSpecifier?
    /// The glyphs' colour; nil is black.
    public var foregroundColor: Color?
    /// A fill behind the characters' line boxes; nil for none.
    public var backgroundColor: Color?
    /// Points added after each character cluster, as `NSAttributedString.Key.kern` (negative tightens).
    public var kern: Double?
    /// Points added between clusters, as UIKit's `tracking`; non-zero tracking also turns off optional
    /// ligatures, which would otherwise look unevenly spaced.
    public var tracking: Double?
    /// Which ligatures the shaper may form; nil is ``Ligatures/standard``.
    public var ligatures: Ligatures?
    /// OpenType features applied on top of the defaults, in order (later settings of a tag win).
    public var fontFeatures: [FontFeature] = []
    /// A BCP 47 language tag (`zh-Hans`, `ja`, `tr`) that selects localised glyphs and line-breaking rules.
    public var language: String?
    /// Points to raise the glyphs above the baseline (negative lowers them).
    public var baselineOffset: Double?
    /// A line under the text, placed from the run's own font.
    public var underline: TextDecoration?
    /// A line through the text, placed from the run's own font.
    public var strikethrough: TextDecoration?
    /// A blurred shadow under the glyphs.
    public var shadow: Shadow?
    /// An effect such as letterpress.
    public var textEffect: TextEffect?
    /// A link target the characters stand for.
    public var link: URL?
    /// The paragraph's layout; taken from the paragraph's first character, nil is ``ParagraphStyle/default``.
    public var paragraphStyle: ParagraphStyle?
    /// The outline's width as a percentage of the font size, as `NSAttributedString.Key.strokeWidth`: positive
    /// strokes the outline only (hollow letters), negative fills the glyphs and strokes them; nil or 0 for none.
    public var strokeWidth: Double?
    /// The outline's colour; nil is the foreground colour.
    public var strokeColor: Color?
    /// The slant of the glyphs, as `NSAttributedString.Key.obliqueness`: the x shift per unit of height above the
    /// baseline (0.2 leans them right by about 11°; negative leans left). Advances do not change.
    public var obliqueness: Double?
    /// The natural logarithm of the horizontal scale of the glyphs and their advances, as
    /// `NSAttributedString.Key.expansion` (0.2 widens by e^0.2 ≈ 1.22; negative narrows).
    public var expansion: Double?
    /// Superscript (positive) or subscript (negative) levels: the font's `sups` or `subs` glyphs where it has them
    /// for every character of the run, else the glyphs scaled and raised or lowered by the font's OS/2 figures,
    /// once per level. 0 or nil is the normal position.
    public var superscript: Int?
    /// An inline object drawn in place of the characters (normally one U+FFFC), as `NSTextAttachment`.
    public var attachment: TextAttachment?
    /// Ems of space inside the ends of a stretch with this attribute, before its first character and after its
    /// last, as CSS `padding-inline` on an inline box: part of those characters' advances, so their background
    /// covers it (notes pad inline code 0.2 em, as GitHub). At most ``inlinePaddingLimit``; nil or 0 for none.
    public var inlinePadding: Double?

    /// The most ``inlinePadding`` counts, in ems (more is taken as this).
    public static let inlinePaddingLimit = 4.0

    /// Attributes with the given values; nil leaves an attribute to the text around it or the defaults.
    public init(
        font: FontSpecifier? = nil, foregroundColor: Color? = nil, backgroundColor: Color? = nil, kern: Double? = nil,
        tracking: Double? = nil, ligatures: Ligatures? = nil, fontFeatures: [FontFeature] = [],
        language: String? = nil, baselineOffset: Double? = nil, underline: TextDecoration? = nil,
        strikethrough: TextDecoration? = nil, shadow: Shadow? = nil, textEffect: TextEffect? = nil,
        link: URL? = nil, paragraphStyle: ParagraphStyle? = nil, strokeWidth: Double? = nil,
        strokeColor: Color? = nil, obliqueness: Double? = nil, expansion: Double? = nil, superscript: Int? = nil,
        attachment: TextAttachment? = nil, inlinePadding: Double? = nil
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.kern = kern
        self.tracking = tracking
        self.ligatures = ligatures
        self.fontFeatures = fontFeatures
        self.language = language
        self.baselineOffset = baselineOffset
        self.underline = underline
        self.strikethrough = strikethrough
        self.shadow = shadow
        self.textEffect = textEffect
        self.link = link
        self.paragraphStyle = paragraphStyle
        self.strokeWidth = strokeWidth
        self.strokeColor = strokeColor
        self.obliqueness = obliqueness
        self.expansion = expansion
        self.superscript = superscript
        self.attachment = attachment
        self.inlinePadding = inlinePadding
    }

    /// These attributes with every non-nil (or non-empty) attribute of `other` laid over them.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        var merged = self
        merged.font = other.font ?? font
        merged.foregroundColor = other.foregroundColor ?? foregroundColor
        merged.backgroundColor = other.backgroundColor ?? backgroundColor
        merged.kern = other.kern ?? kern
        merged.tracking = other.tracking ?? tracking
        merged.ligatures = other.ligatures ?? ligatures
        merged.fontFeatures = fontFeatures + other.fontFeatures
        merged.language = other.language ?? language
        merged.baselineOffset = other.baselineOffset ?? baselineOffset
        merged.underline = other.underline ?? underline
        merged.strikethrough = other.strikethrough ?? strikethrough
        merged.shadow = other.shadow ?? shadow
        merged.textEffect = other.textEffect ?? textEffect
        merged.link = other.link ?? link
        merged.paragraphStyle = other.paragraphStyle ?? paragraphStyle
        merged.strokeWidth = other.strokeWidth ?? strokeWidth
        merged.strokeColor = other.strokeColor ?? strokeColor
        merged.obliqueness = other.obliqueness ?? obliqueness
        merged.expansion = other.expansion ?? expansion
        merged.superscript = other.superscript ?? superscript
        merged.attachment = other.attachment ?? attachment
        merged.inlinePadding = other.inlinePadding ?? inlinePadding
        return merged
    }

    /// The part of the attributes that decides glyphs and advances; runs whose keys are equal shape together.
    var shapingKey: ShapingKey {
        ShapingKey(
            font: font ?? .textStyle(.body), kern: kern ?? 0, tracking: tracking ?? 0,
            ligatures: ligatures ?? .standard, fontFeatures: fontFeatures, language: language,
            expansion: expansion ?? 0, superscript: superscript ?? 0, attachment: attachment,
            inlinePadding: inlinePadding ?? 0)
    }
}

/// The shaping-relevant attributes of a run (see ``TextAttributes/shapingKey``).
struct ShapingKey: Hashable, Sendable {
    var font: FontSpecifier
    var kern: Double
    var tracking: Double
    var ligatures: Ligatures
    var fontFeatures: [FontFeature]
    var language: String?
    /// ``TextAttributes/expansion``, 0 for none.
    var expansion: Double = 0
    /// ``TextAttributes/superscript``, 0 for none.
    var superscript: Int = 0
    var attachment: TextAttachment?
    /// ``TextAttributes/inlinePadding``, 0 for none.
    var inlinePadding: Double = 0
    /// How the glyphs stand in the line: set by itemizing a vertical paragraph, never by attributes.
    var orientation = GlyphOrientation.horizontal
}

/// How a run's glyphs stand in their line.
enum GlyphOrientation: Hashable, Sendable {
    /// In a horizontal line.
    case horizontal
    /// Upright in a vertical line, shaped top to bottom (HarfBuzz's vertical direction: `vert`, `vmtx`).
    case upright
    /// In a vertical line, shaped as horizontal text and turned 90° clockwise.
    case sideways
    /// In a vertical line, shaped as horizontal text and fitted side by side into one upright em (tate-chu-yoko).
    case combined

    /// Whether the run sits in a vertical line.
    var isVertical: Bool { self != .horizontal }
    /// Whether HarfBuzz shapes the run top to bottom.
    var isTopToBottom: Bool { self == .upright }
}

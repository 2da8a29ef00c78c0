import Foundation

/// The attributes of a run of characters, as the keys of an `NSAttributedString`, typed.
///
/// Every property is optional or has a neutral default, so `TextAttributes()` is plain text in the default body
/// style. Attributes fall in two groups: those that change shaping or lines (``font``, ``kern``, ``tracking``,
/// ``ligatures``, ``fontFeatures``, ``language``, ``expansion``, ``superscript``, ``attachment``,
/// ``inlinePadding``, ``textEmphasis``, ``ruby``) and those that only change drawing; a drawing-only change never
/// re-shapes.
public struct TextAttributes: Hashable, Sendable, CustomReflectable {
    /// The values, shared by copies until one of them is changed: attributes travel from a storage's runs to a
    /// paragraph's, to items and to lines, and a copy of every field retained each reference among them.
    private var storage: Storage

    /// The font, or a text style; nil means ``FontSpecifier/textStyle(_:)`` `.body`.
    public var font: FontSpecifier? {
        _read { yield storage.values.font }
        _modify {
            makeUnique()
            yield &storage.values.font
        }
    }
    /// The glyphs' colour; nil is black.
    public var foregroundColor: Color? {
        _read { yield storage.values.foregroundColor }
        _modify {
            makeUnique()
            yield &storage.values.foregroundColor
        }
    }
    /// A fill behind the characters' line boxes; nil for none.
    public var backgroundColor: Color? {
        _read { yield storage.values.backgroundColor }
        _modify {
            makeUnique()
            yield &storage.values.backgroundColor
        }
    }
    /// Points added after each character cluster, as `NSAttributedString.Key.kern` (negative tightens).
    public var kern: Double? {
        _read { yield storage.values.kern }
        _modify {
            makeUnique()
            yield &storage.values.kern
        }
    }
    /// Points added between clusters, as UIKit's `tracking`; non-zero tracking also turns off optional
    /// ligatures, which would otherwise look unevenly spaced.
    public var tracking: Double? {
        _read { yield storage.values.tracking }
        _modify {
            makeUnique()
            yield &storage.values.tracking
        }
    }
    /// Which ligatures the shaper may form; nil is ``Ligatures/standard``.
    public var ligatures: Ligatures? {
        _read { yield storage.values.ligatures }
        _modify {
            makeUnique()
            yield &storage.values.ligatures
        }
    }
    /// OpenType features applied on top of the defaults, in order (later settings of a tag win).
    public var fontFeatures: [FontFeature] {
        _read { yield storage.values.fontFeatures }
        _modify {
            makeUnique()
            yield &storage.values.fontFeatures
        }
    }
    /// A BCP 47 language tag (`zh-Hans`, `ja`, `tr`) that selects localised glyphs and line-breaking rules.
    public var language: String? {
        _read { yield storage.values.language }
        _modify {
            makeUnique()
            yield &storage.values.language
        }
    }
    /// Points to raise the glyphs above the baseline (negative lowers them).
    public var baselineOffset: Double? {
        _read { yield storage.values.baselineOffset }
        _modify {
            makeUnique()
            yield &storage.values.baselineOffset
        }
    }
    /// A line under the text, placed from the run's own font.
    public var underline: TextDecoration? {
        _read { yield storage.values.underline }
        _modify {
            makeUnique()
            yield &storage.values.underline
        }
    }
    /// A line through the text, placed from the run's own font.
    public var strikethrough: TextDecoration? {
        _read { yield storage.values.strikethrough }
        _modify {
            makeUnique()
            yield &storage.values.strikethrough
        }
    }
    /// A blurred shadow under the glyphs.
    public var shadow: Shadow? {
        _read { yield storage.values.shadow }
        _modify {
            makeUnique()
            yield &storage.values.shadow
        }
    }
    /// An effect such as letterpress.
    public var textEffect: TextEffect? {
        _read { yield storage.values.textEffect }
        _modify {
            makeUnique()
            yield &storage.values.textEffect
        }
    }
    /// A link target the characters stand for.
    public var link: URL? {
        _read { yield storage.values.link }
        _modify {
            makeUnique()
            yield &storage.values.link
        }
    }
    /// The paragraph's layout; taken from the paragraph's first character, nil is ``ParagraphStyle/default``.
    public var paragraphStyle: ParagraphStyle? {
        _read { yield storage.values.paragraphStyle }
        _modify {
            makeUnique()
            yield &storage.values.paragraphStyle
        }
    }
    /// The outline's width as a percentage of the font size, as `NSAttributedString.Key.strokeWidth`: positive
    /// strokes the outline only (hollow letters), negative fills the glyphs and strokes them; nil or 0 for none.
    public var strokeWidth: Double? {
        _read { yield storage.values.strokeWidth }
        _modify {
            makeUnique()
            yield &storage.values.strokeWidth
        }
    }
    /// The outline's colour; nil is the foreground colour.
    public var strokeColor: Color? {
        _read { yield storage.values.strokeColor }
        _modify {
            makeUnique()
            yield &storage.values.strokeColor
        }
    }
    /// The slant of the glyphs, as `NSAttributedString.Key.obliqueness`: the x shift per unit of height above the
    /// baseline (0.2 leans them right by about 11°; negative leans left). Advances do not change.
    public var obliqueness: Double? {
        _read { yield storage.values.obliqueness }
        _modify {
            makeUnique()
            yield &storage.values.obliqueness
        }
    }
    /// The natural logarithm of the horizontal scale of the glyphs and their advances, as
    /// `NSAttributedString.Key.expansion` (0.2 widens by e^0.2 ≈ 1.22; negative narrows).
    public var expansion: Double? {
        _read { yield storage.values.expansion }
        _modify {
            makeUnique()
            yield &storage.values.expansion
        }
    }
    /// Superscript (positive) or subscript (negative) levels: the font's `sups` or `subs` glyphs where it has them
    /// for every character of the run, else the glyphs scaled and raised or lowered by the font's OS/2 figures,
    /// once per level. 0 or nil is the normal position.
    public var superscript: Int? {
        _read { yield storage.values.superscript }
        _modify {
            makeUnique()
            yield &storage.values.superscript
        }
    }
    /// An inline object drawn in place of the characters (normally one U+FFFC), as `NSTextAttachment`.
    public var attachment: TextAttachment? {
        _read { yield storage.values.attachment }
        _modify {
            makeUnique()
            yield &storage.values.attachment
        }
    }
    /// Ems of space inside the ends of a stretch with this attribute, before its first character and after its
    /// last, as CSS `padding-inline` on an inline box: part of those characters' advances, so their background
    /// covers it (notes pad inline code 0.2 em, as GitHub). At most ``inlinePaddingLimit``; nil or 0 for none.
    public var inlinePadding: Double? {
        _read { yield storage.values.inlinePadding }
        _modify {
            makeUnique()
            yield &storage.values.inlinePadding
        }
    }

    /// Emphasis marks beside each character that takes one (CSS `text-emphasis`); nil for none. The marks are half
    /// the font's size and the line grows to hold them as Chromium grows it: by what the marks need past the
    /// characters' em box, less what the line beside it leaves free.
    public var textEmphasis: TextEmphasis? {
        _read { yield storage.values.textEmphasis }
        _modify {
            makeUnique()
            yield &storage.values.textEmphasis
        }
    }

    /// Ruby over these characters, the base (furigana, pinyin); nil for none. Adjacent characters with equal
    /// annotations are one base: give one annotation per character (``RubyAnnotation/init(perCharacter:position:)``)
    /// for columns of their own.
    public var ruby: RubyAnnotation? {
        _read { yield storage.values.ruby }
        _modify {
            makeUnique()
            yield &storage.values.ruby
        }
    }

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
        attachment: TextAttachment? = nil, inlinePadding: Double? = nil, textEmphasis: TextEmphasis? = nil,
        ruby: RubyAnnotation? = nil
    ) {
        storage = Storage(
            Values(
                font: font, foregroundColor: foregroundColor, backgroundColor: backgroundColor, kern: kern,
                tracking: tracking, ligatures: ligatures, fontFeatures: fontFeatures, language: language,
                baselineOffset: baselineOffset, underline: underline, strikethrough: strikethrough, shadow: shadow,
                textEffect: textEffect, link: link, paragraphStyle: paragraphStyle, strokeWidth: strokeWidth,
                strokeColor: strokeColor, obliqueness: obliqueness, expansion: expansion, superscript: superscript,
                attachment: attachment, inlinePadding: inlinePadding, textEmphasis: textEmphasis, ruby: ruby))
    }

    public static func == (lhs: TextAttributes, rhs: TextAttributes) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.values == rhs.storage.values
    }

    public func hash(into hasher: inout Hasher) { storage.values.hash(into: &hasher) }

    /// The attributes as fields, as a struct of them would show them (in `dump` and test failures), not their
    /// storage.
    public var customMirror: Mirror { Mirror(self, children: Mirror(reflecting: storage.values).children) }

    /// Gives these attributes storage of their own before a change, when copies share it.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    }

    /// The attributes' values, behind a reference their copies share. Changed only while one value holds it
    /// (``makeUnique()``), so a shared storage is never written and may cross threads.
    private final class Storage: @unchecked Sendable {
        /// Unchecked: accessed only through a value's accessors, each a single read or a change made unique first
        /// (checked, `galley measure` runs 0.3% more instructions on chinese.txt: ARCHITECTURE.md).
        @exclusivity(unchecked) var values: Values

        init(_ values: Values) { self.values = values }
    }

    /// Every attribute, as the properties above describe them.
    private struct Values: Hashable {
        var font: FontSpecifier?
        var foregroundColor: Color?
        var backgroundColor: Color?
        var kern: Double?
        var tracking: Double?
        var ligatures: Ligatures?
        var fontFeatures: [FontFeature] = []
        var language: String?
        var baselineOffset: Double?
        var underline: TextDecoration?
        var strikethrough: TextDecoration?
        var shadow: Shadow?
        var textEffect: TextEffect?
        var link: URL?
        var paragraphStyle: ParagraphStyle?
        var strokeWidth: Double?
        var strokeColor: Color?
        var obliqueness: Double?
        var expansion: Double?
        var superscript: Int?
        var attachment: TextAttachment?
        var inlinePadding: Double?
        var textEmphasis: TextEmphasis?
        var ruby: RubyAnnotation?
    }

    /// These attributes with every non-nil attribute of `other` laid over them (font features added to these).
    public func merging(_ other: TextAttributes) -> TextAttributes {
        var merged = self
        for field in Self.fields { field.merge(&merged, other) }
        return merged
    }

    /// The part of the attributes that decides glyphs and advances; runs whose keys are equal shape together.
    package var shapingKey: ShapingKey {
        ShapingKey(
            font: font ?? .textStyle(.body), kern: kern ?? 0, tracking: tracking ?? 0,
            ligatures: ligatures ?? .standard, fontFeatures: fontFeatures, language: language,
            expansion: expansion ?? 0, superscript: superscript ?? 0, attachment: attachment,
            inlinePadding: inlinePadding ?? 0,
            emphasis: textEmphasis.map {
                EmphasisSide(isUnder: $0.isUnder(language: language), isLeftInColumns: $0.columnSide == .left)
            })
    }
}

/// The shaping-relevant attributes of a run (see ``TextAttributes/shapingKey``).
package struct ShapingKey: Hashable, Sendable {
    package var font: FontSpecifier
    package var kern: Double
    package var tracking: Double
    package var ligatures: Ligatures
    package var fontFeatures: [FontFeature]
    package var language: String?
    /// ``TextAttributes/expansion``, 0 for none.
    package var expansion: Double = 0
    /// ``TextAttributes/superscript``, 0 for none.
    package var superscript: Int = 0
    package var attachment: TextAttachment?
    /// ``TextAttributes/inlinePadding``, 0 for none.
    var inlinePadding: Double = 0
    /// The sides of lines ``TextAttributes/textEmphasis`` puts its marks on; nil for none. Not for
    /// shaping: the marks change the line's height, which runs carry. (The mark itself is drawing's, read from the
    /// attributes where the line is drawn.)
    package var emphasis: EmphasisSide? = nil
    /// How the glyphs stand in the line: set by itemizing a vertical paragraph, never by attributes.
    package var orientation = GlyphOrientation.horizontal
}

/// The sides of horizontal and vertical lines emphasis marks sit on.
package struct EmphasisSide: Hashable, Sendable {
    /// Whether the marks sit under the characters of a horizontal line rather than over them.
    package var isUnder: Bool
    /// Whether the marks sit left of the characters of a vertical line rather than right of them.
    package var isLeftInColumns = false
}

/// How a run's glyphs stand in their line.
package enum GlyphOrientation: Hashable, Sendable {
    /// In a horizontal line.
    case horizontal
    /// Upright in a vertical line, shaped top to bottom (HarfBuzz's vertical direction: `vert`, `vmtx`).
    case upright
    /// In a vertical line, shaped as horizontal text and turned 90° clockwise.
    case sideways
    /// In a vertical line, shaped as horizontal text and fitted side by side into one upright em (tate-chu-yoko).
    case combined

    /// Whether the run sits in a vertical line.
    package var isVertical: Bool { self != .horizontal }
    /// Whether HarfBuzz shapes the run top to bottom.
    package var isTopToBottom: Bool { self == .upright }
}

@_spi(Stages) import GalleyText

/// A stretch of a paragraph that shapes as one HarfBuzz call: one bidi level, one script, one font (after
/// fallback), one set of shaping attributes.
package struct TextItem: Hashable, Sendable {
    /// The item's characters, as UTF-16 offsets from the paragraph's start.
    package var utf16Range: Range<Int>
    /// The bidi embedding level (odd is right-to-left).
    package var bidiLevel: UInt8
    /// The script, with Common and Inherited characters given their neighbours' script.
    package var script: Script
    /// The font, shaping attributes and style leading, shared with the glyph run made from the item.
    let style: RunStyle

    init(utf16Range: Range<Int>, bidiLevel: UInt8, script: Script, style: RunStyle) {
        self.utf16Range = utf16Range
        self.bidiLevel = bidiLevel
        self.script = script
        self.style = style
    }

    /// The font the characters are drawn with: the requested one, or a fallback that covers them.
    package var font: Font { style.font }
    /// The attributes that shape the run (features, spacing, ligatures, language).
    var shaping: ShapingKey { style.shaping }
    /// The Dynamic Type leading of the run's text style, in points; nil for a fixed font.
    var styleLineHeight: Double? { style.styleLineHeight }

    /// Whether the item runs right to left.
    package var isRightToLeft: Bool { bidiLevel & 1 == 1 }
    /// The BCP 47 language the item is shaped for, if the text named one.
    package var language: String? { shaping.language }
}

/// A paragraph split into text items, with its bidi levels kept for reordering lines.
package struct ItemizedParagraph: Sendable {
    /// The paragraph the items cover.
    package let paragraph: Paragraph
    /// The items, in logical order, covering the paragraph without gaps.
    package let items: [TextItem]
    /// The paragraph's bidi resolution (levels per UTF-16 unit).
    package let bidi: BidiParagraph
}

/// What a text item and its glyph run draw with: the font after fallback, the shaping attributes and the text
/// style's leading. Shared by reference, so that copying a run (which layout does often) retains one object.
package final class RunStyle: Hashable, Sendable {
    let font: Font
    /// The font character matching chose, before a superscript or subscript made it smaller (``font`` otherwise).
    let matchedFont: Font
    /// The font the attributes ask for, before fallback: decorations take their position and thickness from it,
    /// so an underline runs level across Latin, Chinese, Arabic and emoji in one attribute run.
    package let primaryFont: Font
    let shaping: ShapingKey
    /// The Dynamic Type leading of the run's text style, in points; nil for a fixed font.
    let styleLineHeight: Double?
    /// How far a synthesized superscript or subscript raises the glyphs, in points (negative lowers them).
    let baselineShift: Double
    /// The font's ascender, descender (negative) and line gap in points, read once for every line the run is on;
    /// an attachment's reach above and below the baseline instead, with no gap.
    let ascender: Double, descender: Double, lineGap: Double

    /// Whether runs in this style and in `other` are shaped alike: the same font and shaping attributes. Compared
    /// in place: read from outside, each comparison copied both styles' attributes.
    func shapesLike(_ other: RunStyle) -> Bool { font == other.font && shaping == other.shaping }

    /// Whether the run asks for no features beyond the defaults (no font features, ligatures not
    /// ``Ligatures/all``), which lets it be shaped in pieces: word by word through the cache, or character by
    /// character. One rule for both ways.
    var takesDefaultFeatures: Bool { shaping.fontFeatures.isEmpty && shaping.ligatures != .all }

    /// Whether this is the style `init(font:primaryFont:shaping:styleLineHeight:)` would make (no superscript's
    /// font or shift), compared in place.
    func isMade(font: Font, primaryFont: Font, shaping: ShapingKey, styleLineHeight: Double?) -> Bool {
        matchedFont == font && self.font == font && baselineShift == 0 && self.primaryFont == primaryFont
            && self.styleLineHeight == styleLineHeight && self.shaping == shaping
    }

    init(
        font: Font, matchedFont: Font? = nil, primaryFont: Font, shaping: ShapingKey, styleLineHeight: Double?,
        baselineShift: Double = 0
    ) {
        self.font = font
        self.matchedFont = matchedFont ?? font
        self.primaryFont = primaryFont
        self.shaping = shaping
        self.styleLineHeight = styleLineHeight
        self.baselineShift = baselineShift
        if let attachment = shaping.attachment, shaping.orientation.isVertical {
            // Upright across a vertical line, centred on its central baseline, which lies half an em over the
            // alphabetic one the figures count from: half its width either side of that.
            ascender = (attachment.bounds.width + font.size) / 2
            descender = (font.size - attachment.bounds.width) / 2
            lineGap = 0
        } else if let attachment = shaping.attachment {
            ascender = attachment.ascent
            descender = attachment.descent
            lineGap = 0
        } else {
            ascender = font.ascender + baselineShift
            descender = font.descender + baselineShift
            lineGap = font.lineGap
        }
    }

    /// This style with its glyphs standing as `orientation` says.
    func oriented(_ orientation: GlyphOrientation) -> RunStyle {
        var shaping = shaping
        shaping.orientation = orientation
        return RunStyle(
            font: font, matchedFont: matchedFont, primaryFont: primaryFont, shaping: shaping,
            styleLineHeight: styleLineHeight, baselineShift: baselineShift)
    }

    /// Whether the run's characters have emphasis marks (``TextAttributes/textEmphasis``).
    var hasEmphasisMarks: Bool { shaping.emphasis != nil }

    /// The attachment the run's characters draw, if any.
    package var attachment: TextAttachment? { shaping.attachment }

    package static func == (lhs: RunStyle, rhs: RunStyle) -> Bool {
        lhs === rhs
            || (lhs.font == rhs.font && lhs.primaryFont == rhs.primaryFont && lhs.shaping == rhs.shaping
                && lhs.styleLineHeight == rhs.styleLineHeight && lhs.baselineShift == rhs.baselineShift)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(font)
        hasher.combine(primaryFont)
        hasher.combine(shaping)
        hasher.combine(styleLineHeight)
    }
}

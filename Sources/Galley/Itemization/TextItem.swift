/// A stretch of a paragraph that shapes as one HarfBuzz call: one bidi level, one script, one font (after
/// fallback), one set of shaping attributes.
public struct TextItem: Hashable, Sendable {
    /// The item's characters, as UTF-16 offsets from the paragraph's start.
    public var utf16Range: Range<Int>
    /// The bidi embedding level (odd is right-to-left).
    public var bidiLevel: UInt8
    /// The script, with Common and Inherited characters given their neighbours' script.
    public var script: Script
    /// The font the characters are drawn with: the requested one, or a fallback that covers them.
    public var font: Font
    /// The attributes that shape the run (features, spacing, ligatures, language).
    var shaping: ShapingKey
    /// The Dynamic Type leading of the run's text style, in points; nil for a fixed font.
    var styleLineHeight: Double?

    /// Whether the item runs right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }
    /// The BCP 47 language the item is shaped for, if the text named one.
    public var language: String? { shaping.language }
}

/// A paragraph split into text items, with its bidi levels kept for reordering lines.
public struct ItemizedParagraph: Sendable {
    /// The paragraph the items cover.
    public let paragraph: Paragraph
    /// The items, in logical order, covering the paragraph without gaps.
    public let items: [TextItem]
    /// The paragraph's bidi resolution (levels per UTF-16 unit).
    public let bidi: BidiParagraph
}

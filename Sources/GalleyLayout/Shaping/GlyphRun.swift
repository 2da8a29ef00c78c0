@_spi(Stages) import GalleyText

/// One glyph placed by the shaper. Positions are in points, unrounded; y grows downward.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in its font (not a character code).
    public var glyphID: UInt32
    /// The first UTF-16 offset (from the paragraph's start) of the characters this glyph draws; glyphs of one
    /// cluster share it.
    public var cluster: Int
    /// How far the pen moves after this glyph, in points (letter spacing included): along the line, down the
    /// column for a glyph upright in a vertical line.
    public var advance: Double
    /// Displacement from the pen position, in points: right and down are positive. A glyph upright in a vertical
    /// line (shaped top to bottom, or combined into one em) is displaced down the column (`xOffset`) and across it,
    /// rightwards from the column's centre line (`yOffset`), to where its horizontal origin goes; a glyph turned
    /// with a vertical line keeps the offsets of the horizontal line it was shaped as.
    public var xOffset: Double, yOffset: Double
    /// HarfBuzz's `UNSAFE_TO_BREAK`: a line that starts or ends at this glyph's cluster must be shaped again,
    /// because shaping joined it with its neighbour (a ligature, kerning, Arabic joining).
    public var isUnsafeToBreak: Bool = false

    /// The same glyph with its cluster moved by `distance` UTF-16 units.
    func movedBy(_ distance: Int) -> ShapedGlyph {
        var glyph = self
        glyph.cluster += distance
        return glyph
    }
}

/// The glyphs of one `TextItem`, in visual (left-to-right) order as HarfBuzz returns them.
public struct GlyphRun: Sendable {
    /// The font, shaping attributes and style leading of the item the run was shaped from.
    package let style: RunStyle
    /// The font every glyph of the run comes from.
    public var font: Font { style.font }
    /// The characters the run draws, as UTF-16 offsets from the paragraph's start.
    public internal(set) var utf16Range: Range<Int>
    /// The bidi embedding level (odd is right-to-left).
    public internal(set) var bidiLevel: UInt8
    /// The script the run was shaped as.
    public let script: Script
    /// The glyphs, left to right.
    public var glyphs: [ShapedGlyph]
    /// The attributes the run was shaped with, to shape part of it again at a line's edge.
    package var shaping: ShapingKey { style.shaping }
    /// The line height the run's text style asks for (its Dynamic Type leading), in points; nil for fixed fonts.
    public var styleLineHeight: Double? { style.styleLineHeight }

    /// Whether the run reads right to left (its glyphs are then in reverse logical order).
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// The sum of the advances, in points.
    public var width: Double { glyphs.reduce(0) { $0 + $1.advance } }
}

/// A paragraph after shaping: its glyph runs in logical order, made once and broken into lines at any width.
///
/// Immutable, and shared by reference: the line breaker, the typesetter and the paragraph cache all hold it, and
/// copying the paragraph's text, attributes and runs into each would cost a reference count apiece.
public final class ShapedParagraph: Sendable {
    /// The paragraph that was shaped.
    public let paragraph: Paragraph
    /// The bidi levels, for reordering each line.
    package let bidi: BidiParagraph
    /// One run per text item, in logical order, with the CJK spacing applied.
    public let runs: [GlyphRun]
    /// The punctuation trimming and autospace in ``runs``, and what a line's end gives back.
    public let spacing: CJKSpacing
    /// The ruby columns (``TextAttributes/ruby``), in logical order; their room is in ``runs`` and ``spacing``.
    package let rubies: [RubyColumn]

    init(
        paragraph: Paragraph, bidi: BidiParagraph, runs: [GlyphRun], spacing: CJKSpacing = .none,
        rubies: [RubyColumn] = []
    ) {
        self.paragraph = paragraph
        self.bidi = bidi
        self.runs = runs
        self.spacing = spacing
        self.rubies = rubies
    }

    /// The ruby columns whose bases overlap `range` (UTF-16 offsets from the paragraph's start).
    package func rubies(overlapping range: Range<Int>) -> ArraySlice<RubyColumn> {
        guard !rubies.isEmpty else { return [] }
        let first = rubies.partitioningIndex { $0.base.upperBound > range.lowerBound }
        var last = first
        while last < rubies.count, rubies[last].base.lowerBound < range.upperBound { last += 1 }
        return rubies[first..<last]
    }

    /// The width of the whole paragraph on one line, in points.
    public var width: Double { runs.reduce(0) { $0 + $1.width } }

    /// The same paragraph said to start at UTF-16 offset `start` of its storage (glyphs are paragraph-relative and
    /// do not change).
    func relocated(to start: Int) -> ShapedParagraph {
        guard paragraph.utf16Range.lowerBound != start else { return self }
        return ShapedParagraph(
            paragraph: paragraph.relocated(to: start), bidi: bidi, runs: runs, spacing: spacing, rubies: rubies)
    }
}

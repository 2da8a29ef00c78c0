@_spi(Stages) import GalleyText

/// A glyph run placed on a line: its glyphs and the pen position where the first one starts.
public struct PositionedRun: Sendable {
    /// The run's glyphs for this line, left to right; clusters are UTF-16 offsets from the paragraph's start.
    public let glyphRun: GlyphRun
    /// Where the pen starts, on the baseline, in container coordinates (points).
    public let origin: Point
    /// The characters the run draws, as UTF-16 offsets into the text storage; empty for an inserted ellipsis.
    public let characterRange: Range<Int>

    /// The x of each glyph's pen position in container coordinates, left to right.
    public var glyphPositions: [Double] {
        var x = origin.x
        return glyphRun.glyphs.map { glyph in
            defer { x += glyph.advance }
            return x
        }
    }

    /// The run's width in points.
    public var width: Double { glyphRun.width }

    /// The run moved down by `y` points, its characters `characters` UTF-16 units on in the storage.
    func offset(y: Double, characters: Int = 0) -> PositionedRun {
        PositionedRun(
            glyphRun: glyphRun, origin: Point(x: origin.x, y: origin.y + y),
            characterRange: (characterRange.lowerBound + characters)..<(characterRange.upperBound + characters))
    }
}

/// One line of laid-out text in one free segment of a band, as TextKit's line fragment.
///
/// A band (one visual line) split by an exclusion path holds several fragments side by side.
public struct LineFragment: Sendable {
    /// The container the fragment is in (its index in the layout manager).
    public let containerIndex: Int
    /// The whole free segment the line was given (padding included) and the band's height, container coordinates.
    public let rect: Rect
    /// The part the glyphs use: from the first glyph to the end of the last non-space one, the line's height.
    public let usedRect: Rect
    /// The baseline's y in container coordinates.
    public let baselineY: Double
    /// The characters on the line, as UTF-16 offsets into the text storage (trailing spaces included).
    public let characterRange: Range<Int>
    /// The runs in visual order, left to right.
    public let runs: [PositionedRun]
    /// The paragraph the line belongs to (its index among the storage's paragraphs).
    public let paragraphIndex: Int
    /// The paragraph's first UTF-16 offset in the storage; glyph clusters count from here.
    public let paragraphStart: Int
    /// Whether an ellipsis replaced some of the line's characters.
    public let isTruncated: Bool
    /// Whether glyphs past ``rect`` must be clipped (the clip line-break mode).
    public let clipsToRect: Bool
    /// Whether the paragraph runs right to left.
    public let isRightToLeft: Bool
    /// The list marker drawn beside the line, on the first line of a list item's paragraph.
    public internal(set) var listMarker: ListMarker? = nil
    /// Whether the line continues a source line its paragraph wraps, indented under it
    /// (``ParagraphStyle/indentsWrappedLines``, as code wraps), rather than starting one: drawn with a continuation
    /// mark in the indent.
    public internal(set) var continuesSourceLine = false
    /// The emphasis marks beside the line's characters (``TextAttributes/textEmphasis``), a run of one mark each,
    /// its character range the character it marks; empty without them, and in a line laid out only to be measured.
    public internal(set) var emphasisMarks: [PositionedRun] = []
    /// The ruby annotations over (or under) the line's bases (``TextAttributes/ruby``), each its base's character
    /// range; empty without ruby, and in a line laid out only to be measured.
    public internal(set) var rubyAnnotations: [PositionedRun] = []
    /// How the line's characters are drawn (their colours, decorations, shadows, effects and strokes, taken from
    /// their attributes when the line was laid out); nil for a line laid out only to be measured.
    public internal(set) var paint: LinePaint? = nil

    /// The line's height in points (the band's).
    public var height: Double { rect.height }
}

import Foundation
@_spi(Stages) import GalleyText

/// How characters are drawn beyond their glyphs, read from their attributes when their line is laid out: all
/// that ``Renderer`` takes from the text, so a ``TextLayout`` draws alone and stays drawable after its storage
/// changes. The meanings are ``TextAttributes``'s.
public struct TextPaint: Hashable, Sendable {
    /// The glyphs' colour; nil is black.
    public var foregroundColor: Color?
    /// A fill behind the characters' line boxes; nil for none.
    public var backgroundColor: Color?
    /// A line under the text.
    public var underline: TextDecoration?
    /// A line through the text.
    public var strikethrough: TextDecoration?
    /// A blurred shadow under the glyphs.
    public var shadow: Shadow?
    /// An effect such as letterpress.
    public var textEffect: TextEffect?
    /// The outline's width as a percentage of the font size: positive hollow, negative fill and stroke.
    public var strokeWidth: Double?
    /// The outline's colour; nil is the foreground colour.
    public var strokeColor: Color?
    /// The glyphs' slant: the x shift per unit of height.
    public var obliqueness: Double?
    /// The natural logarithm of the glyphs' horizontal scale.
    public var expansion: Double?
    /// Points the glyphs are raised above the baseline when drawn.
    public var baselineOffset: Double?
    /// The link target the characters stand for.
    public var link: URL?
    /// The colour of the characters' emphasis marks (``TextEmphasis/color``); nil is the foreground colour.
    public var emphasisColor: Color?

    /// The paint of characters with `attributes`.
    public init(_ attributes: TextAttributes) {
        foregroundColor = attributes.foregroundColor
        backgroundColor = attributes.backgroundColor
        underline = attributes.underline
        strikethrough = attributes.strikethrough
        shadow = attributes.shadow
        textEffect = attributes.textEffect
        strokeWidth = attributes.strokeWidth
        strokeColor = attributes.strokeColor
        obliqueness = attributes.obliqueness
        expansion = attributes.expansion
        baselineOffset = attributes.baselineOffset
        link = attributes.link
        emphasisColor = attributes.textEmphasis?.color
    }

    /// Black glyphs and nothing else.
    public static let plain = TextPaint(TextAttributes())

    /// Whether the glyphs are drawn as their outline only (a positive stroke width).
    package var isHollow: Bool { (strokeWidth ?? 0) > 0 }
}

/// The paint of one line's characters, and the characters themselves, which decorations read (word spaces,
/// ideographs, white space hanging at the line's end).
public struct LinePaint: Sendable {
    /// Where each stretch of one paint starts, as UTF-16 offsets from the line's first character; the first is 0.
    private let starts: [Int]
    private let paints: [TextPaint]
    /// The line's characters (UTF-16), its paragraph terminator excluded.
    public let characters: [UInt16]
    /// The blocks the line's paragraph is in, outermost first (``ParagraphStyle/textBlocks``), whose rules are drawn
    /// beside it.
    public let blocks: [TextBlock]

    /// The paint of the characters of `paragraph` in `range` (UTF-16 offsets from the paragraph's start): only
    /// the runs the line covers are read, found by bisection (the runs are in order and do not overlap), so a
    /// paragraph of many runs costs each line its own runs, not the paragraph's.
    init(of paragraph: Paragraph, in range: Range<Int>) {
        var starts: [Int] = [], paints: [TextPaint] = []
        let runs = paragraph.attributeRuns
        var index = runs.partitioningIndex { $0.utf16Range.upperBound > range.lowerBound }
        while index < runs.count, runs[index].utf16Range.lowerBound < range.upperBound {
            let run = runs[index]
            index += 1
            let paint = TextPaint(run.attributes)
            guard paint != paints.last else { continue }
            starts.append(max(0, run.utf16Range.lowerBound - range.lowerBound))
            paints.append(paint)
        }
        if paints.isEmpty {
            starts = [0]
            paints = [TextPaint(paragraph.leadingAttributes)]
        }
        starts[0] = 0
        self.starts = starts
        self.paints = paints
        blocks = paragraph.style.textBlocks
        let text = paragraph.text, end = min(range.upperBound, text.count)
        characters =
            range.lowerBound < end ? Array(text[(text.startIndex + range.lowerBound)..<(text.startIndex + end)]) : []
    }

    /// The paint of the character `offset` UTF-16 units from the line's first (the nearest stretch's outside it).
    func paint(atLineOffset offset: Int) -> TextPaint {
        paints[max(0, starts.partitioningIndex { $0 > offset } - 1)]
    }

    /// Every paint the line uses.
    package var allPaints: [TextPaint] { paints }
}

extension LineFragment {
    /// The paint of the character at storage offset `offset` (UTF-16), clamped to the line; ``TextPaint/plain``
    /// for a line laid out without paint (by a measuring pass).
    public func paint(at offset: Int) -> TextPaint {
        paint?.paint(atLineOffset: offset - characterRange.lowerBound) ?? .plain
    }

    /// The UTF-16 unit at storage offset `offset`; nil outside the line's characters (its paragraph terminator)
    /// or for a line laid out without paint.
    public func character(at offset: Int) -> UInt16? {
        guard let characters = paint?.characters else { return nil }
        let index = offset - characterRange.lowerBound
        return characters.indices.contains(index) ? characters[index] : nil
    }

    /// The UTF-16 units over ``characterRange`` as caret geometry reads them: the line's characters, then its
    /// paragraph terminator (written LF, or CR LF for two units: what the geometry tells apart). A line laid out
    /// without paint (only measured, never hit-tested) reads as spaces.
    var caretText: ArraySlice<UInt16> {
        let count = characterRange.count
        guard let characters = paint?.characters, characters.count <= count else {
            return Array(repeating: 0x20, count: count)[...]
        }
        // A wrapped line (no terminator) is its characters as they are, not a copy.
        if characters.count == count { return characters[...] }
        let terminator: [UInt16] =
            count - characters.count == 2 ? [0x0D, 0x0A] : Array(repeating: 0x0A, count: count - characters.count)
        return (characters + terminator)[...]
    }
}

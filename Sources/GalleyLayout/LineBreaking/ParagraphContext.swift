@_spi(Stages) import GalleyText

/// What placing one paragraph's lines reads of it besides its lines: its shaped text and place, its style, its
/// primary font (every line's strut) and its place in its lists. A reference: every band and line reads it.
final class ParagraphContext {
    let shaped: ShapedParagraph
    /// The paragraph's index among the text's paragraphs, and whether it is the last.
    let index: Int
    let isLast: Bool
    /// The paragraph's style, lent from its shaped text rather than copied (a copy retains each of its arrays).
    var style: ParagraphStyle {
        _read { yield shaped.paragraph.style }
    }
    /// What of the style every line reads, held apart from it: how lines break, the most hyphenated lines in a
    /// row, whether a word wider than the line is left whole (`overflow-wrap: normal`), whether lines are
    /// justified, whether wrapped lines continue indented.
    let lineBreakMode: ParagraphStyle.LineBreakMode
    let hyphenatedLineLimit: Int
    let overflowsWhole: Bool
    let isJustified: Bool
    let indentsWrappedLines: Bool
    /// The paragraph's primary font: the strut every line's height includes.
    let baseFont: Font
    /// The strut and the style's rules every line's metrics follow.
    let strut: LineMetrics.Strut
    let isRightToLeft: Bool
    /// The paragraph's place in its lists; nil outside lists.
    let listItem: ListItemPlace?

    init(
        shaped: ShapedParagraph, index: Int, isLast: Bool, baseFont: Font, baseLeading: Double?,
        listItem: ListItemPlace?
    ) {
        self.shaped = shaped
        self.index = index
        self.isLast = isLast
        lineBreakMode = shaped.paragraph.style.lineBreakMode
        hyphenatedLineLimit = shaped.paragraph.style.hyphenatedLineLimit
        overflowsWhole = shaped.paragraph.style.overflowWrap == .normal
        isJustified = shaped.paragraph.style.alignment == .justified
        indentsWrappedLines = shaped.paragraph.style.indentsWrappedLines
        self.baseFont = baseFont
        strut = LineMetrics.Strut(style: shaped.paragraph.style, font: baseFont, leading: baseLeading)
        isRightToLeft = shaped.bidi.isRightToLeft
        self.listItem = listItem
    }

    var paragraph: Paragraph { shaped.paragraph }
    var storageStart: Int { shaped.paragraph.utf16Range.lowerBound }
    /// Whether lines wrap (at words or characters) rather than run on to be clipped or truncated.
    var wraps: Bool { lineBreakMode == .wordWrap || lineBreakMode == .charWrap }
}

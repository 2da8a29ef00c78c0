import Galley

/// What a note's blocks look like, from its default attributes and theme: the body's paragraph style, list items,
/// block quotes (indent, rule and the space before them), footnotes and table cells. ``NoteWriter`` decides which
/// block a piece of Markdown is; this says how each is set.
struct NoteBlockStyles {
    /// The note's attributes before any block's (its font, colour and language).
    let defaults: TextAttributes
    /// The colours of the note's roles.
    let theme: NoteTheme

    /// The body paragraph style notes use.
    static let body: ParagraphStyle = {
        var style = ParagraphStyle()
        style.paragraphSpacing = 8
        style.autospace = true  // notes mix Chinese with English and code: CLREQ's Han–Latin spacing
        style.textWrap = .pretty  // notes are read as typeset text: no paragraph ends on a stranded word
        style.breaksCodeAtJoints = true  // a long name in code is cut at a `.` or `(`, not inside itself
        return style
    }()

    /// A list item's attributes: room for "10." and "十二、" beside the text; a ticked item in the muted ink, as
    /// checklists grey it.
    func listItem(lists: [TextList], isChecked: Bool) -> TextAttributes {
        var style = Self.body
        style.paragraphSpacing = 4
        style.textLists = lists
        style.listIndent = 32
        var attributes = defaults
        if isChecked { attributes.foregroundColor = theme.muted }
        attributes.paragraphStyle = style
        return attributes
    }

    /// The block (drawn as a rule beside the text) of one more level of block quote.
    func quoteBlock() -> TextBlock {
        TextBlock(
            ruleColor: theme.rule, ruleWidth: Self.quoteRuleWidth,
            ruleOffset: Self.quoteIndent - Self.quoteRuleWidth - 2)
    }

    /// Sets `style` and `attributes` in the block quotes of `context`: 16 pt of indent a level, the quotes' rules
    /// beside it (as GitHub draws a quote's left border), space before the innermost quote's first paragraph (so
    /// that after a list it does not read as the list's last item), and the muted colour.
    func quote(_ style: inout ParagraphStyle, _ attributes: inout TextAttributes, in context: NoteWriter.Context) {
        guard context.quoteDepth > 0 else { return }
        style.headIndent += Self.quoteIndent * Double(context.quoteDepth)
        style.firstLineHeadIndent += Self.quoteIndent * Double(context.quoteDepth)
        style.textBlocks = context.quotes
        if let started = context.quoteStarted, !started.value {
            style.paragraphSpacingBefore = max(style.paragraphSpacingBefore, Self.quoteSpacing)
            started.value = true
        }
        attributes.foregroundColor = theme.muted
    }

    /// The attributes of a footnote's definition: the footnote size, muted, its number hanging (a tab to the text's
    /// indent, so wrapped lines start under the text, not the number); and those of the short rule above the first.
    func footnote() -> (rule: TextAttributes, definition: TextAttributes) {
        var attributes = defaults
        switch defaults.font {
        case .styled(_, let family, let weight, let italic):
            attributes.font = .styled(.footnote, family: family, weight: weight, italic: italic)
        case .font: break  // a fixed font keeps its size
        default: attributes.font = .textStyle(.footnote)
        }
        attributes.foregroundColor = theme.muted
        var style = Self.body
        style.paragraphSpacing = 4
        var rule = attributes
        rule.paragraphStyle = style
        style.headIndent = Self.footnoteIndent
        try? style.setTabStops([TextTab(location: Self.footnoteIndent)])
        attributes.paragraphStyle = style
        return (rule, attributes)
    }

    /// A table of `columnCount` columns whose first `headerRowCount` rows are its header: padded cells, the theme's
    /// rules, the header on the code tint.
    func table(columnCount: Int, headerRowCount: Int) -> TextTable {
        TextTable(
            columnCount: max(1, columnCount), cellPadding: Self.tableCellPadding, headerRowCount: headerRowCount,
            ruleColor: theme.rule, headerColor: theme.codeTint)
    }

    /// The attributes of the cell of `table` at `row` and `column`, aligned as GFM's delimiter row says (`alignment`:
    /// `l`, `c`, `r` or 0), in the quotes of `context`, with figures of one width so that a column's numbers line up
    /// digit under digit.
    func tableCell(
        _ table: TextTable, row: Int, column: Int, alignment: UInt8, in context: NoteWriter.Context
    ) -> TextAttributes {
        var attributes = defaults
        var style = Self.body
        style.tableCell = TextTableCell(table: table, row: row, column: column)
        switch alignment {
        case UInt8(ascii: "r"): style.alignment = .right
        case UInt8(ascii: "c"): style.alignment = .center
        default: style.alignment = .natural
        }
        quote(&style, &attributes, in: context)
        attributes.paragraphStyle = style
        attributes.fontFeatures = Self.tableFeatures
        return attributes
    }

    /// The one-cell table a code block outside lists is set in: the width of the text, on the code tint, padded.
    func codeBox() -> TextTable {
        TextTable(columnCount: 1, cellPadding: Self.codeBoxPadding, backgroundColor: theme.codeTint, fillsWidth: true)
    }

    /// The features of a table cell's text: tabular figures.
    static let tableFeatures = [FontFeature("tnum", 1)]

    /// The text style of code blocks: a step below the body.
    static let codeBlockStyle = TextStyle.subheadline

    /// How far a footnote's text stands from its number's start, in points: room for `10.` at the footnote size.
    private static let footnoteIndent = 22.0
    /// The space inside a table's cells and inside a code block's box, in points.
    private static let tableCellPadding = 6.0
    private static let codeBoxPadding = 10.0
    /// A quote level's indent, its rule's width and the space before a quote, in points.
    private static let quoteIndent = 16.0
    private static let quoteRuleWidth = 3.0
    private static let quoteSpacing = 6.0
}

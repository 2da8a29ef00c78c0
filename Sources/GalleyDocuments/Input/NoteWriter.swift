import Foundation
import Galley

/// Writes a note's Markdown blocks into a text storage as paragraphs with their styles: what ``NoteReader``
/// describes, one block kind at a time.
final class NoteWriter {
    let storage: TextStorage
    private let defaults: TextAttributes
    /// The colours of the note's roles.
    private let theme: NoteTheme
    /// Whether code forms its font's programming ligatures (front matter `code-ligatures: on`).
    private let codeLigatures: Bool
    /// Lines before the Markdown text (front matter), added to its line numbers in errors.
    private let lineOffset: Int
    /// The Markdown text's lines, where a paragraph's lazy continuation lines are found.
    private let sourceLines: [Substring]
    /// Whether a paragraph has been written yet (the first `# ` heading is the title).
    private var wroteParagraph = false
    /// The open list of `一、` steps, continued by the next step line.
    private var chineseSteps: TextList?
    /// The cells of the note's tables so far, held to `tableCellLimit` (``DocumentLimits/tableCells``).
    private var tableCells = 0
    private let tableCellLimit: Int
    /// The footnote definitions written so far: cmark-gfm puts them at the note's end in the order they are first
    /// referred to, which numbers them.
    private var footnotes = 0
    /// Writes a paragraph's inline pieces into ``storage``.
    private let inlines: NoteInlineWriter
    /// The pictures floated to a side, in the order written (``FloatingPicture``).
    private(set) var floats: [FloatingPicture] = []
    /// The most pictures a note floats: each is placed after a layout of the text with those before it.
    static let floatLimit = 16

    init(
        sourceLines: [Substring], defaults: TextAttributes, images: DocumentFiles, lineOffset: Int,
        tableCellLimit: Int = DocumentLimits().tableCells, theme: NoteTheme = .light, codeLigatures: Bool = false
    ) {
        self.tableCellLimit = tableCellLimit
        self.sourceLines = sourceLines
        self.theme = theme
        self.codeLigatures = codeLigatures
        storage = TextStorage("", attributes: defaults)
        self.defaults = defaults
        self.lineOffset = lineOffset
        inlines = NoteInlineWriter(
            storage: storage, images: images, theme: theme, codeLigatures: codeLigatures, lineOffset: lineOffset)
    }

    /// Where a block stands: the lists and quotes around it.
    struct Context {
        /// The lists the block is in, outermost first, with its item's marker format; empty outside lists.
        var lists: [TextList] = []
        /// Whether the block's list item is ticked (its text fades).
        var isChecked = false
        /// Whether the item's first paragraph is written (later blocks of the item continue it on a new line,
        /// without another marker).
        var itemStarted: Box? = nil
        /// The block quotes the block is in, outermost first, each a ``TextBlock`` drawn with a rule.
        var quotes: [TextBlock] = []
        /// Whether the innermost quote's first paragraph is written (it takes space before it).
        var quoteStarted: Box? = nil
        /// How many block quotes the block is in.
        var quoteDepth: Int { quotes.count }

        /// A flag shared by the blocks of one list item.
        final class Box { var value = false }
    }

    /// The body paragraph style notes use.
    private static let body: ParagraphStyle = {
        var style = ParagraphStyle()
        style.paragraphSpacing = 8
        style.autospace = true  // notes mix Chinese with English and code: CLREQ's Han–Latin spacing
        style.textWrap = .pretty  // notes are read as typeset text: no paragraph ends on a stranded word
        style.breaksCodeAtJoints = true  // a long name in code is cut at a `.` or `(`, not inside itself
        return style
    }()

    func write(_ blocks: [MarkdownNode], in context: Context, depth: Int) throws {
        guard depth < NoteReader.nestingLimit else {
            throw InputError(
                "line \((blocks.first?.line ?? 0) + lineOffset): blocks nested deeper than \(NoteReader.nestingLimit) levels"
            )
        }
        for block in blocks {
            switch block.kind {
            case "heading": try heading(block)
            case "paragraph": try paragraph(block, in: context)
            case "list": try list(block, in: context, depth: depth)
            case "block_quote":
                var inner = context
                inner.quotes.append(
                    TextBlock(
                        ruleColor: theme.rule, ruleWidth: Self.quoteRuleWidth,
                        ruleOffset: Self.quoteIndent - Self.quoteRuleWidth - 2))
                inner.quoteStarted = Context.Box()
                try write(block.children, in: inner, depth: depth + 1)
            case "code_block", "html_block":
                var text = block.literal
                if text.hasSuffix("\n") { text.removeLast() }
                try literal(
                    text.replacingOccurrences(of: "\n", with: "\u{2028}"), code: block.kind == "code_block",
                    line: block.line, in: context)
            case "thematic_break":
                var style = Self.body
                style.alignment = .center
                var attributes = defaults
                attributes.foregroundColor = theme.muted
                attributes.paragraphStyle = style
                chineseSteps = nil
                startParagraph(attributes)
                storage.append("·  ·  ·", attributes: attributes)
            case "table": try table(block, in: context)
            case "footnote_definition": try footnote(block)
            default: try write(block.children, in: context, depth: depth + 1)
            }
        }
    }

    // MARK: Blocks

    /// The first `# ` heading is the note's title; other headings are set in ``headingStyles`` by level. Headings'
    /// lines are balanced, as a title set by hand is, and their paragraphs carry their level.
    private func heading(_ block: MarkdownNode) throws {
        chineseSteps = nil
        var attributes = defaults
        var style = ParagraphStyle()
        style.autospace = true
        style.textWrap = .balance
        let level = min(max(block.headingLevel, 1), 6)
        style.headerLevel = level
        if !wroteParagraph, level == 1 {
            attributes.font = Self.headingFont(Self.headingStyles[0], from: defaults.font)
            if theme.pressesTitle {
                attributes.textEffect = .letterpress
                attributes.foregroundColor = theme.pressedInk(from: defaults.foregroundColor ?? theme.text)
            }
            style.paragraphSpacing = 10
        } else {
            attributes.font = Self.headingFont(
                Self.headingStyles[level - 1], from: defaults.font, italic: Self.headingIsItalic(level: level))
            if Self.headingIsMuted(level: level) { attributes.foregroundColor = theme.muted }
            style.paragraphSpacingBefore = 6
            style.paragraphSpacing = 6
        }
        attributes.paragraphStyle = style
        startParagraph(attributes)
        let lines = try inlineLines(block)
        for (index, line) in lines.enumerated() {
            if index > 0 { storage.append(" ", attributes: attributes) }
            try inlines.append(line.pieces, base: attributes, line: line.number)
        }
    }

    /// A paragraph: each of its lines a paragraph of the note (or, in a list item, a line of the item).
    private func paragraph(_ block: MarkdownNode, in context: Context) throws {
        let lines = try inlineLines(block)
        var context = context
        for (index, line) in lines.enumerated() {
            if index > 0, !context.lists.isEmpty || context.quoteDepth > 0, isLazy(line.number, column: block.column) {
                context = Context()  // a line written further left, not quoted: the note leaves the list or quote
            }
            try self.line(line, in: context)
        }
    }

    /// One line of a paragraph, in a list item, as a `一、` step, or as a body paragraph; its floating pictures
    /// taken out to float beside it (a line of them alone writes no paragraph: they float beside the next).
    private func line(_ line: NoteInlines.SourceLine, in context: Context) throws {
        var pieces = line.pieces
        if pieces.contains(where: { if case .picture(let picture, _) = $0 { picture.float != nil } else { false } }) {
            try float(&pieces, line: line.number)
            if pieces.allSatisfy({ if case .text(let text, _) = $0 { text.allSatisfy(\.isWhitespace) } else { false } })
            {
                return
            }
        }
        if context.lists.isEmpty, context.quoteDepth == 0, case .text(let text, let style)? = pieces.first,
            let step = ChineseSteps.marker(Substring(text))
        {
            let list = chineseSteps ?? TextList(markerFormat: .chinese, startingItemNumber: step.number)
            chineseSteps = list
            pieces[0] = .text(String(text.dropFirst(step.length)), style)
            let attributes = listAttributes(lists: [list], isChecked: false)
            startParagraph(attributes)
            try inlines.append(pieces, base: attributes, line: line.number)
            return
        }
        let attributes = startBlock(in: context) {
            var plain = defaults
            var style = Self.body
            // Paragraphs written mostly in Chinese, Japanese or Korean are set justified, as their books and
            // papers are, a stop or comma hanging past the edge where the line would not hold it otherwise;
            // English with a Chinese phrase keeps ragged lines (justified, its word gaps would gape).
            let text = Self.text(of: pieces)
            if NoteReader.isMostlyCJK(text) {
                style.alignment = .justified
                style.hangingPunctuation = .init(end: .allow)
            }
            // Japanese is set by JLREQ's strict rules, as most publishers set it: no line starts with ー or a
            // small kana.
            let language = plain.language ?? LanguageInference.language(of: ArraySlice(text.utf16))
            if let language, LanguageTag.hasPrimaryLanguage(language, "ja") { style.lineBreakStrictness = .strict }
            quote(&style, &plain, in: context)
            plain.paragraphStyle = style
            return plain
        }
        try inlines.append(pieces, base: attributes, line: line.number)
    }

    /// Literal text (a code block, HTML, its lines joined by line separators), in JetBrains Mono on a tint for
    /// code.
    ///
    /// A code block outside lists is set in a box the width of the text, on the code tint with padding around
    /// (a one-cell ``TextTable``), rather than on a strip of tint per line.
    private func literal(_ text: String, code: Bool, line: Int, in context: Context) throws {
        let boxed = code && context.itemStarted == nil
        let attributes = startBlock(in: context) {
            var style = Self.body
            style.textWrap = .auto
            style.autospace = false
            style.indentsWrappedLines = code  // a wrapped line of code continues under its own indentation
            style.keepsMonospaceCells = code  // a Chinese comment keeps the columns after it on the grid
            if boxed {
                let box = TextTable(
                    columnCount: 1, cellPadding: Self.codeBoxPadding, backgroundColor: theme.codeTint, fillsWidth: true)
                style.tableCell = TextTableCell(table: box, row: 0, column: 0)
            }
            var attributes = defaults
            quote(&style, &attributes, in: context)
            attributes.paragraphStyle = style
            return attributes
        }
        guard boxed else {
            return try inlines.append([.text(text, NoteInlines.Style(code: code))], base: attributes, line: line)
        }
        guard !text.isEmpty else { return }
        var codeAttributes = Self.attributes(
            attributes, NoteInlines.Style(code: true), theme: theme, codeLigatures: codeLigatures)
        // A step smaller than the body, as GitHub sets code blocks: fewer of a code line's columns wrap.
        if case .styled(_, let family, let weight, let italic)? = codeAttributes.font {
            codeAttributes.font = .styled(Self.codeBlockStyle, family: family, weight: weight, italic: italic)
        }
        codeAttributes.backgroundColor = nil  // the box is the tint
        codeAttributes.inlinePadding = nil  // and its padding the box's
        storage.append(text, attributes: codeAttributes)
    }

    /// Starts the text of a block and returns its attributes: in a list item, on a new line of the item's
    /// paragraph once the item has one (no second marker), else as the item's paragraph; outside lists, as a
    /// paragraph of its own in the attributes `own` makes.
    private func startBlock(in context: Context, own: () -> TextAttributes) -> TextAttributes {
        guard let started = context.itemStarted else {
            chineseSteps = nil
            let attributes = own()
            startParagraph(attributes)
            return attributes
        }
        let attributes = listAttributes(lists: context.lists, isChecked: context.isChecked)
        if started.value {
            storage.append("\u{2028}", attributes: attributes)
        } else {
            started.value = true
            startParagraph(attributes)
        }
        return attributes
    }

    /// A list: bullets by depth, numbers from the list's start, check boxes for task items.
    private func list(_ block: MarkdownNode, in context: Context, depth: Int) throws {
        chineseSteps = nil
        let limit = ParagraphStyle.listNestingLimit
        guard context.lists.count < limit else {
            throw InputError(
                "line \(block.line + lineOffset): a list item nested \(context.lists.count + 1) levels deep; the limit is \(limit)"
            )
        }
        var current: TextList?
        for item in block.children {
            let format: TextList.MarkerFormat
            if item.kind == "tasklist" {
                format = item.isChecked ? .checkedBox : .uncheckedBox
            } else if block.isOrderedList {
                format = .decimal
            } else {
                format = .bullet(forLevel: context.lists.count + 1)
            }
            // Items of one format share a list (numbered on from one another); a task item among bullets starts
            // its own.
            if current?.markerFormat != format {
                current = TextList(markerFormat: format, startingItemNumber: block.isOrderedList ? block.listStart : 1)
            }
            var inner = context
            inner.lists = context.lists + [current!]
            inner.isChecked = format == .checkedBox
            inner.itemStarted = Context.Box()
            try write(item.children, in: inner, depth: depth + 1)
            if inner.itemStarted?.value == false {
                // An empty item still shows its marker.
                startParagraph(listAttributes(lists: inner.lists, isChecked: inner.isChecked))
            }
        }
    }

    /// A table as a grid (a ``TextTable``): a paragraph per cell, each column aligned as GFM's delimiter row says,
    /// the header row bold on a tint, rules around and between the cells.
    private func table(_ block: MarkdownNode, in context: Context) throws {
        chineseSteps = nil
        let rows = block.children
        tableCells += rows.reduce(0) { $0 + $1.children.count }
        let limit = tableCellLimit
        guard tableCells <= limit else {
            throw InputError(
                "line \(block.line + lineOffset): the note's tables have \(tableCells) cells, over the limit of "
                    + "\(limit) (DocumentLimits.tableCells)")
        }
        let alignments = block.tableAlignments
        let table = TextTable(
            columnCount: max(1, block.tableColumnCount), cellPadding: Self.tableCellPadding,
            headerRowCount: rows.prefix { $0.kind == "table_header" }.count, ruleColor: theme.rule,
            headerColor: theme.codeTint)
        for (rowIndex, row) in rows.enumerated() {
            for (column, cell) in row.children.enumerated() where column < table.columnCount {
                var attributes = defaults
                var style = Self.body
                style.tableCell = TextTableCell(table: table, row: rowIndex, column: column)
                switch column < alignments.count ? alignments[column] : 0 {
                case UInt8(ascii: "r"): style.alignment = .right
                case UInt8(ascii: "c"): style.alignment = .center
                default: style.alignment = .natural
                }
                quote(&style, &attributes, in: context)
                attributes.paragraphStyle = style
                // Figures of one width, so that a column's numbers line up digit under digit.
                attributes.fontFeatures = Self.tableFeatures
                startParagraph(attributes)
                var pieces: [NoteInlines.Piece] = []
                for line in try inlineLines(cell) { pieces += line.pieces }
                if row.kind == "table_header" {
                    pieces = pieces.map {
                        guard case .text(let text, var style) = $0 else { return $0 }
                        style.bold = true
                        return .text(text, style)
                    }
                }
                try inlines.append(pieces, base: attributes, line: cell.line)
            }
        }
    }

    /// Whether Markdown line `number` of a paragraph starting at `column` is a lazy continuation: written left of
    /// the paragraph and not marked as a quote (CommonMark continues the paragraph; notes, typed a line at a time,
    /// mean a new one outside the list or quote).
    private func isLazy(_ number: Int, column: Int) -> Bool {
        guard number >= 1, number <= sourceLines.count else { return false }
        let line = sourceLines[number - 1]
        let indentation = line.prefix { $0 == " " || $0 == "\t" }
        let width = indentation.reduce(0) { $0 + ($1 == "\t" ? 4 : 1) }
        return width + 1 < column && line[indentation.endIndex...].first != ">"
    }

    // MARK: Writing

    private func inlineLines(_ block: MarkdownNode) throws -> [NoteInlines.SourceLine] {
        try NoteInlines.lines(
            block.children, firstLine: block.line, lineOffset: lineOffset, nestingLimit: NoteReader.nestingLimit)
    }

    /// A footnote's definition, at the note's end: its number and text in the footnote size, muted, the first one
    /// under a short rule.
    private func footnote(_ block: MarkdownNode) throws {
        chineseSteps = nil
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
        footnotes += 1
        if footnotes == 1 {
            attributes.paragraphStyle = style
            startParagraph(attributes)
            storage.append("——", attributes: attributes)
        }
        // The number hangs: a tab to the text's indent, so wrapped lines start under the text, not the number.
        style.headIndent = Self.footnoteIndent
        try? style.setTabStops([TextTab(location: Self.footnoteIndent)])
        attributes.paragraphStyle = style
        var pieces: [NoteInlines.Piece] = []
        for (index, paragraph) in block.children.enumerated() {
            if index > 0 { pieces.append(.text("\u{2028}", NoteInlines.Style())) }
            for line in try inlineLines(paragraph) { pieces += line.pieces }
        }
        startParagraph(attributes)
        storage.append("\(footnotes).\t", attributes: attributes)
        try inlines.append(pieces, base: attributes, line: block.line)
    }

    /// Starts a paragraph in `attributes` (after a paragraph separator unless it is the first).
    private func startParagraph(_ attributes: TextAttributes) {
        if wroteParagraph { storage.append("\n", attributes: attributes) }
        wroteParagraph = true
    }

    /// A list item's attributes: room for "10." and "十二、" beside the text; a ticked item in the muted ink, as
    /// checklists grey it.
    private func listAttributes(lists: [TextList], isChecked: Bool) -> TextAttributes {
        var style = Self.body
        style.paragraphSpacing = 4
        style.textLists = lists
        style.listIndent = 32
        var attributes = defaults
        if isChecked { attributes.foregroundColor = theme.muted }
        attributes.paragraphStyle = style
        return attributes
    }

    /// The features of a table cell's text: tabular figures.
    static let tableFeatures = [FontFeature("tnum", 1)]

    /// How far a footnote's text stands from its number's start, in points: room for `10.` at the footnote size.
    private static let footnoteIndent = 22.0

    /// The text style of code blocks: a step below the body.
    static let codeBlockStyle = TextStyle.subheadline

    /// The space inside a table's cells and inside a code block's box, in points.
    private static let tableCellPadding = 6.0
    private static let codeBoxPadding = 10.0

    /// A block quote's indent (16 pt a level), its rule beside it (a ``TextBlock`` per quote, as GitHub draws a
    /// quote's left border), space before its first paragraph (so that after a list it does not read as the list's
    /// last item), and the muted colour.
    private func quote(_ style: inout ParagraphStyle, _ attributes: inout TextAttributes, in context: Context) {
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

    /// A quote level's indent, its rule's width and the space before a quote, in points.
    private static let quoteIndent = 16.0
    private static let quoteRuleWidth = 3.0
    private static let quoteSpacing = 6.0

    /// Takes the floating pictures out of `pieces` (of Markdown line `line`) into ``floats``, beside the paragraph
    /// written next.
    private func float(_ pieces: inout [NoteInlines.Piece], line: Int) throws {
        let anchor = storage.length + (wroteParagraph ? 1 : 0)  // after the paragraph separator to come
        var kept: [NoteInlines.Piece] = []
        for piece in pieces {
            guard case .picture(let picture, _) = piece, let side = picture.float else {
                kept.append(piece)
                continue
            }
            guard floats.count < Self.floatLimit else {
                throw InputError("line \(line + lineOffset): more than \(Self.floatLimit) floating pictures in a note")
            }
            let attachment = try inlines.attachment(for: picture, line: line)
            guard let image = attachment.image as? Canvas else { continue }
            floats.append(FloatingPicture(image: image, size: attachment.bounds.size, side: side, anchor: anchor))
        }
        pieces = kept
    }

    private static func text(of pieces: [NoteInlines.Piece]) -> String {
        pieces.map { if case .text(let text, _) = $0 { text } else { "" } }.joined()
    }
}

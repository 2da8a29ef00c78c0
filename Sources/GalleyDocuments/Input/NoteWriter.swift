import Foundation
import Galley

/// Writes a note's Markdown blocks into a text storage as paragraphs with their styles: what ``NoteReader``
/// describes, one block kind at a time.
final class NoteWriter {
    let storage: TextStorage
    private let defaults: TextAttributes
    /// The colours of the note's roles.
    private let theme: NoteTheme
    /// How each kind of block is set.
    private let styles: NoteBlockStyles
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
        styles = NoteBlockStyles(defaults: defaults, theme: theme)
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
                inner.quotes.append(styles.quoteBlock())
                inner.quoteStarted = Context.Box()
                try write(block.children, in: inner, depth: depth + 1)
            case "code_block", "html_block":
                var text = block.literal
                if text.hasSuffix("\n") { text.removeLast() }
                try literal(
                    text.replacingOccurrences(of: "\n", with: "\u{2028}"), code: block.kind == "code_block",
                    line: block.line, in: context)
            case "thematic_break":
                var style = NoteBlockStyles.body
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
            let attributes = styles.listItem(lists: [list], isChecked: false)
            startParagraph(attributes)
            try inlines.append(pieces, base: attributes, line: line.number)
            return
        }
        let attributes = startBlock(in: context) {
            var plain = defaults
            var style = NoteBlockStyles.body
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
            styles.quote(&style, &plain, in: context)
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
            var style = NoteBlockStyles.body
            style.textWrap = .auto
            style.autospace = false
            style.indentsWrappedLines = code  // a wrapped line of code continues under its own indentation
            style.keepsMonospaceCells = code  // a Chinese comment keeps the columns after it on the grid
            if boxed {
                style.tableCell = TextTableCell(table: styles.codeBox(), row: 0, column: 0)
            }
            var attributes = defaults
            styles.quote(&style, &attributes, in: context)
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
            codeAttributes.font = .styled(
                NoteBlockStyles.codeBlockStyle, family: family, weight: weight, italic: italic)
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
        let attributes = styles.listItem(lists: context.lists, isChecked: context.isChecked)
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
                startParagraph(styles.listItem(lists: inner.lists, isChecked: inner.isChecked))
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
        let table = styles.table(
            columnCount: block.tableColumnCount, headerRowCount: rows.prefix { $0.kind == "table_header" }.count)
        for (rowIndex, row) in rows.enumerated() {
            for (column, cell) in row.children.enumerated() where column < table.columnCount {
                let attributes = styles.tableCell(
                    table, row: rowIndex, column: column,
                    alignment: column < alignments.count ? alignments[column] : 0, in: context)
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
        let (rule, attributes) = styles.footnote()
        footnotes += 1
        if footnotes == 1 {
            startParagraph(rule)
            storage.append("——", attributes: rule)
        }
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

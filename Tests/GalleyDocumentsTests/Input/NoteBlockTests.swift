import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyRequests
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A note's blocks beyond paragraphs and headings: tables, block quotes, footnotes and code blocks, each set as a
/// designer sets it.
@Suite struct NoteBlockTests {
    /// A GFM table becomes a grid: a paragraph per cell in a ``TextTable`` of the table's columns, each column
    /// aligned as its delimiter says, the header row set apart; laid out, one frame of its rows and columns.
    @Test func aTableIsAGridOfCells() throws {
        let text = try String(
            contentsOf: MarkdownNoteTests.examples.appendingPathComponent("note-table.md"), encoding: .utf8)
        let document = try NoteReader.read(text, defaults: TextAttributes())
        // The grid's cells (the note's code block is a table of one cell too).
        let cells = document.storage.paragraphs.compactMap { paragraph in
            paragraph.style.tableCell.map { ($0, paragraph.style.alignment) }
        }.filter { $0.0.table.columnCount > 1 }
        #expect(cells.count == 20)
        let table = try #require(cells.first?.0.table)
        #expect(table.columnCount == 4 && table.headerRowCount == 1)
        #expect(cells.allSatisfy { $0.0.table === table })
        let alignments: [ParagraphStyle.Alignment] = [.natural, .center, .right, .right]
        #expect(cells.allSatisfy { $0.1 == alignments[$0.0.column] })
        let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        let frame = try #require(layout.tableFrames.first)
        #expect(frame.table === table && frame.columnEdges.count == 5 && frame.rowEdges.count == 6)
        #expect(frame.rect.maxX <= document.width + 1e-6)
    }

    /// A table's short columns keep their width beside a long sentence: at 414 pt every cell that fits its column's
    /// natural width on one line stays one line (`一子`, `十二丑` and the header `地区` do not wrap a character a
    /// line, as CSS's automatic layout would have them), the sentence's column takes the rest, and the cells'
    /// figures are tabular.
    @Test func aTablesShortColumnsStayOneLineBesideALongOne() throws {
        let note = """
            | 地区 | 说明 | 编号 | 比例 |
            |---|---|---|---:|
            | 一子 | The second column holds a long sentence that has to wrap over several lines at this width. | 十二丑 | 97.1% |
            | 华东 | 短 | 三 | 99.6% |
            """
        var document = try NoteReader.read(note, defaults: TextAttributes())
        document.width = 414
        let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        let cells = document.storage.paragraphs.enumerated().compactMap { index, paragraph in
            paragraph.style.tableCell.map { (index, $0) }
        }
        #expect(cells.count == 12)
        for (index, cell) in cells {
            let lines = layout.lineFragments.filter { $0.paragraphIndex == index }.count
            if cell.column == 1, cell.row == 1 {
                #expect(lines > 1)
            } else {
                #expect(lines == 1, "row \(cell.row), column \(cell.column)")
            }
        }
        let features = try #require(document.storage.paragraphs.first { $0.style.tableCell != nil }?.leadingAttributes)
        #expect(features.fontFeatures.contains(FontFeature("tnum", 1)))
    }

    /// A block quote is one ``TextBlock`` whose rule runs beside all its lines and across the space between its
    /// paragraphs (a nested quote has its own), with space before it, so that after a list it does not read as
    /// the list's last item; the text after it has no rule.
    @Test func aBlockQuoteHasARuleBesideItAndSpaceBeforeIt() throws {
        let document = try NoteReader.read("- item\n\n> one\n>\n> two\n\nafter", defaults: TextAttributes())
        let paragraphs = document.storage.paragraphs
        #expect(paragraphs.map(\.string) == ["item", "one", "two", "after"])
        let block = try #require(paragraphs[1].style.textBlocks.first)
        #expect(paragraphs[2].style.textBlocks.first === block && paragraphs[2].style.textBlocks.count == 1)
        #expect(paragraphs[0].style.textBlocks.isEmpty && paragraphs[3].style.textBlocks.isEmpty)
        #expect(paragraphs[1].style.paragraphSpacingBefore >= 6 && paragraphs[2].style.paragraphSpacingBefore == 0)
        let renderer = DocumentRenderer(document: document, library: try TestFonts.bundled)
        let layout = try renderer.layout()
        let canvas = try renderer.render()
        let (scale, margin) = (document.render.scale, document.render.margin)
        // The rule stands before the quote's text: its middle column, in pixels.
        let text = try #require(layout.lineFragments.first { $0.paragraphIndex == 1 })
        let ruleX = text.rect.minX - block.ruleOffset - block.ruleWidth / 2
        let column = Int(((ruleX + margin) * scale).rounded(.down))
        func isRule(atY y: Double) -> Bool {
            let pixel = canvas.pixel(x: column, y: Int(((y + margin) * scale).rounded(.down)))
            let color = block.ruleColor
            return abs(Int(pixel.r) - Int((color.red * 255).rounded())) <= 2
                && abs(Int(pixel.g) - Int((color.green * 255).rounded())) <= 2
        }
        let lines = layout.lineFragments
        let quoteTop = try #require(lines.first { $0.paragraphIndex == 1 }).rect.minY
        let quoteBottom = try #require(lines.last { $0.paragraphIndex == 2 }).rect.maxY
        for step in 1..<20 { #expect(isRule(atY: quoteTop + (quoteBottom - quoteTop) * Double(step) / 20)) }
        let after = try #require(lines.first { $0.paragraphIndex == 3 })
        #expect(!isRule(atY: after.rect.midY))
        let item = try #require(lines.first { $0.paragraphIndex == 0 })
        #expect(!isRule(atY: item.rect.midY))
    }

    /// A footnote's number hangs: its text and every wrapped line start at one indent, right of the number. A code
    /// block is set a step below the body (fewer of its columns wrap).
    @Test func footnoteNumbersHangAndCodeBlocksAreAStepSmaller() throws {
        let note = """
            A claim[^1].

            ```
            let x = 1
            ```

            [^1]: A footnote long enough to wrap over more than one line of the note at its usual width, twice over.
            """
        let document = try NoteReader.read(note, defaults: TextAttributes())
        let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        let paragraphs = document.storage.paragraphs
        let footnote = try #require(paragraphs.firstIndex { $0.string.hasPrefix("1.\t") })
        let lines = layout.lineFragments.filter { $0.paragraphIndex == footnote }
        #expect(lines.count >= 2)
        let indent = paragraphs[footnote].style.headIndent
        #expect(indent > 0)
        // The first line's text after the tab, and the wrapped lines, start at the indent.
        let first = try #require(lines.first)
        let afterTab = first.runs.compactMap { run in
            zip(run.glyphRun.glyphs, run.glyphPositions).first { $0.0.cluster == 3 }?.1  // after "1.\t"
        }
        let textStart = try #require(afterTab.first)
        #expect(abs(textStart - indent) < 0.5, "\(textStart)")
        for line in lines.dropFirst() { #expect(abs(line.usedRect.minX - indent) < 1e-6) }
        let code = try #require(paragraphs.first { $0.string == "let x = 1" })
        #expect(code.leadingAttributes.font?.textStyle == NoteBlockStyles.codeBlockStyle)
        #expect(paragraphs[0].leadingAttributes.font?.textStyle ?? .body == .body)
    }

    /// A code block is one box the width of the text, its lines inside the box's padding, the tint drawn once
    /// (not per line); inline code keeps its tint.
    @Test func aCodeBlockIsOnePaddedBox() throws {
        let note =
            "Before.\n\n```\nlet x = 1\nfor line in lines where line.isEmpty == false { print(line) }\n```\n\nAfter `x`."
        let document = try NoteReader.read(note, defaults: TextAttributes())
        let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        let frame = try #require(layout.tableFrames.first)
        #expect(frame.table.backgroundColor != nil && frame.table.ruleColor == nil)
        let textWidth = layout.lineFragments.map(\.rect.maxX).max() ?? 0
        #expect(abs(frame.rect.maxX - textWidth) < 1e-6 && abs(frame.rect.minX) < 1e-6)
        let code = layout.lineFragments.filter { $0.paragraphIndex == 1 }
        #expect(code.count >= 3)  // two lines, the long one wrapped
        let padding = frame.table.cellPadding
        let box = frame.rect
        #expect(
            code.allSatisfy {
                $0.usedRect.minX >= box.minX + padding - 1e-6 && $0.usedRect.maxX <= box.maxX - padding + 1e-6
                    && $0.rect.minY >= box.minY + padding - 1e-6 && $0.rect.maxY <= box.maxY - padding + 1e-6
            })
        let storage = document.storage
        let codeRuns = storage.paragraphs[1].attributeRuns
        #expect(codeRuns.allSatisfy { $0.attributes.backgroundColor == nil })
        let after = storage.paragraphs[2].attributeRuns.last { $0.attributes.backgroundColor != nil }
        #expect(after != nil)
    }

    /// GFM footnotes: each reference is its footnote's number as a superscript, numbered in the order first
    /// referred to, and the notes follow at the end under a short rule; nothing of `[^label]` is printed.
    @Test func footnotesAreNumberedReferencesWithTheNotesAtTheEnd() throws {
        let note =
            "Shaped by HarfBuzz[^hb], broken by ICU[^icu], shaped again[^hb].\n\n[^icu]: Unicode's library.\n[^hb]: The shaper."
        let document = try NoteReader.read(note, defaults: TextAttributes())
        let text = document.storage.string
        #expect(!text.contains("[^") && !text.contains("hb]"))
        let paragraphs = document.storage.paragraphs.map(\.string)
        #expect(
            paragraphs == [
                "Shaped by HarfBuzz1, broken by ICU2, shaped again1.", "——", "1.\tThe shaper.",
                "2.\tUnicode\u{2019}s library.",
            ])
        for offset in [18, 34] {
            #expect(document.storage.attributes(at: offset).superscript == 1, "at \(offset)")
        }
        #expect(document.storage.attributes(at: 17).superscript == nil)
    }

    /// Code is set as written, as GitHub sets it, unless the note's front matter or the request
    /// (`--code-ligatures`, `code-ligatures=true`) asks for the monospaced font's programming ligatures: JetBrains
    /// Mono's `->` then takes its arrow glyphs. The request's choice is laid over the note's.
    @Test func codeLigaturesAreOffUnlessTheNoteOrTheRequestAsks() throws {
        func glyphs(_ frontMatter: String, requested: Bool = false) throws -> [UInt32] {
            var request = RequestOptions(work: .document, access: FileAccess())
            if requested { request.set(.codeLigatures, .flag(true)) }
            let document = try request.readDocument(
                text: frontMatter + "```\na -> b != c\n```\n", kind: .note, documentAccess: FileAccess()
            ).0
            let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
            return layout.lineFragments.flatMap(\.runs).flatMap(\.glyphRun.glyphs).map(\.glyphID)
        }
        let plain = try glyphs("")
        let joined = try glyphs("---\ncode-ligatures: on\n---\n")
        #expect(joined != plain)
        #expect(try glyphs("---\ncode-ligatures: off\n---\n") == plain)
        #expect(try glyphs("", requested: true) == joined)
        #expect(try glyphs("---\ncode-ligatures: off\n---\n", requested: true) == joined)
        #expect(throws: InputError.self) {
            try NoteReader.read("---\ncode-ligatures: maybe\n---\nx", defaults: TextAttributes())
        }
    }

    /// A wrapped line of code continues under its own indentation plus two spaces (as code editors wrap), not at
    /// the box's left edge; a line that does not wrap starts where it is written.
    @Test func wrappedCodeContinuesUnderItsIndentation() throws {
        let note =
            "```\nfor note in notes {\n    try galley.render(note, width: 375, scale: 2, output: \"out/note.png\", theme: .dark)\n}\n```"
        let document = try NoteReader.read(note, defaults: TextAttributes())
        let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        let lines = layout.lineFragments
        #expect(lines.count >= 4)  // the long line wraps
        let left = lines[0].usedRect.minX
        let cell = (lines[1].runs.first?.glyphRun.glyphs.first?.advance ?? 0)  // a space of JetBrains Mono
        #expect(cell > 5)
        #expect(abs(lines[1].usedRect.minX - left) < 0.01)  // "    try …" starts at the box's edge, its spaces drawn
        for continuation in lines[2..<(lines.count - 1)] {
            #expect(abs(continuation.usedRect.minX - (left + 6 * cell)) < 0.01, "\(continuation.usedRect)")
        }
        #expect(abs(lines[lines.count - 1].usedRect.minX - left) < 0.01)  // "}"
        // Only the continuations are marked, and the mark is drawn in their indent, not beside the source lines.
        #expect(
            lines.map(\.continuesSourceLine) == [false, false] + Array(repeating: true, count: lines.count - 3) + [
                false
            ])
        var canvas = try Canvas(covering: Rect(x: -10, y: -10, width: 400, height: 300), scale: 2, background: .white)
        Renderer().draw(layout, on: &canvas)
        func ink(leftOf line: LineFragment) -> Int {
            // The indent's last two cells, over the line's middle, in pixels.
            let (x0, y0) = canvas.pixelPoint(Point(x: line.usedRect.minX - 2 * cell, y: line.rect.minY))
            let (x1, y1) = canvas.pixelPoint(Point(x: line.usedRect.minX, y: line.rect.maxY))
            var dark = 0
            for y in Int(y0)..<Int(y1) {
                for x in Int(x0)..<Int(x1) where canvas.pixel(x: x, y: y).r < 220 { dark += 1 }
            }
            return dark
        }
        #expect(ink(leftOf: lines[2]) > 20, "no mark before a continuation")
        #expect(ink(leftOf: lines[1]) == 0, "a mark before a source line")
    }
}

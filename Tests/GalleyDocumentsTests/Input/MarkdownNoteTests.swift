import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyRequests
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Notes are CommonMark with GitHub's extensions, read by cmark-gfm: every kind of markup becomes the styles it
/// stands for and leaves none of its characters in the text.
@Suite struct MarkdownNoteTests {
    static let examples = TestFonts.repositoryRoot.appendingPathComponent("Examples")

    static func readExample() throws -> Document {
        let text = try String(
            contentsOf: examples.appendingPathComponent("note-markdown.md"), encoding: .utf8)
        return try NoteReader.read(
            text, defaults: TextAttributes(font: .textStyle(.body)), access: FileAccess(baseDirectory: examples.path))
    }

    /// The attributes of the first character of `text` in `storage`.
    static func attributes(of text: String, in storage: TextStorage) throws -> TextAttributes {
        let range = try #require(storage.string.range(of: text), "\(text) is in the note")
        return storage.attributes(
            at: storage.string.utf16.distance(from: storage.string.startIndex, to: range.lowerBound))
    }

    @Test func everyMarkupBecomesItsStyle() throws {
        let document = try Self.readExample()
        let storage = document.storage
        #expect(document.badge == DateBadge(date: "2026-11-24", language: "en"))
        let paragraphs = storage.paragraphs
        #expect(paragraphs.first?.string == "Release notes 发布说明")
        #expect(try Self.attributes(of: "Release notes", in: storage).textEffect == .letterpress)
        #expect(try Self.attributes(of: "What changed", in: storage).font?.textStyle == .title2)
        #expect(try Self.attributes(of: "Checklist", in: storage).font?.textStyle == .title3)
        #expect(storage.paragraphs.first { $0.string.hasPrefix("What changed") }?.style.headerLevel == 2)
        // Strong, emphasis, strikethrough, code and a link.
        if case .styled(_, _, let weight, _)? = try Self.attributes(of: "strong", in: storage).font {
            #expect(weight == 700)
        } else {
            Issue.record("strong text keeps the body's text style")
        }
        if case .styled(_, _, _, let italic)? = try Self.attributes(of: "emphasis", in: storage).font {
            #expect(italic)
        }
        #expect(try Self.attributes(of: "struck", in: storage).strikethrough != nil)
        if case .styled(_, let family, _, _)? = try Self.attributes(of: "inline code", in: storage).font {
            #expect(family == "JetBrains Mono")
        }
        let link = try Self.attributes(of: "the CommonMark spec", in: storage)
        #expect(link.link == URL(string: "https://spec.commonmark.org") && link.underline != nil)
        // A block quote is indented; a code block keeps its line in one paragraph, in the code face.
        #expect(try Self.attributes(of: "排版是安排", in: storage).paragraphStyle?.headIndent == 16)
        if case .styled(_, let family, _, _)? = try Self.attributes(of: "let note", in: storage).font {
            #expect(family == "JetBrains Mono")
        }
        // Task items, a bullet nested under one, numbered steps and Chinese-numbered ones.
        let lists = paragraphs.filter { !$0.style.textLists.isEmpty }.map {
            ($0.string, $0.style.textLists.map(\.markerFormat))
        }
        #expect(
            lists.map(\.0) == [
                "Parse Markdown with a real parser", "Lay out tables", "nested under the open task",
                "First step", "Second step", "第一步", "第二步",
            ])
        #expect(
            lists.map(\.1) == [
                [.checkedBox], [.uncheckedBox], [.uncheckedBox, .circle], [.decimal], [.decimal],
                [.chinese], [.chinese],
            ])
        // The picture is an attachment of the width asked for; no markup character is left in the text.
        let picture = try #require(try Self.attributes(of: "\u{FFFC}", in: storage).attachment)
        #expect(picture.bounds.width == 48)
        for markup in ["**", "~~", "`", "](", "> ", "```", "[x]", "[ ]", "{width", "##", "1. "] {
            #expect(!storage.string.contains(markup), "\(markup) is left in the text")
        }
    }

    /// A note's front matter sets the line settings by their flags' names, on every paragraph: the writing mode,
    /// tate-chu-yoko, autospace; a value a setting does not take is an error naming the key.
    @Test func frontMatterSetsParagraphSettings() throws {
        let note = "---\nwriting-mode: vertical-rl\ntext-combine-upright: digits 2\nautospace: off\n---\n# 标题\n正文12月"
        let storage = try NoteReader.read(note, defaults: TextAttributes()).storage
        for paragraph in storage.paragraphs {
            #expect(paragraph.style.writingMode == .verticalRL && paragraph.style.textCombineUpright == .digits(2))
            #expect(!paragraph.style.autospace)
        }
        #expect(throws: InputError.self) {
            try NoteReader.read("---\ntext-orientation: tilted\n---\n竖", defaults: TextAttributes())
        }
        do {
            _ = try NoteReader.read("---\nhyphenation-factor: 3\n---\nx", defaults: TextAttributes())
            Issue.record("a factor over 1 is refused")
        } catch let error as InputError {
            #expect(error.description.hasPrefix("front matter: hyphenation-factor: "), "\(error)")
        }
    }

    @Test func theExampleRendersAsItsGoldenImage() throws {
        let renderer = DocumentRenderer(document: try Self.readExample(), library: try TestFonts.bundled)
        try Snapshot.check(try renderer.render(), layout: try renderer.layout(), name: "render_markdown_note")
    }

    /// Lines written flush left after a list item or quote leave it, as notes are typed a line at a time; lines
    /// indented under the item stay in it.
    @Test func aLineWrittenFlushLeftEndsTheListOrQuote() throws {
        let note = "- item\n  still the item\nout of the list\n> quoted\nout of the quote"
        let storage = try NoteReader.read(note, defaults: TextAttributes()).storage
        #expect(
            storage.paragraphs.map(\.string) == [
                "item\u{2028}still the item", "out of the list", "quoted",
                "out of the quote",
            ])
        #expect(storage.paragraphs.map(\.style.textLists.count) == [1, 0, 0, 0])
        #expect(storage.paragraphs.map(\.style.headIndent) == [0, 0, 16, 0])
    }

    /// A paragraph packed with emphasis markers and links (cmark-gfm's parse grows with their product) is refused
    /// before parsing, by line; the same markup spread over paragraphs is read.
    @Test(.timeLimit(.minutes(1))) func markupThatWouldParseSlowlyIsRefused() throws {
        let unit = "**a** _b_ ~~d~~ [e](f) "
        let packed = "# Note\n\n" + String(repeating: unit, count: 40_000)
        do {
            _ = try NoteReader.read(packed, defaults: TextAttributes())
            Issue.record("a paragraph of 320,000 markers and 40,000 links is refused")
        } catch let error as InputError {
            #expect(error.description.hasPrefix("line 3: a paragraph with"), "\(error)")
        }
        let spread = (0..<200).map { _ in String(repeating: unit, count: 20) }.joined(separator: "\n\n")
        #expect(try NoteReader.read(spread, defaults: TextAttributes()).storage.paragraphs.count == 200)
        let code = "```\n" + String(repeating: "a[i] = *p++;\n", count: 20_000) + "```\n"
        #expect(try NoteReader.read(code, defaults: TextAttributes()).storage.paragraphs.count == 1)
    }

    /// Markup nested past the limit is refused with the line it starts on, never a deep recursion.
    @Test func deepNestingIsRefusedByLine() throws {
        let quotes = "intro\n\n" + String(repeating: ">", count: 10_000) + " deep"
        #expect(throws: InputError.self) { try NoteReader.read(quotes, defaults: TextAttributes()) }
        let emphasis = String(repeating: "*a ", count: 5_000) + String(repeating: " a*", count: 5_000)
        // 5,000 openers met by 5,000 closers nest emphasis 5,000 deep: refused on its first line.
        #expect {
            try NoteReader.read(emphasis, defaults: TextAttributes())
        } throws: { error in
            "\(error)" == "line 1: markup nested deeper than 64 levels"
        }
        do {
            _ = try NoteReader.read(
                "---\ndate: 2026-11-27\n---\n" + String(repeating: "> ", count: 100) + "q", defaults: TextAttributes())
            Issue.record("a quote 100 deep is refused")
        } catch let error as InputError {
            #expect(error.description.contains("line 4"), "\(error)")
        }
    }

    /// Tables are bounded by their cells, a named limit (a table's memory grows with its cells, not its bytes).
    @Test func tablesPastTheCellLimitAreRefused() throws {
        func table(rows: Int, columns: Int) -> String {
            let row = "| " + Array(repeating: "c", count: columns).joined(separator: " | ") + " |\n"
            return "intro\n\n" + row + "|" + String(repeating: "---|", count: columns) + "\n"
                + String(repeating: row, count: rows)
        }
        let limit = DocumentLimits().tableCells
        #expect(
            try NoteReader.read(table(rows: limit / 100 - 1, columns: 100), defaults: TextAttributes()).storage.length
                > 0)
        do {
            _ = try NoteReader.read(table(rows: limit / 100, columns: 100), defaults: TextAttributes())
            Issue.record("a table of \(limit + 100) cells is refused")
        } catch let error as InputError {
            #expect(
                error.description
                    == "line 3: the note's tables have \(limit + 100) cells, over the limit of \(limit) (DocumentLimits.tableCells)"
            )
        }
    }

    /// Headings form a scale: `#` over `##` over `###` over `####`, each larger, or as large and heavier, at every
    /// category checked and with bold text; `#####` and `######` are told apart from `####` and each other by ink
    /// and slant; none is smaller than the body; the title is as large as `#` (and set apart by letterpress).
    @Test(arguments: [ContentSizeCategory.extraSmall, .large, .accessibilityExtraLarge], [false, true])
    func headingsFormAScale(category: ContentSizeCategory, boldText: Bool) throws {
        let note = try NoteReader.read(
            "# Title\n\n# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n\nbody text",
            defaults: TextAttributes(font: .textStyle(.body)))
        let settings = DynamicTypeSettings(category: category, boldText: boldText)
        let library = try TestFonts.bundled
        let paragraphs = note.storage.paragraphs
        let fonts = try paragraphs.map { paragraph in
            try library.font(for: try #require(paragraph.leadingAttributes.font), settings: settings)
        }
        #expect(fonts.count == 8)
        #expect(paragraphs.map(\.style.headerLevel) == [1, 1, 2, 3, 4, 5, 6, 0])
        #expect(fonts[0].size == fonts[1].size)
        for (larger, smaller) in zip(fonts[1...4], fonts[2...4]) {
            #expect(
                larger.size > smaller.size || (larger.size == smaller.size && larger.weight > smaller.weight),
                "\(larger.size) pt \(larger.weight) over \(smaller.size) pt \(smaller.weight)")
        }
        let body = fonts[7]
        #expect(fonts.dropLast().allSatisfy { $0.size >= body.size && $0.weight >= body.weight })
        // Each level looks different from every other: size, weight, ink or slant.
        let looks = zip(paragraphs, fonts).dropFirst().dropLast().map { paragraph, font in
            "\(font.size) \(font.weight) \(font.face) \(String(describing: paragraph.leadingAttributes.foregroundColor))"
        }
        #expect(Set(looks).count == 6, "\(looks)")
        #expect(paragraphs.dropLast().allSatisfy { $0.style.textWrap == .balance })
    }

    /// Typed punctuation is set as a typesetter sets it: curly quotes and apostrophes, en and em dashes, an
    /// ellipsis; in the note's language's quotation marks; code keeps what was typed.
    @Test func quotesDashesAndEllipsesAreSmartInTheNotesLanguage() throws {
        func text(_ note: String) throws -> String {
            try NoteReader.read(note, defaults: TextAttributes()).storage.string
        }
        #expect(
            try text("She said \"it's 9--5...\" --- `\"x\"`")
                == "She said \u{201C}it\u{2019}s 9\u{2013}5\u{2026}\u{201D} \u{2014} \"x\"")
        #expect(try text("---\nlang: de\n---\nEr sagte \"ja\" und 'nein'.") == "Er sagte „ja“ und ‚nein‘.")
        #expect(try text("---\nlang: ja\n---\n彼は\"はい\"と言った。") == "彼は「はい」と言った。")
        #expect(try text("---\nlang: zh-Hant\n---\n他說\"好\"。") == "他說「好」。")
        #expect(try text("---\nlang: zh-Hans\n---\n他说\"好\"。") == "他说\u{201C}好\u{201D}。")
        // Between ideographs a quote opens unless one is open (cmark-gfm's smart option closed both).
        #expect(try text("他说\"好\"，又说\"不\"。") == "他说\u{201C}好\u{201D}，又说\u{201C}不\u{201D}。")
        #expect(
            try text("\"Quote\" and 'single' (\"in brackets\")")
                == "\u{201C}Quote\u{201D} and \u{2018}single\u{2019} (\u{201C}in brackets\u{201D})")
        #expect(try text("---\nlang: fr\n---\nIl a dit \"oui\".") == "Il a dit «\u{202F}oui\u{202F}».")
    }

    /// `--alignment justified` justifies the body, never a heading (`A   Walk   Through`).
    @Test func aJustifiedAlignmentLeavesHeadingsAsTheyWere() throws {
        var request = RequestOptions(work: .document, access: FileAccess())
        request.set(.alignment, .text("justified"))
        let document = try request.readDocument(
            text: "# A Walk Through the Spring Garden\n\n## Part one\n\nBody text.", kind: .note,
            documentAccess: FileAccess()
        ).0
        let alignments = document.storage.paragraphs.map(\.style.alignment)
        #expect(alignments == [.natural, .natural, .justified])
    }

    /// Code is set as written: `->` and `!=` are two glyphs each, the ones the characters have alone, not
    /// JetBrains Mono's programming ligatures.
    @Test func codeHasNoProgrammingLigatures() throws {
        let note = try NoteReader.read("`a -> b != c`\n\n```\nreturn x -> y\n```", defaults: TextAttributes())
        for paragraph in note.storage.paragraphs {
            let attributes = paragraph.leadingAttributes
            let shaped = try TestFonts.shape(paragraph.string, attributes: attributes)
            let glyphs = shaped.runs.flatMap(\.glyphs)
            #expect(glyphs.count == paragraph.string.utf16.count, "\(paragraph.string)")
            for (character, glyph) in zip(paragraph.string, glyphs) where "->!=".contains(character) {
                let alone = try TestFonts.shape(String(character), attributes: attributes).runs[0].glyphs[0]
                #expect(glyph.glyphID == alone.glyphID, "\(character) in \(paragraph.string)")
            }
        }
    }

    /// A note's lines read on one side of a picture (the wider one), never jumping across it; `both` (TextKit's
    /// way, JSON documents' default) flows on both sides.
    @Test func aNotesLinesReadOnOneSideOfAPicture() throws {
        let text = String(repeating: "Words flow around the flower in the middle of the note. 文字沿着图片排列。", count: 6)
        let picture = try PictureReader.read(contentsOfFile: Self.examples.appendingPathComponent("flower.png").path)
        func bands(_ side: TextContainer.WrapSide?) throws -> [Int] {
            var document = try NoteReader.read(text, defaults: TextAttributes())
            #expect(document.wrapSide == .largest)
            if let side { document.wrapSide = side }
            document.width = 420
            document.exclusions.append(
                try Exclusion(
                    image: picture,
                    frame: Rect(x: 130, y: 20, width: Double(picture.width), height: Double(picture.height)),
                    threshold: 0.5, margin: 6))
            let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
            return Dictionary(grouping: layout.lineFragments, by: { $0.rect.minY }).values.map(\.count)
        }
        #expect(try bands(nil).allSatisfy { $0 == 1 })
        #expect(try bands(.both).contains { $0 > 1 }, "both sides take text beside the picture")
    }

    /// A Japanese paragraph of a note breaks by JLREQ's strict rules (no line starts with ー or a small kana, where
    /// `normal`, measure's and CSS's default, lets one), and a justified CJK paragraph hangs a stop or comma that
    /// would not fit; a Chinese paragraph keeps the normal rules.
    @Test func japaneseNotesBreakStrictlyAndJustifiedCJKHangsStopsAndCommas() throws {
        let japanese = String(repeating: "コンピューターでフォントを選ぶ。ユーザーのデータはサーバーに保存される。", count: 3)
        let document = try NoteReader.read(japanese + "\n\n我们用电脑写作，也用电脑排版。", defaults: TextAttributes())
        let styles = document.storage.paragraphs.map(\.style)
        #expect(styles[0].lineBreakStrictness == .strict && styles[1].lineBreakStrictness == .normal)
        #expect(styles.allSatisfy { $0.alignment == .justified && $0.hangingPunctuation == .init(end: .allow) })
        var startsWithLongVowel = (strict: 0, normal: 0)
        for width in stride(from: 200.0, through: 420, by: 3) {
            for strictness in [ParagraphStyle.LineBreakStrictness.strict, .normal] {
                var style = styles[0]
                style.lineBreakStrictness = strictness
                let (layout, storage) = try LayoutFixtures.layout(
                    japanese, attributes: TextAttributes(paragraphStyle: style),
                    container: TextContainer(size: Size(width: width, height: 0)))
                let count = LayoutFixtures.lines(layout, storage).filter { $0.hasPrefix("ー") }.count
                if strictness == .strict {
                    startsWithLongVowel.strict += count
                } else {
                    startsWithLongVowel.normal += count
                }
            }
        }
        #expect(startsWithLongVowel.strict == 0 && startsWithLongVowel.normal > 0, "\(startsWithLongVowel)")
    }

    /// A note's language (front matter `lang:`) wins over inference and `--lang`; a bad tag is refused, named.
    @Test func aNotesLanguageWinsOverInference() throws {
        let note = try NoteReader.read(
            "---\nlang: zh-Hant\n---\n直角与骨\n\nコンピューターを使う", defaults: TextAttributes(language: "en"))
        #expect(note.storage.paragraphs.map(\.language) == ["zh-Hant", "zh-Hant"])
        #expect(throws: InputError.self) {
            try NoteReader.read("---\nlang: klingon!\n---\ntext", defaults: TextAttributes())
        }
    }
}

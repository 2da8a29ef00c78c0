import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyRequests
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Themes colour every role of a note; `--color` and `--background` change only its text and page.
@Suite struct NoteThemeTests {
    static let note = "# Title\n\nText with a [link](https://example.com) and `code`.\n\n> A quote."

    /// The note read with `options` (name, value) as the command line or a query gives them.
    static func read(_ options: [(SettingName, String)]) throws -> Document {
        var request = RequestOptions(work: .document, access: FileAccess())
        for (name, value) in options { request.set(name, .text(value)) }
        return try request.readDocument(text: note, kind: .note, documentAccess: FileAccess()).0
    }

    /// The foreground colour of the first character of `text` in `document`.
    static func color(of text: String, in document: Document) throws -> Color? {
        let storage = document.storage
        let range = try #require(storage.string.range(of: text))
        return storage.attributes(
            at: storage.string.utf16.distance(from: storage.string.startIndex, to: range.lowerBound)
        )
        .foregroundColor
    }

    @Test(arguments: NoteTheme.Name.allCases)
    func aThemeColoursEveryRole(_ name: NoteTheme.Name) throws {
        let theme = NoteTheme.named(name)
        let document = try Self.read([(.theme, name.rawValue)])
        #expect(document.render.background == theme.page)
        #expect(try Self.color(of: "Text", in: document) == theme.text)
        #expect(try Self.color(of: "link", in: document) == theme.link)
        #expect(try Self.color(of: "A quote", in: document) == theme.muted)
        #expect(theme.link != theme.text && theme.muted != theme.text)
        let title = try Self.attributes(of: "Title", in: document)
        #expect((title.textEffect == .letterpress) == theme.pressesTitle)
    }

    @Test func colorAndBackgroundChangeOnlyTheTextAndThePage() throws {
        let document = try Self.read([(.theme, "dark"), (.color, "#ffcc00"), (.background, "black")])
        #expect(document.render.background == Color.black)
        #expect(try Self.color(of: "Text", in: document) == (try Color(css: "#ffcc00")))
        #expect(try Self.color(of: "link", in: document) == NoteTheme.dark.link)
        #expect(try Self.color(of: "A quote", in: document) == NoteTheme.dark.muted)
    }

    /// A pressed title reads as pressed on the light and sepia pages: inside its letters, below their top edges,
    /// the effect's shade is darker than the title's ink by a visible step (near-black ink hid it: the title
    /// looked merely bold), while the ink keeps a contrast of at least 4.5:1 with the page (WCAG's for text).
    @Test(arguments: [NoteTheme.Name.light, .sepia])
    func aPressedTitleShowsItsShade(_ name: NoteTheme.Name) throws {
        let theme = NoteTheme.named(name)
        var request = RequestOptions(work: .document, access: FileAccess())
        request.set(.theme, .text(name.rawValue))
        let document = try request.readDocument(text: "# Pressed 花园", kind: .note, documentAccess: FileAccess()).0
        let canvas = try DocumentRenderer(document: document, library: try TestFonts.bundled).render()
        let ink = theme.pressedInk(from: theme.text)
        let fill = Int((LetterpressRecipe.fill(ink).red * 255).rounded())
        var inked = 0, shaded = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let red = Int(canvas.pixel(x: x, y: y).r)
                if red <= fill + 2 { inked += 1 }
                if red < fill - 24 { shaded += 1 }
            }
        }
        #expect(inked > 500)
        #expect(Double(shaded) > 0.1 * Double(inked), "\(shaded) shaded of \(inked) inked pixels")
        #expect(theme.page.contrastRatio(with: LetterpressRecipe.fill(ink)) >= 4.5)
    }

    /// Every text colour a note is set in has a contrast of at least 4.5:1 (WCAG AA) with what is under it, in
    /// every theme: body, links, quotes, footnotes, done tasks, the lowest headings, the pressed title (as drawn),
    /// code on its tint and a table's header on its tint.
    @Test(arguments: NoteTheme.Name.allCases)
    func everyTextColourReadsAgainstItsBackground(_ name: NoteTheme.Name) throws {
        let theme = NoteTheme.named(name)
        let note = """
            # Title

            Body with a [link](https://example.com), `code`, a [`linked code`](https://example.com) and a note[^1].

            > A quote with `code` in it.

            - [x] A done task
            - [ ] An open task

            ##### Fifth

            ###### Sixth

            | Header | Other |
            |---|---|
            | cell | 12.5 |

            [^1]: The footnote.
            """
        var request = RequestOptions(work: .document, access: FileAccess())
        request.set(.theme, .text(name.rawValue))
        let document = try request.readDocument(text: note, kind: .note, documentAccess: FileAccess()).0
        let storage = document.storage
        let page = document.render.background ?? theme.page
        var checked = 0
        for paragraph in storage.paragraphs {
            let isHeader = paragraph.style.tableCell.map { $0.row < $0.table.headerRowCount } ?? false
            for (offset, unit) in zip(paragraph.utf16Range, paragraph.text) {
                guard let scalar = Unicode.Scalar(unit), !scalar.properties.isWhitespace else { continue }
                let attributes = storage.attributes(at: offset)
                var ink = (attributes.foregroundColor ?? theme.text).over(page)
                // Pressed letters are drawn darker than their colour.
                if attributes.textEffect == .letterpress { ink = LetterpressRecipe.fill(ink) }
                var under = page
                if isHeader, let header = paragraph.style.tableCell?.table.headerColor { under = header.over(under) }
                if let tint = attributes.backgroundColor { under = tint.over(under) }
                #expect(
                    ink.contrastRatio(with: under) >= 4.5,
                    "\(name): \(ink) on \(under) at \(offset) is \(ink.contrastRatio(with: under)):1")
                checked += 1
            }
        }
        #expect(checked > 100)
    }

    static func attributes(of text: String, in document: Document) throws -> TextAttributes {
        let storage = document.storage
        let range = try #require(storage.string.range(of: text))
        return storage.attributes(
            at: storage.string.utf16.distance(from: storage.string.startIndex, to: range.lowerBound))
    }
}

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
        let darkening = LetterpressRecipe.fillDarkening
        let ink = theme.pressedInk(from: theme.text)
        let fill = Int((ink.red * darkening * 255).rounded())
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
        func luminance(_ color: Color) -> Double {
            func linear(_ channel: Double) -> Double {
                channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        }
        let drawnInk = Color(red: ink.red * darkening, green: ink.green * darkening, blue: ink.blue * darkening)
        #expect((luminance(theme.page) + 0.05) / (luminance(drawnInk) + 0.05) >= 4.5)
    }

    static func attributes(of text: String, in document: Document) throws -> TextAttributes {
        let storage = document.storage
        let range = try #require(storage.string.range(of: text))
        return storage.attributes(
            at: storage.string.utf16.distance(from: storage.string.startIndex, to: range.lowerBound))
    }
}

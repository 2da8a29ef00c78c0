import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyTestSupport

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

    static func attributes(of text: String, in document: Document) throws -> TextAttributes {
        let storage = document.storage
        let range = try #require(storage.string.range(of: text))
        return storage.attributes(
            at: storage.string.utf16.distance(from: storage.string.startIndex, to: range.lowerBound))
    }
}

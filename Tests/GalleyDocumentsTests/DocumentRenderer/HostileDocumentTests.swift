import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyRequests
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The fifth attack's findings, each as the input that broke it: links that would run code or corrupt a PDF,
/// pictures that multiply in vector output, a table row that parses in quadratic time, a WebP or PDF that outlives
/// its deadline, errors that name the server's paths, and two names for one setting given together.
@Suite struct HostileDocumentTests {
    /// A note's PDF or SVG bytes, read and rendered as a request with `options` reads them.
    private func render(
        _ note: String, as format: ImageFormat,
        options: RequestOptions = RequestOptions(work: .document, access: .init())
    ) throws -> Data {
        let (document, library) = try options.readDocument(text: note, kind: .note, documentAccess: FileAccess())
        return try DocumentRenderer(document: document, library: library).renderImage(format).data
    }

    /// A `width × height` picture of random opaque pixels as a `data:` URI: it compresses as badly as a photograph.
    private static func noisePicture(width: Int, height: Int, seed: UInt64 = 7) throws -> String {
        var canvas = try Canvas(width: width, height: height)
        var generator = SeededGenerator(state: seed)
        for index in stride(from: 0, to: canvas.pixels.count, by: 4) {
            for channel in 0..<3 { canvas.pixels[index + channel] = UInt8.random(in: 0...255, using: &generator) }
            canvas.pixels[index + 3] = 255
        }
        return "data:image/png;base64," + (try PNGWriter().encode(canvas)).base64EncodedString()
    }

    // MARK: Links

    /// Every `/URI (…)` string in a PDF's bytes.
    private static func uris(in pdf: Data) -> [String] {
        let text = String(decoding: pdf, as: UTF8.self)
        return text.ranges(of: "/URI (").map { start in
            let rest = text[start.upperBound...]
            return String(rest.prefix { $0 != ")" })
        }
    }

    @Test func aLinkCannotEndItsPDFStringOrItsSVGAttribute() throws {
        let note = "[click](<http://a/)/S/JavaScript/JS(app.alert(1)>) [q](https://b.example/it's)\n"
        // Each URI string ends at its own closing parenthesis: the text after it is not read as PDF syntax.
        #expect(
            Self.uris(in: try render(note, as: .pdf)) == [
                "http://a/%29/S/JavaScript/JS%28app.alert%281%29", "https://b.example/it%27s",
            ])
        let svg = String(decoding: try render(note, as: .svg), as: UTF8.self)
        let hrefs = svg.matches(of: /<a xlink:href="([^"]*)">/).map { String($0.1) }
        #expect(hrefs == ["http://a/%29/S/JavaScript/JS%28app.alert%281%29", "https://b.example/it%27s"])
    }

    @Test(arguments: [
        "javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html,hi", "vbscript:msgbox",
        "file:///etc/passwd", "page.html", "http:no-host",
    ])
    func aLinkThatIsNotAPlaceIsDrawnAsText(_ target: String) throws {
        let note = "[x](<\(target)>) and [ok](https://example.com) [anchor](#top) [mail](mailto:a@b.example)\n"
        let (document, library) = try RequestOptions(work: .document, access: .init()).readDocument(
            text: note, kind: .note, documentAccess: FileAccess())
        #expect(document.linksDrawnAsText.map(\.absoluteString) == [URL(string: target)!.absoluteString])
        let pdf = try DocumentRenderer(document: document, library: library).renderImage(.pdf).data
        #expect(Self.uris(in: pdf) == ["https://example.com", "#top", "mailto:a@b.example"])
        let svg = String(
            decoding: try DocumentRenderer(document: document, library: library).renderImage(.svg).data, as: UTF8.self)
        let hrefs = svg.matches(of: /<a xlink:href="([^"]*)">/).map { String($0.1) }
        #expect(hrefs == ["https://example.com", "#top", "mailto:a@b.example"])
    }

    /// Every byte a URL may hold, in every position, written with nothing that ends a PDF string or an XML
    /// attribute, and decoding back to the URL's own text.
    @Test func aWrittenLinkDecodesToItsURL() throws {
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let character = String(UnicodeScalar(byte))
            for text in ["https://example.com/a\(character)b", "https://example.com/?q=\(character)#f\(character)"] {
                guard let url = URL(string: text) else { continue }
                let written = try #require(LinkPolicy.written(url), "\(text)")
                #expect(!written.contains { "()'\"<>\\ ".contains($0) }, "\(text) → \(written)")
                #expect(written.removingPercentEncoding == url.absoluteString.removingPercentEncoding, "\(text)")
            }
        }
        let accented = try #require(URL(string: "https://example.com/caf%C3%A9%20au%20lait"))
        #expect(LinkPolicy.written(accented) == "https://example.com/caf%C3%A9%20au%20lait")
    }

    // MARK: Pictures

    @Test(arguments: [ImageFormat.pdf, .svg])
    func aPictureShownManyTimesIsEmbeddedOnce(_ format: ImageFormat) throws {
        let picture = try Self.noisePicture(width: 128, height: 128)
        let once = try render("![p](\(picture)){width=60}\n", as: format)
        let often = try render(String(repeating: "![p](\(picture)){width=60} ", count: 40) + "\n", as: format)
        // Forty embedded copies would be forty times the picture's 50 kB; references cost bytes, not pictures.
        #expect(often.count < once.count * 2, "\(once.count) bytes once, \(often.count) bytes forty times")
    }

    @Test(arguments: [ImageFormat.pdf, .svg])
    func aPictureIsEmbeddedAtTheResolutionItIsShown(_ format: ImageFormat) throws {
        // 512² pixels shown 40 points wide at scale 2: about 80² pixels are all the page can show.
        let large = try render("![p](\(try Self.noisePicture(width: 512, height: 512))){width=40}\n", as: format)
        let small = try render("![p](\(try Self.noisePicture(width: 128, height: 128))){width=40}\n", as: format)
        #expect(large.count < small.count * 2, "512² → \(large.count) bytes, 128² → \(small.count) bytes")
    }

    @Test(arguments: [ImageFormat.pdf, .svg])
    func theEmbeddedPicturesAreHeldToThePixelLimit(_ format: ImageFormat) throws {
        var options = RequestOptions(work: .document, access: .init())
        options.limits.imagePixels = 3 * 100 * 100
        let pictures = try (1...4).map { try Self.noisePicture(width: 100, height: 100, seed: UInt64($0)) }
        // Four distinct pictures of 100² pixels, shown larger than that at scale 2 (never enlarged when embedded).
        let note = pictures.map { "![p](\($0))" }.joined(separator: " ") + "\n"
        options.set(.width, .number(1000))
        #expect(throws: RenderError.picturesTooLarge(pixels: 4 * 100 * 100, limit: 3 * 100 * 100)) {
            try render(note, as: format, options: options)
        }
        // The same picture four times is one picture.
        #expect(throws: Never.self) {
            try render(String(repeating: "![p](\(pictures[0])) ", count: 4) + "\n", as: format, options: options)
        }
    }

    @Test func aPictureGivenAsTheSameDataURIIsDecodedAndCountedOnce() throws {
        var options = RequestOptions(work: .document, access: .init())
        options.documentLimits.documentImagePixels = 3 * 64 * 64
        let picture = try Self.noisePicture(width: 64, height: 64)
        let note = String(repeating: "![p](\(picture)){width=20} ", count: 10) + "\n"
        #expect(throws: Never.self) {
            try options.readDocument(text: note, kind: .note, documentAccess: FileAccess())
        }
    }

    @Test func aPictureErrorNamesTheFileAsTheDocumentNamedIt() throws {
        let folder = GalleyCommand.temporary("hostile-pictures")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
        let access = FileAccess.only([folder])
        for (name, words) in [
            ("bad.png", "image bad.png is not a readable picture"), ("missing.png", "cannot read image missing.png"),
        ] {
            #expect {
                try RequestOptions(work: .document, access: access).readDocument(
                    text: "![p](\(name))\n", kind: .note, documentAccess: access)
            } throws: { error in
                "\(error)".contains(words) && !"\(error)".contains(folder)
            }
        }
    }

    // MARK: Work that must stop

    @Test(arguments: [ImageFormat.pdf, .svg, .webp, .jpeg])
    func aCancelledRenderStops(_ format: ImageFormat) throws {
        let (document, library) = try RequestOptions(work: .document, access: .init()).readDocument(
            text: "# Note\n\nSome words 和一些中文。\n", kind: .note, documentAccess: FileAccess())
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: WorkCancelled.self) {
            try cancellation.run { try DocumentRenderer(document: document, library: library).renderImage(format) }
        }
    }

    @Test func aWebPOverItsPixelLimitIsRefusedBeforeItIsDrawn() throws {
        var options = RequestOptions(work: .document, access: .init())
        options.limits.webpPixels = 100_000
        let (document, library) = try options.readDocument(
            text: String(repeating: "A line of words.\n", count: 60), kind: .plainText, documentAccess: FileAccess())
        #expect {
            try DocumentRenderer(document: document, library: library).renderImage(.webp)
        } throws: { error in
            guard case RenderError.webpTooLarge(_, _, let limit) = error else { return false }
            return limit == 100_000 && "\(error)".contains("over the limit of 100000 pixels")
        }
        #expect(throws: RenderError.self) {
            try WebPWriter().encode(try Canvas(width: 400, height: 400), limits: options.limits)
        }
    }

    // MARK: Markdown

    @Test(arguments: [
        ("|h|\n" + String(repeating: "|-", count: 1_001) + "|\n", 2, 1_002),
        ("|" + String(repeating: "h|", count: 1_500) + "\n|-|\n", 1, 1_501),
        ("| a | b |\n|---|---|\n" + String(repeating: "|x", count: 2_000) + "|\n", 3, 2_001),
        ("# Title\n\n> |h|\n> " + String(repeating: "|:-:", count: 1_200) + "|\n", 4, 1_201),
    ])
    func aTableRowOfTooManyCellsIsRefusedBeforeParsing(_ note: String, _ line: Int, _ cells: Int) throws {
        #expect {
            try RequestOptions(work: .document, access: .init()).readDocument(
                text: note, kind: .note, documentAccess: FileAccess())
        } throws: { error in
            "\(error)"
                == "line \(line): a table row of \(cells) cells (|); at most 1000 (Markdown parsing time grows with the square of a row's cells)"
        }
    }

    @Test func pipesOutsideATableAndATableAtTheLimitAreRead() throws {
        let options = RequestOptions(work: .document, access: .init())
        for note in [
            String(repeating: "a|", count: 5_000) + "\n", "|h|\n" + String(repeating: "|-", count: 999) + "|\n",
            "```\n|h|\n" + String(repeating: "|-", count: 2_000) + "|\n```\n",
        ] {
            #expect(throws: Never.self) {
                try options.readDocument(text: note, kind: .note, documentAccess: FileAccess())
            }
        }
    }

    // MARK: Settings

    @Test(arguments: [
        (#"{"metrics": "web", "lineHeightMetrics": "exact", "content": [{"text": "a"}]}"#, "metrics"),
        (
            #"{"content": [{"text": "a", "attributes": {"paragraphStyle": {"direction": "rightToLeft", "baseWritingDirection": "leftToRight"}}}]}"#,
            "direction"
        ),
    ])
    func aSettingGivenUnderItsTwoNamesIsRefused(_ json: String, _ former: String) throws {
        #expect {
            try RequestOptions(work: .document, access: .init()).readDocument(
                text: json, kind: .json, documentAccess: FileAccess())
        } throws: { error in
            "\(error)".contains("\(former): the former name of")
        }
    }

    @Test func qualityIsRefusedWhereItDoesNotApply() throws {
        var options = RequestOptions(work: .document, access: .init())
        try options.add("quality", "50", from: .query)
        let (document, library) = try options.readDocument(text: "a", kind: .plainText, documentAccess: FileAccess())
        for format in [ImageFormat.png, .pdf, .svg] {
            #expect {
                try DocumentRenderer(document: document, library: library).renderImage(format, quality: 50)
            } throws: { error in
                "\(error)".hasPrefix("quality applies to WebP and JPEG only")
            }
        }
        #expect(throws: Never.self) {
            try DocumentRenderer(document: document, library: library).renderImage(.webp, quality: 50)
        }
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `galley render` writes PDF and SVG through cairo when the output is named `.pdf` or `.svg` (or `--format`):
/// poppler and librsvg, reading them back, find the note's text in reading order, embedded subset fonts, links, and
/// the PNG's picture.
@Suite struct VectorOutputTests {
    /// Notes, each with the flags it is rendered with (the vertical one turns its glyphs for cairo too).
    static let notes = [
        "Examples/note-mixed.md", "Examples/note-markdown.md", "Examples/note-table.md",
        "Examples/note-chinese-typography.md", "Examples/note-vertical.md --width 360 --height 300",
    ]

    /// `note` (a file and its flags) rendered to PNG and to `format`, the two paths.
    private func render(_ note: String, as format: String) throws -> (png: String, vector: String) {
        let arguments = note.split(separator: " ").map(String.init)
        let name = (arguments[0] as NSString).lastPathComponent
        let (png, vector) = (
            GalleyCommand.temporary("\(name).png"), GalleyCommand.temporary("\(name).\(format)")
        )
        for output in [png, vector] {
            let outcome = try GalleyCommand.run(["render"] + arguments + ["-o", output])
            #expect(outcome.status == 0, "\(outcome.error)")
        }
        return (png, vector)
    }

    @Test(arguments: notes)
    func aPDFRasterizedByPopplerLooksAsThePNG(_ note: String) throws {
        let pdftoppm = try #require(ExternalTool.find("pdftoppm"), "pdftoppm is missing: run Scripts/setup")
        let (png, pdf) = try render(note, as: "pdf")
        let rasterized = GalleyCommand.temporary(
            "\((String(note.prefix { $0 != " " }) as NSString).lastPathComponent)-pdf")
        _ = try ExternalTool.run(pdftoppm, ["-r", "144", "-png", "-singlefile", pdf, rasterized])
        let difference = try #require(
            ImageLikeness.blockDifference(
                try GalleyCommand.image(png), try GalleyCommand.image(rasterized + ".png")),
            "the PDF's page at 144 dpi is not the PNG's size at scale 2")
        // Anti-aliasing and the letterpress layers' edges differ a little; a missing glyph differs by 100 or more.
        #expect(difference.mean < 3 && difference.largest < 64, "8 × 8 block differences \(difference)")
    }

    @Test(arguments: notes)
    func anSVGRasterizedByLibrsvgLooksAsThePNG(_ note: String) throws {
        let rsvg = try #require(ExternalTool.find("rsvg-convert"), "rsvg-convert is missing: run Scripts/setup")
        let (png, svg) = try render(note, as: "svg")
        let rasterized = GalleyCommand.temporary(
            "\((String(note.prefix { $0 != " " }) as NSString).lastPathComponent)-svg.png")
        _ = try ExternalTool.run(rsvg, ["-z", "2", svg, "-o", rasterized])
        let difference = try #require(
            ImageLikeness.blockDifference(try GalleyCommand.image(png), try GalleyCommand.image(rasterized)),
            "the SVG at zoom 2 is not the PNG's size at scale 2")
        // Anti-aliasing and the letterpress layers' edges differ a little; a missing glyph differs by 100 or more.
        #expect(difference.mean < 3 && difference.largest < 64, "8 × 8 block differences \(difference)")
    }

    @Test func aPDFsTextIsTheNotesInReadingOrder() throws {
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let (_, pdf) = try render("Examples/note-mixed.md", as: "pdf")
        let text = try ExternalTool.run(pdftotext, [pdf, "-"]).filter { !$0.isWhitespace }
        // Heading, English, inline code, Chinese, then the paragraph after: in the order they are read.
        let expected = [
            "Releasechecklist发布清单", "Runswiftbuild-creleaseandthenScripts/test；所有测试都必须通过。",
            "Thechangelogliststhreefixes", "版本号是v2.4.1。",
        ]
        var rest = Substring(text)
        for piece in expected {
            let found = try #require(rest.range(of: piece), "\(piece) not after what precedes it in \(text)")
            rest = rest[found.upperBound...]
        }
    }

    @Test func aPDFEmbedsOnlySubsetFontsAndKeepsItsLinks() throws {
        let pdffonts = try #require(ExternalTool.find("pdffonts"), "pdffonts is missing: run Scripts/setup")
        let pdfinfo = try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup")
        let (_, pdf) = try render("Examples/note-markdown.md", as: "pdf")
        // name, type (may be two words), encoding, then emb sub uni object ID.
        let rows = try ExternalTool.run(pdffonts, [pdf]).split(separator: "\n").dropFirst(2)
        #expect(rows.count >= 3, "\(rows)")
        for row in rows {
            let columns = row.split(separator: " ")
            #expect(columns.suffix(5).prefix(3) == ["yes", "yes", "yes"], "not an embedded subset: \(row)")
        }
        let links = try ExternalTool.run(pdfinfo, ["-url", pdf])
        #expect(links.contains("https://spec.commonmark.org"), "\(links)")
        // A note's PDF is kilobytes, its Chinese font cut to the characters drawn.
        let size = try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int ?? 0
        #expect(size > 0 && size < 120_000, "\(size) bytes")
    }

    @Test func anSVGsLinksAreAnchorsOverTheirText() throws {
        let (_, svg) = try render("Examples/note-markdown.md", as: "svg")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        let anchor = try #require(
            text.firstMatch(
                of:
                    /<a xlink:href="https:\/\/spec\.commonmark\.org"><rect x="([0-9.]+)" y="([0-9.]+)" width="([0-9.]+)" height="([0-9.]+)"/
            ),
            "no anchor for the note's link")
        // Over the link's words: on the line below the first paragraph's start, most of a column wide at most.
        let (y, width, height) = (Double(anchor.2)!, Double(anchor.3)!, Double(anchor.4)!)
        #expect(width > 100 && width < 300 && height > 10 && height < 30 && y > 100 && y < 200, "\(anchor.0)")
        #expect(text.hasSuffix("</svg>\n") || text.hasSuffix("</svg>"))
    }

    @Test func aPageHeightSplitsANoteIntoPagesInReadingOrder() throws {
        let (pdfinfo, pdftotext) = (
            try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup"),
            try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        )
        let note = "Examples/note-markdown.md"
        let (whole, paged) = (GalleyCommand.temporary("whole.pdf"), GalleyCommand.temporary("paged.pdf"))
        for (output, extra) in [(whole, [String]()), (paged, ["--page-height", "300"])] {
            let outcome = try GalleyCommand.run(["render", note, "-o", output] + extra)
            #expect(outcome.status == 0, "\(outcome.error)")
        }
        let info = try ExternalTool.run(pdfinfo, ["-l", "100", paged])
        let pages = info.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains("size:") }
        #expect(pages.count >= 3, "\(info)")
        // Every page as wide as the note (360 points and two 16-point margins) and as tall as asked.
        for page in pages { #expect(page.hasSuffix("392 x 300 pts"), "\(page)") }
        // The pages hold the note's text, none of it lost or twice (poppler orders a page's blocks by its own
        // reckoning, so characters are compared, not their order), the title first.
        func text(_ pdf: String) throws -> String {
            try ExternalTool.run(pdftotext, [pdf, "-"]).filter { !$0.isWhitespace && $0 != "\u{0C}" }
        }
        let (pagedText, wholeText) = (try text(paged), try text(whole))
        #expect(pagedText.sorted() == wholeText.sorted())
        #expect(pagedText.hasPrefix("Releasenotes发布说明"))
    }

    /// A table running on over pages repeats its header row at the top of each page, as a long table on paper
    /// does: every page after the first starts with the header's words, and the rows' text is there once.
    @Test func aLongTableRepeatsItsHeaderOnEveryPage() throws {
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let rows = (1...40).map { "| 区域\($0) | 第 \($0) 行的说明 | \($0 * 7) |" }
        let note = GalleyCommand.temporary("long-table.md")
        try ("# 表格\n\n| 地区 | 说明 | 数量 |\n|---|---|---|\n" + rows.joined(separator: "\n") + "\n")
            .write(toFile: note, atomically: true, encoding: .utf8)
        let pdf = GalleyCommand.temporary("long-table.pdf")
        let outcome = try GalleyCommand.run(["render", note, "-o", pdf, "--page-height", "300"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let text = try ExternalTool.run(pdftotext, [pdf, "-"])
        let pages = text.split(separator: "\u{0C}").map { $0.filter { !$0.isWhitespace } }.filter { !$0.isEmpty }
        #expect(pages.count >= 3, "\(pages.count) pages")
        #expect(pages.dropFirst().allSatisfy { $0.hasPrefix("地区说明数量") }, "\(pages.map { $0.prefix(12) })")
        for row in 1...40 { #expect(text.components(separatedBy: "区域\(row) ").count - 1 <= 1, "row \(row)") }
    }

    /// `--page-numbers` numbers a paged PDF's pages at their foot: each page's text ends with its number, drawn in
    /// the bottom margin; without pages there is nothing to number, which is said before anything is drawn.
    @Test func pageNumbersStandAtTheFootOfEachPage() throws {
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let pdf = GalleyCommand.temporary("numbered.pdf")
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-markdown.md", "-o", pdf, "--page-height", "300", "--page-numbers"])
        #expect(outcome.status == 0, "\(outcome.error)")
        for page in 1...3 {
            let words = try ExternalTool.run(pdftotext, ["-f", "\(page)", "-l", "\(page)", "-bbox", pdf, "-"])
            // The last word on the page is its number, its box inside the 16-point bottom margin, centred.
            let last = try #require(words.split(separator: "\n").last { $0.contains("<word ") })
            let box = try #require(
                last.firstMatch(of: /xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</))
            #expect(String(box.5) == "\(page)", "\(last)")
            let (minX, minY, maxX, maxY) = (Double(box.1)!, Double(box.2)!, Double(box.3)!, Double(box.4)!)
            #expect(minY > 300 - 16 - 4 && maxY < 300 + 1, "\(last)")
            #expect(abs((minX + maxX) / 2 - 392 / 2) < 1, "\(last)")
        }
        let unpaged = try GalleyCommand.run(["render", "Examples/note-markdown.md", "-o", pdf, "--page-numbers"])
        #expect(unpaged.status != 0)
        #expect(unpaged.error.contains("numbers the pages of a paged PDF: give a page height"), "\(unpaged.error)")
    }

    /// Emphasis marks are drawn as shapes, so a PDF's text is the characters alone, in order, with no `•` among
    /// them; a measure row takes its own marks and refuses a style or position that is not one, naming the key.
    @Test func emphasisMarksStayOutOfAPDFsTextAndMeasureRowsTakeThem() throws {
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let pdf = GalleyCommand.temporary("emphasis.pdf")
        let outcome = try GalleyCommand.run(
            ["render", "-", "-o", pdf, "--text-emphasis", "filled circle"], input: "着重号用来强调")
        #expect(outcome.status == 0, "\(outcome.error)")
        let text = try ExternalTool.run(pdftotext, [pdf, "-"]).filter { !$0.isWhitespace && $0 != "\u{0C}" }
        #expect(text == "着重号用来强调")
        let rows = """
            {"id":1,"text":"着重号"}
            {"id":2,"text":"着重号","textEmphasis":"open sesame","textEmphasisPosition":"over"}
            {"id":3,"text":"着重号","textEmphasis":"sparkles"}
            {"id":4,"text":"着重号","textEmphasisPosition":"sideways"}

            """
        let measured = try GalleyCommand.run(
            ["measure", "--line-height-metrics", "web", "--no-system-fonts", "--text-emphasis", "dot"], input: rows)
        let lines = measured.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        // Chinese: under by default, 25 + 7 as in Chromium; over, 25 + 4.
        #expect(lines[0].contains("\"height\":32"), "\(lines[0])")
        #expect(lines[1].contains("\"height\":29"), "\(lines[1])")
        #expect(lines[2].contains("textEmphasis") && lines[2].contains("not an emphasis style"), "\(lines[2])")
        #expect(
            lines[3].contains("textEmphasisPosition") && lines[3].contains("not an emphasis position"), "\(lines[3])")
        // The option is read as CSS writes it, and refused before any row when it is not a position.
        let refused = try GalleyCommand.run(["measure", "--text-emphasis-position", "over middle"], input: rows)
        #expect(refused.status == 2 && refused.error.contains("not an emphasis position"), "\(refused.error)")
    }

    /// A note's PDF carries its title (the first heading) and an outline of its headings, nested by level, each
    /// pointing at its page: what a viewer lists beside the pages and `pdfinfo` shows.
    @Test func aPDFHasTheNotesTitleAndAnOutlineOfItsHeadings() throws {
        let pdfinfo = try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup")
        let pdf = GalleyCommand.temporary("outline.pdf")
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-markdown.md", "-o", pdf, "--page-height", "300"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let info = try ExternalTool.run(pdfinfo, [pdf])
        #expect(info.contains("Title:           Release notes 发布说明"), "\(info)")
        // cairo writes the outline's items as objects: `/Title (…)`, its `/Parent` and a `/Dest [page /XYZ x y]`.
        let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(bytes.contains("/Type /Outlines"))
        let items = bytes.components(separatedBy: "<< /Title ").dropFirst()
        #expect(items.count == 3, "the title, What changed, Checklist")
        let changed = try #require(items.first { $0.hasPrefix("(What changed)") })
        let checklist = try #require(items.first { $0.hasPrefix("(Checklist)") })
        #expect(changed.contains("/Dest [") && checklist.contains("/Dest ["))
        // `###` nests under `##`, which nests under the title.
        #expect(!checklist.contains("/Parent 1 0 R") && checklist.contains("/Parent "))
        // Plain text has no headings, so no outline.
        let text = GalleyCommand.temporary("plain.txt")
        try "no headings here".write(toFile: text, atomically: false, encoding: .utf8)
        let plain = GalleyCommand.temporary("plain.pdf")
        #expect(try GalleyCommand.run(["render", text, "-o", plain]).status == 0)
        let plainBytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: plain)), as: UTF8.self)
        #expect(!plainBytes.contains("/Type /Outlines"))
    }

    /// A PDF names its text's language in its catalog (`/Lang`, which screen readers pronounce by): the note's
    /// `--lang`, else its first paragraph's as its characters tell (Chinese, Japanese, Korean; Latin letters tell
    /// no language, so an English note without `--lang` names none). The file stays whole: every cross-reference
    /// entry still points at its object, `startxref` at the table, and poppler reads it without a complaint.
    @Test(arguments: [
        (["Examples/note-chinese.md"], "zh-Hans"), (["Examples/note-english.md"], nil),
        (["Examples/note-english.md", "--lang", "en-GB"], "en-GB"),
        (["Examples/note-english.md", "--lang", "en_GB"], "en-GB"),  // BCP 47 writes a hyphen
    ])
    func aPDFNamesItsLanguage(_ arguments: [String], _ language: String?) throws {
        let pdfinfo = try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup")
        let pdf = GalleyCommand.temporary(
            "lang\(arguments.joined().replacingOccurrences(of: "/", with: "-")).pdf")
        let outcome = try GalleyCommand.run(["render"] + arguments + ["-o", pdf, "--page-height", "400"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: pdf)))
        let text = String(decoding: bytes, as: UTF8.self)
        if let language {
            let catalog = try #require(text.range(of: "<< /Lang (\(language)) /Type /Catalog"), "\(language)")
            #expect(text[catalog.upperBound...].range(of: "/Lang") == nil, "one /Lang")
        } else {
            #expect(!text.contains("/Lang"))
        }
        try Self.expectCrossReferencesHold(bytes)
        let info = try ExternalTool.runCapturingErrors(pdfinfo, [pdf])
        #expect(info.error.isEmpty, "\(info.error)")
        #expect(info.output.contains("Pages:"))
    }

    /// Checks that a PDF's `startxref` names its table, and each in-use entry of the table the start of its object
    /// (what Galley writes into cairo's file moves them).
    static func expectCrossReferencesHold(_ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let tail = try #require(text.range(of: "startxref\n", options: .backwards))
        let tableStart = try #require(Int(text[tail.upperBound...].prefix { $0.isNumber }))
        let table = String(decoding: bytes[tableStart...], as: UTF8.self)
        #expect(table.hasPrefix("xref\n0 "))
        let entries = table.split(separator: "\n").dropFirst(2).prefix { $0.hasSuffix(" n ") || $0.hasSuffix(" f ") }
        #expect(entries.count > 10)
        for (number, entry) in entries.enumerated() where entry.hasSuffix(" n ") {
            let offset = try #require(Int(entry.prefix(10)))
            #expect(bytes[offset...].starts(with: Array("\(number) 0 obj".utf8)), "object \(number) at \(offset)")
        }
    }

    /// The same note makes the same bytes whenever it is rendered: no clock in the PDF (its creation date is
    /// SOURCE_DATE_EPOCH's when set, as reproducible builds ask), nor anything per process in the SVG.
    @Test func outputsAreReproducible() throws {
        let pdfinfo = try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup")
        for format in ["pdf", "svg"] {
            let outputs = (0..<2).map { GalleyCommand.temporary("again-\($0).\(format)") }
            for (index, output) in outputs.enumerated() {
                if index == 1 { Thread.sleep(forTimeInterval: 1.1) }  // a clock's second apart
                let outcome = try GalleyCommand.run(["render", "Examples/note-badge.md", "-o", output])
                #expect(outcome.status == 0, "\(outcome.error)")
            }
            let (first, second) = (
                try Data(contentsOf: URL(fileURLWithPath: outputs[0])),
                try Data(contentsOf: URL(fileURLWithPath: outputs[1]))
            )
            #expect(first == second, "\(format) differs between two renders")
        }
        let dated = GalleyCommand.temporary("dated.pdf")
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-badge.md", "-o", dated], environment: ["SOURCE_DATE_EPOCH": "1764201600"])
        #expect(outcome.status == 0, "\(outcome.error)")
        let info = try ExternalTool.run(pdfinfo, [dated])
        #expect(info.contains("Thu Nov 27 00:00:00 2025 UTC"), "\(info)")
    }

    /// A vertical note pages too: its columns fill a page right to left and go on on the next, each page as tall as
    /// asked, the text in reading order from page to page.
    @Test func aVerticalNoteFlowsFromPageToPage() throws {
        let (pdfinfo, pdftotext) = (
            try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup"),
            try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        )
        let paged = GalleyCommand.temporary("vertical-paged.pdf")
        let outcome = try GalleyCommand.run(
            ["render", "Examples/note-vertical.md", "--width", "200", "--page-height", "260", "-o", paged])
        #expect(outcome.status == 0, "\(outcome.error)")
        let info = try ExternalTool.run(pdfinfo, ["-l", "100", paged])
        let pages = info.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains("size:") }
        #expect(pages.count == 2 && pages.allSatisfy { $0.hasSuffix("232 x 260 pts") }, "\(info)")
        func text(page: Int) throws -> String {
            try ExternalTool.run(pdftotext, ["-raw", "-f", "\(page)", "-l", "\(page)", paged, "-"])
                .filter { !$0.isWhitespace && $0 != "\u{0C}" }
        }
        let (first, second) = (try text(page: 1), try text(page: 2))
        #expect(first.contains("秋夜读书记") && !first.contains("橘子"), "\(first)")
        #expect(second.contains("橘子") && !second.contains("秋夜读书记"), "\(second)")
    }

    @Test(arguments: [
        (["-o", "/tmp/x.pdf", "--page-height", "20"], "20.0 points leaves no room inside the 16.0-point margins"),
        (["-o", "/tmp/x.pdf", "--page-height", "45"], "45.0 points is shorter than the first line and the margins"),
        (["-o", "/tmp/x.png", "--page-height", "300"], "--page-height splits a PDF into pages; ask for pdf"),
        (["-o", "/tmp/x.pdf", "--page-height", "0"], "--page-height 0 must be positive"),
    ])
    func badPageHeightsAreOneLineErrors(_ arguments: [String], _ message: String) throws {
        let outcome = try GalleyCommand.run(["render", "Examples/note-markdown.md"] + arguments)
        #expect(outcome.status != 0)
        #expect(outcome.error.contains(message), "\(outcome.error)")
        #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
    }

    @Test(arguments: [
        (
            ["-o", "/tmp/x.gif"],
            "-o /tmp/x.gif: galley writes .png, .webp, .jpg, .pdf or .svg images; name the output so (.gif is not written)"
        ),
        (
            ["-o", "/tmp/x.svg", "--format", "pdf"],
            "-o /tmp/x.svg: --format pdf writes .pdf images; name the output so"
        ),
        (["-o", "/tmp/x.pdf", "--format", "gif"], "--format \"gif\" is not one of png, webp, jpeg, pdf, svg"),
    ])
    func badOutputsAreOneLineErrors(_ arguments: [String], _ message: String) throws {
        let outcome = try GalleyCommand.run(["render", "Examples/note-mixed.md"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }
}

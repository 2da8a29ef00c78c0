import Foundation
import Testing

@testable import GalleyTestSupport

/// A PDF's text reads back as the note's (poppler's `pdftotext`, which viewers built on poppler search with): a
/// vertical paragraph whole (`/ActualText` over its columns; a column's glyphs, one under another, read as a line
/// each otherwise), words one space apart.
@Suite struct PDFTextExtractionTests {
    /// The note's paragraphs, as its Markdown gives them.
    static let paragraphs = [
        "秋夜读书记",
        "十一月二十七日，窗外下着小雨。读完《山居笔记》的最后一章，想起去年在杭州的那个秋天——“人生如逆旅，我亦是行人。”",
        "我们用 Galley 把这段文字竖排：汉字直立，英文 Swift 与 HarfBuzz 侧转，标点「」、。，各在其位……",
        "明日待办：整理书架，给小林回信，买 3 斤橘子。",
    ]

    @Test func eachVerticalParagraphReadsAsOneLine() throws {
        let (pdfinfo, pdftotext) = (
            try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup"),
            try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        )
        let pdf = GalleyCommand.temporary("vertical-text.pdf")
        let outcome = try GalleyCommand.run(["render", "Examples/note-vertical.md", "-o", pdf])
        #expect(outcome.status == 0, "\(outcome.error)")
        // In the content's order (-raw), the paragraphs one a line, in reading order; by position, each still whole.
        let raw = try ExternalTool.run(pdftotext, ["-raw", pdf, "-"]).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let found = Self.paragraphs.compactMap { raw.firstIndex(of: $0) }
        #expect(found.count == Self.paragraphs.count && found == found.sorted(), "\(raw)")
        let byPosition = try ExternalTool.run(pdftotext, [pdf, "-"]).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        for paragraph in Self.paragraphs { #expect(byPosition.contains(paragraph), "\(paragraph)") }
        try VectorOutputTests.expectCrossReferencesHold([UInt8](try Data(contentsOf: URL(fileURLWithPath: pdf))))
        let info = try ExternalTool.runCapturingErrors(pdfinfo, [pdf])
        #expect(info.error.isEmpty, "\(info.error)")
    }

    /// Words come out one space apart: a space is the gap between glyphs, not text beside the glyph before it as
    /// well (which doubled every space).
    @Test func wordsAreOneSpaceApart() throws {
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let pdf = GalleyCommand.temporary("spaces.pdf")
        let outcome = try GalleyCommand.run(["render", "Examples/note-english.md", "-o", pdf])
        #expect(outcome.status == 0, "\(outcome.error)")
        let text = try ExternalTool.run(pdftotext, [pdf, "-"])
        #expect(text.contains("Typography is the craft of arranging type"), "\(text)")
        #expect(!text.contains("  "), "\(text)")
    }

    /// Horizontal text needs no span: its PDF has none, nor the structure cairo writes for one.
    @Test func horizontalTextHasNoSpans() throws {
        let pdf = GalleyCommand.temporary("horizontal-text.pdf")
        let outcome = try GalleyCommand.run(["render", "Examples/note-chinese.md", "-o", pdf])
        #expect(outcome.status == 0, "\(outcome.error)")
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(!text.contains("/StructTreeRoot"))
    }
}

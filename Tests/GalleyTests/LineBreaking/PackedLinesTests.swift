import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The line placer reads a paragraph from either source: the live line breaker or a prepared text's packed breaks.
/// The packed source must answer every query the placer asks as the live one does, on the corpus and on rows with
/// the figures packing keeps apart (autospace, trimmed marks, cuts inside joined glyphs, mixed fonts, tabs).
@Suite struct PackedLinesTests {
    private static let rows: [String] = {
        Array(TestFonts.noteRows.prefix(150)) + [
            "（第二段）second paragraph, “引号”与（括号）紧排。第二句话在这里。",
            "我们在 Linux 上用 Swift 写排版引擎，用 HarfBuzz 塑形。",
            "我们在Linux上用Swift写排版引擎，用HarfBuzz塑形，2026年发布。",
            "ls -la /usr/local/bin && echo \"done\" -> next step ---> end",
            "Emoji 👩‍💻 and العربية in one row\u{2028}after a line separator",
            "a\ttab\tseparated\trow",
            "soft\u{AD}hyphen\u{AD}ated words",
        ]
    }()

    private static let styles: [(String, TextAttributes)] = [
        ("plain", TextAttributes()),
        (
            "Chinese, autospace",
            TextAttributes(
                language: "zh-Hans",
                paragraphStyle: {
                    var style = ParagraphStyle(); style.autospace = true; return style
                }())
        ),
        (
            "web metrics, line height",
            TextAttributes(
                paragraphStyle: {
                    var style = ParagraphStyle()
                    style.lineHeightMetrics = .web
                    style.lineHeightMultiple = 1.3
                    return style
                }())
        ),
    ]

    @Test(arguments: styles.map(\.0))
    func packedLinesAnswerEveryQueryAsTheLiveBreakerDoes(_ name: String) throws {
        #expect(Self.rows.count > 150, "the corpus is read")
        let attributes = try #require(Self.styles.first { $0.0 == name }).1
        let library = try TestFonts.bundled
        let shaper = Shaper()
        let itemizer = Itemizer(fontLibrary: library, settings: DynamicTypeSettings())
        var differing: [String] = []
        var packed = 0, queries = 0, autospacedEnds = 0
        for row in Self.rows {
            let paragraph = try #require(TextStorage(row, attributes: attributes).paragraphs.first)
            let shaped = try shaper.shape(paragraph, itemizer: itemizer)
            let strut = try paragraph.strut(fontLibrary: library, settings: DynamicTypeSettings())
            let lineStrut = LineMetrics.Strut(style: paragraph.style, font: strut.font, leading: strut.leading)
            var breaks: [PreparedBreak] = [], figures: [LineMetrics.RunFigures] = []
            let prepared = try PreparedParagraph(
                shaped, strut: strut, shaper: shaper, breaks: &breaks, runFigures: &figures)
            if prepared.isPacked { packed += 1 }
            var live = try LineBreaker(shaped, shaper: shaper)
            func differ(_ query: String) { differing.append("\(name) \(query): \(row.prefix(30))") }
            breaks.withUnsafeBufferPointer { breaks in
                figures.withUnsafeBufferPointer { figures in
                    var lines = PackedLines(prepared, breaks: breaks, runFigures: figures)
                    let starts = [0] + live.opportunities.opportunities.map(\.offset).filter { $0 < live.length }
                    for offset in 0...live.length
                    where lines.cutsJoinedGlyphs(at: offset) != live.cutsJoinedGlyphs(at: offset) {
                        differ("cutsJoinedGlyphs(\(offset))")
                    }
                    for start in starts {
                        let first = start..<(start + 1)
                        if lines.metrics(of: first, strut: lineStrut) != live.metrics(of: first, strut: lineStrut) {
                            differ("metrics(\(first))")
                        }
                        for width in [0.0, 31, 120, 317.5, 1_000] {
                            for (mode, limit, hyphenates) in [
                                (ParagraphStyle.LineBreakMode.wordWrap, nil, true), (.wordWrap, nil, false),
                                (.charWrap, nil, true), (.wordWrap, start + 3, true), (.truncateTail, nil, true),
                            ] as [(ParagraphStyle.LineBreakMode, Int?, Bool)] {
                                queries += 1
                                let expected = live.nextLine(
                                    from: start, width: width, mode: mode, limit: limit, hyphenates: hyphenates)
                                let line = lines.nextLine(
                                    from: start, width: width, mode: mode, limit: limit, hyphenates: hyphenates)
                                guard line == expected else {
                                    differ("nextLine(\(start), \(width), \(mode), \(String(describing: limit)))")
                                    continue
                                }
                                if line.endTrim != 0, !live.shaped.spacing.autospace.isEmpty { autospacedEnds += 1 }
                                let range = line.utf16Range
                                if lines.metrics(of: range, strut: lineStrut)
                                    != live.metrics(of: range, strut: lineStrut)
                                {
                                    differ("metrics(\(range))")
                                }
                                if lines.trailingWidth(of: line) != live.trailingWidth(of: line) {
                                    differ("trailingWidth(\(range))")
                                }
                                if lines.hasBreak(inside: range) != live.hasBreak(inside: range) {
                                    differ("hasBreak(\(range))")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(queries): \(differing.prefix(5))")
        // The packed source answers for nearly every row (tabs and soft hyphens go to the live breaker), so its own
        // figures are what is compared.
        #expect(packed >= Self.rows.count - 3, "\(packed) of \(Self.rows.count) rows packed")
        // Lines ending where they drop an autospace are among those compared.
        #expect(autospacedEnds > 0 || name != "Chinese, autospace")
    }
}

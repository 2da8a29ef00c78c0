import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The greedy rule starts at the first break whose line may not fit (`LineBreaker.firstBreakToTry`), bounding the
/// lines before it by the summed advances: every line it breaks is the line that measuring every break gives, over
/// the corpus and rows with what can change a line's width at its ends (hanging and trimmed marks, autospace, cuts
/// inside joined glyphs, negative and positive spacing, tabs, soft hyphens, line separators), at every start and
/// many widths.
@Suite struct GreedySkipTests {
    private static let rows: [String] =
        Array(TestFonts.noteRows.prefix(120)) + [
            "（第二段）second paragraph, “引号”与（括号）紧排。第二句话在这里，结束了。",
            "我们在Linux上用Swift写排版引擎，用HarfBuzz塑形，2026年发布。「引用」、『书名』。",
            "ls -la /usr/local/bin && echo \"done\" -> next step ---> end != x <= y",
            "Emoji 👩‍💻 and العربية in one row\u{2028}after a line separator and more words here",
            "a\ttab\tseparated\trow with words after the tabs",
            "soft\u{AD}hyphen\u{AD}ated words and more soft\u{AD}hyphen\u{AD}ated words",
            "句号。逗号，句号。逗号，句号。逗号，句号。逗号，句号。逗号，句号。逗号，句号。",
        ]

    private static func style(_ change: (inout ParagraphStyle) -> Void) -> ParagraphStyle {
        var style = ParagraphStyle()
        change(&style)
        return style
    }

    private static let attributes: [(String, TextAttributes)] = [
        ("plain", TextAttributes()),
        (
            "Chinese, autospace, hanging stops",
            TextAttributes(
                language: "zh-Hans",
                paragraphStyle: style {
                    $0.autospace = true
                    $0.hangingPunctuation = .init(first: true, end: .allow, last: true)
                })
        ),
        (
            "forced hangs, no trim",
            TextAttributes(
                paragraphStyle: style {
                    $0.hangingPunctuation = .init(end: .force)
                    $0.punctuationTrim = .none
                })
        ),
        ("tightened", TextAttributes(tracking: -1.5)),
        ("kerned, code font", TextAttributes(font: .styled(.body, family: "JetBrains Mono"), kern: 0.7)),
    ]

    @Test(arguments: attributes.map(\.0))
    func startingAtTheFirstBreakThatMayNotFitGivesTheLinesOfTryingEveryBreak(_ name: String) throws {
        let attributes = try #require(Self.attributes.first { $0.0 == name }).1
        let library = try TestFonts.bundled
        let shaper = Shaper()
        let itemizer = Itemizer(fontLibrary: library, settings: DynamicTypeSettings())
        var differing: [String] = []
        var queries = 0, skipped = 0
        for row in Self.rows {
            let paragraph = try #require(TextStorage(row, attributes: attributes).paragraphs.first)
            let shaped = try shaper.shape(paragraph, itemizer: itemizer)
            var skipping = try LineBreaker(shaped, shaper: shaper)
            var everyBreak = skipping
            everyBreak.triesEveryBreak = true
            let starts = [0] + skipping.opportunities.opportunities.map(\.offset).filter { $0 < skipping.length }
            for start in starts {
                for width in [0.0, 17, 31, 58.25, 120, 201.7, 317.5, 414, 1_000] {
                    for limit in [nil, start + 5] {
                        queries += 1
                        let expected = everyBreak.nextLine(from: start, width: width, limit: limit)
                        let line = skipping.nextLine(from: start, width: width, limit: limit)
                        if line != expected { differing.append("\(start) \(width) \(row.prefix(24))") }
                        let first = skipping.firstOpportunity(after: start)
                        let count = skipping.firstOpportunity(after: min(limit ?? skipping.length, skipping.length))
                        if skipping.firstBreakToTry(
                            from: skipping.lineStart(at: start), available: width, first: first, count: count) > first
                        {
                            skipped += 1
                        }
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(name): \(differing.prefix(5))")
        #expect(queries > 20_000)
        // The bound is used, not only allowed: most lines of rows without tabs or soft hyphens skip breaks.
        if name != "tightened" { #expect(skipped > queries / 4, "\(name): \(skipped) of \(queries)") }
    }

    /// Lines ending where the break cuts a kerned pair (a hyphen before a capital) are wider than the summed
    /// advances say, and the bound leaves room for the largest such widening: the lines equal, at widths a quarter
    /// point apart. (The room decides only where two breaks lie closer than the widening, which these rows lack.)
    @Test func linesEndingInsideKernedPairsAreTheLinesOfTryingEveryBreak() throws {
        let library = try TestFonts.bundled
        let shaper = Shaper()
        let itemizer = Itemizer(fontLibrary: library, settings: DynamicTypeSettings())
        var differing: [String] = [], widened = 0
        for row in ["T-Y-V-W-A-T-Y-V-W-A-T-Y-V-W-A-T-Y", "Type-Yes Vote-Test AV-To LT-Ya", "F-T.Y-P,V-Y;W-A"] {
            let paragraph = try #require(TextStorage(row, attributes: TextAttributes()).paragraphs.first)
            var skipping = try LineBreaker(try shaper.shape(paragraph, itemizer: itemizer), shaper: shaper)
            if skipping.endCorrections.entries.contains(where: { $0.value > 0 }) { widened += 1 }
            var everyBreak = skipping
            everyBreak.triesEveryBreak = true
            for start in [0] + skipping.opportunities.opportunities.map(\.offset).filter({ $0 < skipping.length }) {
                for step in 0..<800 {
                    let width = 5 + Double(step) / 4
                    if skipping.nextLine(from: start, width: width) != everyBreak.nextLine(from: start, width: width) {
                        differing.append("\(row) from \(start) at \(width)")
                    }
                }
            }
        }
        #expect(widened > 0, "a row cuts a kerned pair at a break, widening the line before it")
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}

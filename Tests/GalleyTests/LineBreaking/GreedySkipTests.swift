import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The greedy rule starts at the first break whose line may not fit (`LineBreaker.firstBreakToTry`), bounding the
/// lines before it by the summed advances: every break it skips has a line that fits, over the corpus and rows with
/// what can change a line's width at its ends (hanging and trimmed marks, autospace, cuts inside joined glyphs,
/// negative and positive spacing, tabs, soft hyphens, line separators), at every start and many widths; and the
/// rule given such a bound chooses as it does measuring every break.
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

    /// Every break the greedy rule skips from `start` at `width` (those before the bound) has a line that fits
    /// plainly and is not mandatory: what the rule would have found by measuring each. Says how many were skipped.
    private static func expectSkippedBreaksFit(
        _ breaker: LineBreaker, from start: Int, width: Double, limit: Int?, differing: inout [String]
    ) -> Bool {
        let candidates = breaker.opportunities.opportunities
        let first = breaker.firstOpportunity(after: start)
        let count = breaker.firstOpportunity(after: min(limit ?? breaker.length, breaker.length))
        let bound = breaker.firstBreakToTry(
            from: breaker.lineStart(at: start), available: width, first: first, count: count)
        for index in first..<max(first, bound) {
            let line = breaker.line(start..<candidates[index].offset, mandatory: false)
            if candidates[index].isMandatory || !LineFit.fits(line.width, in: width) {
                differing.append("from \(start) at \(width): break \(index) (\(line.width) pt) skipped")
                break
            }
        }
        return bound > first
    }

    @Test(arguments: attributes.map(\.0))
    func everyBreakSkippedFitsAsMeasuringItWouldFind(_ name: String) throws {
        let attributes = try #require(Self.attributes.first { $0.0 == name }).1
        let library = try TestFonts.bundled
        let shaper = Shaper()
        let itemizer = Itemizer(fontLibrary: library, settings: DynamicTypeSettings())
        var differing: [String] = []
        var queries = 0, skipped = 0
        for row in Self.rows {
            let paragraph = try #require(TextStorage(row, attributes: attributes).paragraphs.first)
            let breaker = try LineBreaker(try shaper.shape(paragraph, itemizer: itemizer), shaper: shaper)
            let starts = [0] + breaker.opportunities.opportunities.map(\.offset).filter { $0 < breaker.length }
            for start in starts {
                for width in [0.0, 17, 31, 58.25, 120, 201.7, 317.5, 414, 1_000] {
                    for limit in [nil, start + 5] {
                        queries += 1
                        var found: [String] = []
                        if Self.expectSkippedBreaksFit(
                            breaker, from: start, width: width, limit: limit, differing: &found)
                        {
                            skipped += 1
                        }
                        differing += found.map { "\($0) in \(row.prefix(24))" }
                    }
                }
            }
        }
        #expect(differing.count == 0, "\(name): \(differing.prefix(5))")
        #expect(queries > 20_000)
        // The bound is used, not only allowed: most lines of rows without tabs or soft hyphens skip breaks.
        if name != "tightened" { #expect(skipped > queries / 4, "\(name): \(skipped) of \(queries)") }
    }

    /// Lines ending where the break cuts a kerned pair (a hyphen before a capital) are wider than the summed
    /// advances say, and the bound leaves room for the largest such widening: every break skipped fits, at widths a
    /// quarter point apart. (The room decides only where two breaks lie closer than the widening, which these rows
    /// lack.)
    @Test func breaksSkippedBeforeCutsInsideKernedPairsFit() throws {
        let library = try TestFonts.bundled
        let shaper = Shaper()
        let itemizer = Itemizer(fontLibrary: library, settings: DynamicTypeSettings())
        var differing: [String] = [], widened = 0, skipped = 0
        for row in ["T-Y-V-W-A-T-Y-V-W-A-T-Y-V-W-A-T-Y", "Type-Yes Vote-Test AV-To LT-Ya", "F-T.Y-P,V-Y;W-A"] {
            let paragraph = try #require(TextStorage(row, attributes: TextAttributes()).paragraphs.first)
            let breaker = try LineBreaker(try shaper.shape(paragraph, itemizer: itemizer), shaper: shaper)
            if breaker.endCorrections.entries.contains(where: { $0.value > 0 }) { widened += 1 }
            for start in [0] + breaker.opportunities.opportunities.map(\.offset).filter({ $0 < breaker.length }) {
                for step in 0..<800 {
                    let width = 5 + Double(step) / 4
                    if Self.expectSkippedBreaksFit(
                        breaker, from: start, width: width, limit: nil, differing: &differing)
                    {
                        skipped += 1
                    }
                }
            }
        }
        #expect(widened > 0, "a row cuts a kerned pair at a break, widening the line before it")
        #expect(skipped > 1_000, "the bound skips breaks in these rows too")
        #expect(differing.count == 0, "\(differing.prefix(5))")
    }

    /// The greedy rule told that the breaks before `knownToFit` fit chooses as it does measuring every break: over
    /// random lines of breaks (some too wide, some mandatory, some fitting only trimmed or hung), for every bound the
    /// caller could truthfully give.
    @Test func startingAtABoundOfBreaksKnownToFitChoosesAsMeasuringEveryBreak() {
        var generator = SeededGenerator(state: 7)
        var compared = 0
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...12, using: &generator)
            var widthSoFar = 0.0
            let ends: [LineFit.End] = (0..<count).map { index in
                widthSoFar += Double(Int.random(in: 1...40, using: &generator))
                var end = LineFit.End(contentEnd: index + 1, widthBeforeContentEnd: widthSoFar)
                if Int.random(in: 0..<4, using: &generator) == 0 { end.closingTrim = 8 }
                if Int.random(in: 0..<5, using: &generator) == 0 { end.hang = 6 }
                return end
            }
            let mandatory = (0..<count).map { _ in Int.random(in: 0..<10, using: &generator) == 0 }
            let available = Double(Int.random(in: 0...160, using: &generator))
            let start = LineFit.Start(offset: 0, widthBefore: 0)
            func greedy(_ knownToFit: Int?) -> (choice: LineFit.Choice?, stop: Int) {
                LineFit.greedy(
                    from: start, available: available, first: 0, knownToFit: knownToFit, count: count,
                    end: { ends[$0] }, isMandatory: { mandatory[$0] })
            }
            let measured = greedy(nil)
            // The breaks that fit plainly and are not mandatory, from the first: any bound up to their end is true.
            let truthful = (0..<count).prefix {
                !mandatory[$0] && LineFit.fits(LineFit.width(from: start, to: ends[$0]), in: available)
            }.count
            for bound in 0...truthful {
                let skipping = greedy(bound)
                #expect(skipping.choice == measured.choice && skipping.stop == measured.stop, "bound \(bound)")
                compared += 1
            }
        }
        #expect(compared > 4_000)
    }
}

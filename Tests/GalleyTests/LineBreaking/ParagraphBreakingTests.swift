import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Paragraphs broken as a whole (``ParagraphStyle/textWrap``): the optimal strategy against greedy breaking on
/// English prose, the limit on consecutive hyphens, text around a shape, and bad settings.
@Suite struct ParagraphBreakingTests {
    /// English prose written for these tests (Tests/Fixtures/prose/english.txt): 16 paragraphs of 40 to 70 words.
    static let prose: [String] = {
        let text = (try? String(contentsOf: TestFonts.fixture("prose/english.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }()

    /// `text` in English laid out `width` points wide with `wrap`, hyphenation on, and its UTF-16 units.
    static func hyphenated(_ text: String, wrap: ParagraphStyle.TextWrap, width: Double) throws -> (
        TextLayout, [UInt16]
    ) {
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        style.textWrap = wrap
        let (layout, storage) = try LayoutFixtures.layout(
            text, attributes: TextAttributes(language: "en-US", paragraphStyle: style),
            container: TextContainer(size: Size(width: width, height: 0)))
        return (layout, Array(storage.string.utf16))
    }

    struct Lines {
        var slack: [Double] = []
        var hyphenRuns: [Int] = []
        var count = 0
    }

    /// The lines of `text` laid out `width` points wide with `wrap`: each non-final line's slack, the lengths of
    /// runs of lines ending inside a word, the line count.
    static func lines(_ text: String, wrap: ParagraphStyle.TextWrap, width: Double) throws -> Lines {
        let (layout, units) = try hyphenated(text, wrap: wrap, width: width)
        func isLetter(_ offset: Int) -> Bool {
            offset >= 0 && offset < units.count && (Character(UnicodeScalar(units[offset]) ?? " ").isLetter)
        }
        var result = Lines()
        var run = 0
        for (index, fragment) in layout.lineFragments.enumerated() {
            result.count += 1
            let end = fragment.characterRange.upperBound
            if index < layout.lineFragments.count - 1 {
                result.slack.append(width - fragment.usedRect.width)
            }
            if isLetter(end - 1) && isLetter(end) {
                run += 1
            } else {
                if run > 0 { result.hyphenRuns.append(run) }
                run = 0
            }
        }
        if run > 0 { result.hyphenRuns.append(run) }
        return result
    }

    @Test(arguments: [200.0, 240])
    func optimalBreakingLeavesLessSlackAndFewerLooseLinesThanGreedyWithTheSameLines(width: Double) throws {
        var greedy = Lines(), optimal = Lines()
        for text in Self.prose {
            let auto = try Self.lines(text, wrap: .auto, width: width)
            let best = try Self.lines(text, wrap: .optimal, width: width)
            greedy.slack += auto.slack
            optimal.slack += best.slack
            greedy.count += auto.count
            optimal.count += best.count
            greedy.hyphenRuns += auto.hyphenRuns
            optimal.hyphenRuns += best.hyphenRuns
        }
        #expect(Self.prose.count == 16)
        func meanSquare(_ values: [Double]) -> Double { values.reduce(0) { $0 + $1 * $1 } / Double(values.count) }
        let greedySlack = meanSquare(greedy.slack), optimalSlack = meanSquare(optimal.slack)
        // Less slack, though not much less: optimal spends some to keep one word off the last line, which greedy
        // breaking leaves there in a third of these paragraphs.
        #expect(optimalSlack < greedySlack, "mean squared slack: optimal \(optimalSlack), auto \(greedySlack)")
        let loose = (greedy.slack.filter { $0 > 0.3 * width }.count, optimal.slack.filter { $0 > 0.3 * width }.count)
        #expect(loose.1 * 2 <= loose.0, "lines looser than 30 %: optimal \(loose.1), auto \(loose.0)")
        #expect(abs(Double(optimal.count - greedy.count)) <= 0.02 * Double(greedy.count))
        // At most two hyphenated lines in a row, by default, in both modes.
        #expect(optimal.hyphenRuns.allSatisfy { $0 <= 2 } && greedy.hyphenRuns.allSatisfy { $0 <= 2 })
        #expect(greedy.hyphenRuns.contains { $0 >= 1 })
    }

    /// Justified `optimal` lines keep every word space under three times its natural width in each paragraph
    /// where some choice of breaks at spaces allows it (found here by trying every line each break allows,
    /// measured on its own); greedy breaking does not (so the test can fail).
    @Test func justifiedOptimalKeepsWordSpacesUnderThreeTimesWhereverBreaksAllowIt() throws {
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        func layout(_ text: String, width: Double, wrap: ParagraphStyle.TextWrap) throws -> (TextLayout, [UInt16]) {
            var style = ParagraphStyle()
            style.alignment = .justified
            style.textWrap = wrap
            let (layout, storage) = try LayoutFixtures.layout(
                text, attributes: TextAttributes(font: .font(font), language: "en-US", paragraphStyle: style),
                container: TextContainer(size: Size(width: width, height: 0)))
            return (layout, Array(storage.string.utf16))
        }
        // The widest space of each line but the last, in points.
        func widestSpaces(_ text: String, width: Double, wrap: ParagraphStyle.TextWrap) throws -> [Double] {
            let (layout, units) = try layout(text, width: width, wrap: wrap)
            return layout.lineFragments.dropLast().map { line in
                line.runs.flatMap(\.glyphRun.glyphs).filter {
                    let offset = line.paragraphStart + $0.cluster
                    return units[offset] == 0x20 && offset < line.characterRange.upperBound - 1
                }.map(\.advance).max() ?? 0
            }
        }
        let (spaced, _) = try layout("a b", width: 1_000, wrap: .auto)
        let naturalSpace = try #require(spaced.lineFragments.first?.runs.first?.glyphRun.glyphs.dropFirst().first)
            .advance
        #expect(naturalSpace > 3 && naturalSpace < 6)
        var checked = 0, greedyPassing = 0
        for width in [320.0, 400] {
            for text in Self.prose {
                let words = text.split(separator: " ").map(String.init)
                var widths: [Int: Double] = [:]
                func lineWidth(_ range: Range<Int>) throws -> Double {
                    let key = range.lowerBound * 1_000 + range.upperBound
                    if let known = widths[key] { return known }
                    let value = try layout(words[range].joined(separator: " "), width: 10_000, wrap: .auto).0
                        .lineFragments[0].usedRect.width
                    widths[key] = value
                    return value
                }
                // reachable[j]: the first j words can be set in lines that all fit with spaces at most 3x.
                var reachable = [true] + Array(repeating: false, count: words.count)
                for end in 1...words.count {
                    for start in stride(from: end - 1, through: 0, by: -1) where reachable[start] {
                        let natural = try lineWidth(start..<end)
                        if natural > width { break }
                        let gaps = end - start - 1
                        if end == words.count || (gaps > 0 && (width - natural) / Double(gaps) <= 2 * naturalSpace) {
                            reachable[end] = true
                            break
                        }
                    }
                }
                guard reachable[words.count] else { continue }
                checked += 1
                let optimal = try widestSpaces(text, width: width, wrap: .optimal).max() ?? 0
                #expect(optimal <= 3 * naturalSpace + 0.01, "\(width) pt: \(text.prefix(40))…: \(optimal) pt")
                if try widestSpaces(text, width: width, wrap: .auto).max() ?? 0 <= 3 * naturalSpace + 0.01 {
                    greedyPassing += 1
                }
            }
        }
        #expect(checked >= 4)
        #expect(greedyPassing < checked)
    }

    /// `optimal` seldom ends a paragraph in the tail of a hyphenated word or in a line shorter than a quarter of the
    /// width, where greedy breaking often does (16 paragraphs at 15 widths).
    @Test func optimalSeldomHyphenatesThePenultimateLineOrLeavesAShortLastLine() throws {
        func endings(_ wrap: ParagraphStyle.TextWrap) throws -> (hyphenated: Int, short: Int) {
            var result = (hyphenated: 0, short: 0)
            for width in stride(from: 180.0, through: 320, by: 10) {
                for text in Self.prose {
                    let (layout, units) = try Self.hyphenated(text, wrap: wrap, width: width)
                    let lines = layout.lineFragments
                    let end = lines[lines.count - 2].characterRange.upperBound
                    if [end - 1, end].allSatisfy({ Character(UnicodeScalar(units[$0])!).isLetter }) {
                        result.hyphenated += 1
                    }
                    if lines[lines.count - 1].usedRect.width < width / 4 { result.short += 1 }
                }
            }
            return result
        }
        let greedy = try endings(.auto), optimal = try endings(.optimal)
        #expect(optimal.hyphenated * 2 <= greedy.hyphenated, "optimal \(optimal), auto \(greedy)")
        #expect(optimal.short < greedy.short, "optimal \(optimal), auto \(greedy)")
    }

    /// Ragged `optimal` paragraphs end in one word no more often than `pretty` ones (which re-break to avoid it),
    /// and far less often than greedy ones: the 16 paragraphs at 15 widths, without hyphenation. (Justified lines
    /// can seldom give up a word without a very loose line, so there the orphan mostly stays.)
    @Test func optimalEndsRaggedParagraphsInOneWordNoMoreOftenThanPretty() throws {
        func orphans(_ wrap: ParagraphStyle.TextWrap) throws -> Int {
            var count = 0
            for width in stride(from: 180.0, through: 320, by: 10) {
                for text in Self.prose {
                    var style = ParagraphStyle()
                    style.textWrap = wrap
                    let (layout, storage) = try LayoutFixtures.layout(
                        text, attributes: TextAttributes(language: "en-US", paragraphStyle: style),
                        container: TextContainer(size: Size(width: width, height: 0)))
                    let last = try #require(LayoutFixtures.lines(layout, storage).last)
                    if !last.trimmingCharacters(in: .whitespaces).contains(" ") { count += 1 }
                }
            }
            return count
        }
        let greedy = try orphans(.auto), pretty = try orphans(.pretty), optimal = try orphans(.optimal)
        #expect(optimal <= pretty && optimal * 2 < greedy, "optimal \(optimal), pretty \(pretty), auto \(greedy)")
    }

    /// `optimal` keeps an em dash off the start of a line where any other break fits (UAX #14 allows the break
    /// before it; a line starting with a dash reads as a new speaker or a list).
    @Test func optimalStartsNoLineWithADash() throws {
        let text =
            "The garden was quiet at dawn—the birds had not yet begun—and the gardener walked its paths slowly, "
            + "counting the roses—twelve, thirteen, fourteen—before the frost could reach them—or so she hoped."
        var checked = 0
        for width in stride(from: 150.0, through: 330, by: 4) {
            var style = ParagraphStyle()
            style.textWrap = .optimal
            let (layout, storage) = try LayoutFixtures.layout(
                text, attributes: TextAttributes(language: "en-US", paragraphStyle: style),
                container: TextContainer(size: Size(width: width, height: 0)))
            let lines = LayoutFixtures.lines(layout, storage)
            #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix("—") }, "at \(width) pt: \(lines)")
            checked += 1
        }
        #expect(checked > 40)
    }

    @Test func theHyphenLimitIsKeptAndCanBeLifted() throws {
        // Hyphenating whenever a word does not fit, at 120 pt, hyphenates many lines in a row without a limit.
        let text = Self.prose.joined(separator: " ")
        func runs(limit: Int) throws -> [Int] {
            var style = ParagraphStyle()
            style.hyphenationFactor = 1
            style.maximumConsecutiveHyphenatedLines = limit
            let (layout, storage) = try LayoutFixtures.layout(
                text, attributes: TextAttributes(language: "en-US", paragraphStyle: style),
                container: TextContainer(size: Size(width: 120, height: 0)))
            let units = Array(storage.string.utf16)
            var result: [Int] = [], run = 0
            for fragment in layout.lineFragments {
                let end = fragment.characterRange.upperBound
                let inside =
                    end < units.count && Character(UnicodeScalar(units[end - 1])!).isLetter
                    && Character(UnicodeScalar(units[end])!).isLetter
                if inside { run += 1 } else if run > 0 { (result, run) = (result + [run], 0) }
            }
            return result
        }
        #expect(try runs(limit: 1).allSatisfy { $0 <= 1 })
        #expect(try runs(limit: 2).allSatisfy { $0 <= 2 })
        #expect(try runs(limit: 0).contains { $0 > 2 })
    }

    /// Balancing evens a paragraph's lines out and never adds one: over Chinese rows with English, code and
    /// punctuation at three widths, `balance` gives as many lines as greedy breaking (five even lines once scored
    /// below four uneven ones, and Chromium keeps four).
    @Test func balanceKeepsTheGreedyLineCount() throws {
        let rows = try ChromiumTextFundamentalsTests.rows("parity-chinese.rows.jsonl").compactMap(\.text)
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        var balanced = ParagraphStyle()
        balanced.textWrap = .balance
        balanced.lineHeightMetrics = .web
        var greedy = balanced
        greedy.textWrap = .auto
        for row in rows {
            for width in [137.0, 200, 320] {
                let lines = { (style: ParagraphStyle) in
                    try measurer.measure(
                        row, attributes: TextAttributes(font: .font(font), language: "zh-CN", paragraphStyle: style),
                        width: width
                    ).lineCount
                }
                #expect(try lines(balanced) == lines(greedy), "\(row) at \(width)")
            }
        }
    }

    @Test(arguments: [ParagraphStyle.TextWrap.optimal, .pretty, .balance, .auto])
    func textAroundAShapeStaysOutsideItAndLeavesSliversEmpty(_ wrap: ParagraphStyle.TextWrap) throws {
        let circle = BezierPath.circle(center: Point(x: 120, y: 110), radius: 80)
        let container = TextContainer(size: Size(width: 300, height: 0), exclusionPaths: [circle])
        var style = ParagraphStyle()
        style.textWrap = wrap
        style.alignment = .justified
        let text = Self.prose.prefix(3).joined(separator: "\n")
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let (layout, _) = try LayoutFixtures.layout(
            text, attributes: TextAttributes(font: .font(font), paragraphStyle: style), container: container)
        let tester = LayoutFixtures.PathTester(circle)
        let boxes = LayoutFixtures.glyphBoxes(layout)
        #expect(boxes.count > 300)
        for box in boxes { #expect(!tester.touches(box), "glyph box \(box) touches the circle") }
        // The default minimum segment is two ems of the 17 pt text: no fragment narrower than 34 pt holds text.
        for fragment in layout.lineFragments where !fragment.characterRange.isEmpty {
            #expect(fragment.rect.width >= 34 - 1e-6, "\(fragment.rect)")
        }
        // Left of the circle the free segments narrow to 40 pt; those under 34 pt hold nothing.
        #expect(!layout.lineFragments.contains { $0.rect.maxX < 34 - 1e-6 && !$0.characterRange.isEmpty })
    }

    @Test func aContainerMayFillEverySliver() throws {
        // A block leaves a 25 pt sliver at the container's left edge for its first 100 pt.
        let block = try BezierPath(svgPathData: "M 25 0 H 300 V 100 H 25 Z")
        let container = TextContainer(size: Size(width: 300, height: 0), exclusionPaths: [block])
        func slivers() throws -> Int {
            try LayoutFixtures.layout("a b c d e f g h i j k l m n o p", container: container).0.lineFragments.filter {
                $0.rect.maxX <= 25 && !$0.characterRange.isEmpty
            }.count
        }
        #expect(try slivers() == 0)
        container.minimumSegmentWidth = 0
        #expect(try slivers() > 0)
        container.minimumSegmentWidth = -1
        #expect(throws: LayoutError.invalidMinimumSegmentWidth(-1, width: 300)) {
            try LayoutFixtures.layout(Self.prose[0], container: container)
        }
    }
}

/// `optimal` weighs a number of lines that grows linearly with the paragraph, also when the limit on consecutive
/// hyphens leaves most breaks unusable (a word of soft-hyphenated syllables: every break a hyphen; the search
/// used to keep every start whose state could not continue, looking back over all of them at every end).
@Suite struct OptimalBreakingCostTests {
    static func weighed(syllables: Int, limit: Int) throws -> (lines: Int, weighed: Int) {
        let text = String(repeating: "ab\u{AD}", count: syllables)
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let shaped = try TestFonts.shape(text, attributes: TextAttributes(font: .font(font)))
        var breaker = try LineBreaker(shaped)
        let strategy = ParagraphBreaker(
            strategy: .optimal, fontSize: 17, isJustified: false, hyphenationLineLimit: limit, firstWidth: 100)
        var weighed = 0
        let lines = strategy.lines(&breaker, from: 0, width: { _ in 100 }, weighed: &weighed)
        return (lines?.count ?? 0, weighed)
    }

    @Test(arguments: [0, 2]) func theSearchGrowsLinearlyWithTheParagraph(limit: Int) throws {
        let small = try Self.weighed(syllables: 1_000, limit: limit)
        let large = try Self.weighed(syllables: 4_000, limit: limit)
        #expect(small.weighed > 0)
        // Four times the text: about four times the lines weighed (quadratic was sixteen).
        #expect(Double(large.weighed) < 5 * Double(small.weighed), "\(small) \(large)")
    }
}

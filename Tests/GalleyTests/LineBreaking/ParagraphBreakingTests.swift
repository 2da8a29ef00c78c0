import Foundation
import Testing

@testable import Galley
@testable import GalleyTestSupport

/// Paragraphs broken as a whole (``ParagraphStyle/textWrap``): the optimal strategy against greedy breaking on
/// English prose, the limit on consecutive hyphens, text around a shape, and bad settings.
@Suite struct ParagraphBreakingTests {
    /// English prose written for this test: paragraphs of 60 to 140 words.
    static let prose: [String] = {
        let sentences = [
            "Typography matters more than most people think, and a good paragraph reads itself while a bad one stumbles over every ragged edge.",
            "The eye returns to the left margin after each line and looks for the next word; a loose line leaves it a river of white to cross.",
            "Knuth and Plass described how to break a whole paragraph at once, by measuring how loose every line would be and adding the costs.",
            "Engines that measure text on a server must agree with the browser to the pixel, or rows jump on screen when they are drawn.",
            "Hyphenation helps narrow columns, but a column where every other line ends in a hyphen looks nervous and tires the reader.",
            "Remember to water the plants before leaving for the weekend, and send everyone the photographs from the mountain trip.",
            "Designers balance headlines so that no single word hangs alone at the end, and browsers now offer the same with one rule.",
        ]
        return (0..<12).map { index in
            (0..<(3 + index % 4)).map { sentences[(index + $0 * 3) % sentences.count] }.joined(separator: " ")
        }
    }()

    struct Lines {
        var slack: [Double] = []
        var hyphenRuns: [Int] = []
        var count = 0
    }

    /// The lines of `text` laid out `width` points wide with `wrap`: each non-final line's slack, the lengths of
    /// runs of lines ending inside a word, the line count.
    static func lines(_ text: String, wrap: ParagraphStyle.TextWrap, width: Double) throws -> Lines {
        var style = ParagraphStyle()
        style.hyphenationFactor = 1
        style.textWrap = wrap
        let (layout, storage) = try LayoutFixtures.layout(
            text, attributes: TextAttributes(language: "en-US", paragraphStyle: style),
            container: TextContainer(size: Size(width: width, height: 0)))
        let units = Array(storage.string.utf16)
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

    @Test func optimalBreakingLeavesLessSlackThanGreedyWithTheSameLinesAndFewHyphensInARow() throws {
        var greedy = Lines(), optimal = Lines()
        for text in Self.prose {
            let auto = try Self.lines(text, wrap: .auto, width: 220)
            let best = try Self.lines(text, wrap: .optimal, width: 220)
            greedy.slack += auto.slack
            optimal.slack += best.slack
            greedy.count += auto.count
            optimal.count += best.count
            greedy.hyphenRuns += auto.hyphenRuns
            optimal.hyphenRuns += best.hyphenRuns
        }
        func meanSquare(_ values: [Double]) -> Double { values.reduce(0) { $0 + $1 * $1 } / Double(values.count) }
        let greedySlack = meanSquare(greedy.slack), optimalSlack = meanSquare(optimal.slack)
        #expect(optimalSlack < greedySlack * 0.95, "mean squared slack: optimal \(optimalSlack), auto \(greedySlack)")
        #expect(abs(Double(optimal.count - greedy.count)) <= 0.02 * Double(greedy.count))
        // At most two hyphenated lines in a row, by default, in both modes.
        #expect(optimal.hyphenRuns.allSatisfy { $0 <= 2 } && greedy.hyphenRuns.allSatisfy { $0 <= 2 })
        #expect(greedy.hyphenRuns.contains { $0 >= 1 })
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

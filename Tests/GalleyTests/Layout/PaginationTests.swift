import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Text flowing from container to container (pages, columns) keeps a paragraph's orphans and widows, and a heading
/// with the paragraph after it, as CSS Fragmentation and word processors do.
@Suite struct PaginationTests {
    // MARK: The rule

    @Test(
        arguments: [
            // Container of each band, whether the paragraph starts its container, orphans, widows → break before.
            ([0, 0, 0, 1, 1], false, 2, 2, nil),
            ([0, 1, 1, 1], false, 2, 2, 0),  // one orphan: the paragraph moves on
            ([0, 1, 1, 1], true, 2, 2, nil),  // nothing to gain at a container's top
            ([0, 0, 0, 1], false, 2, 2, 2),  // one widow: a line follows it
            ([0, 0, 1], false, 2, 2, 0),  // a widow the orphans cannot spare: the paragraph moves on
            ([0, 0, 1], true, 2, 2, nil),
            ([0, 0, 0, 0, 1, 2], false, 2, 2, nil),  // longer than a container: its later splits stay
            ([0, 1, 1], false, 1, 1, nil),  // 1 leaves lines where they fall
            ([0, 0, 0, 0, 1], false, 2, 3, 2),  // three widows
            ([0, 0, 0], false, 2, 2, nil),  // no split
        ] as [([Int], Bool, Int, Int, Int?)])
    func theRuleBreaksWhereNeitherSideKeepsTooFewLines(
        _ containers: [Int], _ startsContainer: Bool, _ orphans: Int, _ widows: Int, _ expected: Int?
    ) {
        #expect(
            FragmentationRules.breakBefore(
                bandContainers: containers, startsContainer: startsContainer, orphans: orphans, widows: widows)
                == expected)
    }

    // MARK: In layout

    /// Body text is 22 points a line: containers of `lines` lines each, `count` of them.
    private func layout(_ paragraphs: [(lines: Int, headerLevel: Int)], containerLines: Int, rules: Int = 2) throws
        -> (layout: TextLayout, manager: LayoutManager)
    {
        let storage = TextStorage()
        for (index, paragraph) in paragraphs.enumerated() {
            var style = ParagraphStyle()
            (style.headerLevel, style.orphans, style.widows) = (paragraph.headerLevel, rules, rules)
            let lines = (1...paragraph.lines).map { "p\(index) line \($0)" }.joined(separator: "\u{2028}")
            storage.append(
                (index > 0 ? "\n" : "") + lines,
                attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        }
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        for _ in 0..<4 { manager.addTextContainer(TextContainer(width: 300, height: 22 * Double(containerLines))) }
        return (try manager.layout(), manager)
    }

    /// The paragraphs each container shows, a paragraph once per line.
    private func containers(_ layout: TextLayout) -> [[Int]] {
        let count = (layout.lineFragments.map(\.containerIndex).max() ?? -1) + 1
        return (0..<count).map { index in
            layout.lineFragments.filter { $0.containerIndex == index }.map(\.paragraphIndex)
        }
    }

    @Test func aParagraphThatWouldLeaveOneLineBehindMovesOnWhole() throws {
        #expect(containers(try layout([(2, 0), (3, 0)], containerLines: 3).layout) == [[0, 0], [1, 1, 1]])
        // Orphans of 1 leave the line where it fell.
        #expect(containers(try layout([(2, 0), (3, 0)], containerLines: 3, rules: 1).layout) == [[0, 0, 1], [1, 1]])
    }

    @Test func aLastLineAloneTakesALineWithItFromTheContainerBefore() throws {
        #expect(containers(try layout([(1, 0), (4, 0)], containerLines: 4).layout) == [[0, 1, 1], [1, 1]])
        #expect(
            containers(try layout([(1, 0), (4, 0)], containerLines: 4, rules: 1).layout) == [[0, 1, 1, 1], [1]])
    }

    @Test func aHeadingStartsTheContainerOfTheParagraphAfterIt() throws {
        let placed = try layout([(2, 0), (1, 1), (2, 0)], containerLines: 3)
        #expect(containers(placed.layout) == [[0, 0], [1, 2, 2]])
        // Handed over line by line, the heading waits for its paragraph and moves with it all the same.
        var enumerated: [LineFragment] = []
        try placed.manager.enumerateLineFragments { enumerated.append($0) }
        #expect(enumerated.map(\.containerIndex) == placed.layout.lineFragments.map(\.containerIndex))
        #expect(enumerated.map(\.characterRange) == placed.layout.lineFragments.map(\.characterRange))
    }

    @Test func aHeadingAtAContainersTopOrNotAHeadingStaysPut() throws {
        // Not a heading: the one-line paragraph ends the first container.
        #expect(containers(try layout([(2, 0), (1, 0), (2, 0)], containerLines: 3).layout) == [[0, 0, 1], [2, 2]])
        // A heading that fits with its paragraph stays.
        #expect(containers(try layout([(1, 0), (1, 1), (2, 0)], containerLines: 4).layout) == [[0, 1, 2, 2]])
    }

    @Test func oneContainerIsLaidOutAsBefore() throws {
        let storage = TextStorage(LayoutFixtures.english, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 150, height: 66))
        #expect(try manager.layout().lineCount(inContainer: 0) == 3)
    }
}

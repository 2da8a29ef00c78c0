import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Carets, hit-testing, selections, ranges and movement an editor can trust: grapheme boundaries only, affinity at
/// wrapped lines, the nearest line for points between lines, split carets in bidirectional text.
@Suite struct EditingGeometryTests {
    static func manager(
        _ text: String, width: Double = 300, size: Double = 17, style: ParagraphStyle? = nil,
        exclusions: [BezierPath] = [], library: FontLibrary? = nil
    ) throws -> LayoutManager {
        let library = try library ?? TestFonts.system
        let font = try library.font(family: "Inter", size: size)
        let storage = TextStorage(text, attributes: TextAttributes(font: .font(font), paragraphStyle: style))
        let manager = LayoutManager(textStorage: storage, fontLibrary: library)
        let container = TextContainer(width: width)
        container.exclusionPaths = exclusions
        manager.addTextContainer(container)
        return manager
    }

    /// Swift's grapheme boundaries of `text`, as UTF-16 offsets.
    static func graphemeBoundaries(_ text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.insert(offset)
        }
        return offsets
    }

    /// Every position hit-testing gives along the first line, sweeping x in small steps.
    private func sweep(_ manager: LayoutManager) throws -> Set<Int> {
        let line = try #require(try manager.layout().lineFragments.first)
        var offsets: Set<Int> = []
        var x = line.rect.minX - 5
        while x < line.rect.maxX + 5 {
            offsets.insert(try manager.position(at: Point(x: x, y: line.rect.midY)).offset)
            x += 0.25
        }
        return offsets
    }

    @Test(arguments: ["a😀b", "x👨‍👩‍👧‍👦y", "ce\u{301}d", "a🇨🇳🇺🇸b", "नमस्ते", "1️⃣2👍🏽3"])
    func hitTestingAndCaretsStayOnGraphemeBoundaries(_ text: String) throws {
        let manager = try Self.manager(text)
        let boundaries = Self.graphemeBoundaries(text)
        let hits = try sweep(manager)
        #expect(hits.isSubset(of: boundaries), "\(hits.sorted()) vs \(boundaries.sorted())")
        #expect(hits == boundaries, "every boundary is reachable")
        // A layout alone answers as its manager does: the same grapheme boundaries, from its own characters.
        let layout = try manager.layout()
        let line = layout.lineFragments[0]
        var x = line.rect.minX - 5
        while x < line.rect.maxX + 5 {
            let point = Point(x: x, y: line.rect.midY)
            #expect(layout.characterIndex(at: point) == (try manager.position(at: point)).offset, "\(x) in \(text)")
            x += 0.5
        }
        for offset in boundaries.sorted() {
            let caret = try #require(try manager.caret(at: TextPosition(offset)))
            #expect(layout.caret(at: TextPosition(offset))?.rect.midX == caret.rect.midX, "\(offset) in \(text)")
        }
    }

    @Test func aLigatureDividesItsAdvanceAmongItsGraphemes() throws {
        // Inter joins "->" into one arrow glyph: the caret can still stand between "-" and ">", halfway.
        let manager = try Self.manager("a->b")
        let arrow = try #require(
            try manager.layout().lineFragments[0].runs[0].glyphRun.glyphs.first { $0.cluster == 1 })
        let start = try #require(try manager.caret(at: TextPosition(1))).rect.midX
        let middle = try #require(try manager.caret(at: TextPosition(2))).rect.midX
        #expect(abs(middle - start - arrow.advance / 2.0) < 1e-9)
        #expect(try sweep(manager).contains(2))
    }

    @Test func aPointInParagraphSpacingGoesToTheNearestLine() throws {
        var style = ParagraphStyle()
        style.paragraphSpacing = 30
        let manager = try Self.manager("First paragraph\nSecond paragraph\nThird", style: style)
        let lines = try manager.layout().lineFragments
        try #require(lines.count == 3)
        let gapTop = lines[0].rect.maxY
        // Just under the first paragraph: its line; just above the second: the second's.
        #expect(try manager.position(at: Point(x: 50, y: gapTop + 5)).offset <= 15)
        let second = try manager.position(at: Point(x: 50, y: lines[1].rect.minY - 5)).offset
        #expect((16...32).contains(second))
        // Left of the text (x = -2) stays on the line at that height.
        #expect(try manager.position(at: Point(x: -2, y: lines[1].rect.midY)).offset == 16)
        #expect(try manager.position(at: Point(x: 50, y: -100)).offset <= 15)
        #expect(try manager.position(at: Point(x: 50, y: 10_000)).offset >= 33)
    }

    @Test func theEndOfAWrappedLineAndTheStartOfTheNextAreDistinct() throws {
        let manager = try Self.manager("The quick brown fox jumps over the lazy dog and keeps running", width: 200)
        let lines = try manager.layout().lineFragments
        try #require(lines.count >= 2)
        let hit = try manager.position(at: Point(x: 199, y: lines[0].rect.midY))
        #expect(hit == TextPosition(lines[1].characterRange.lowerBound, affinity: .upstream))
        let end = try #require(try manager.caret(at: hit))
        let start = try #require(try manager.caret(at: TextPosition(hit.offset, affinity: .downstream)))
        #expect(end.rect.minY == lines[0].rect.minY && end.rect.midX > 150)
        #expect(start.rect.minY == lines[1].rect.minY && abs(start.rect.midX - lines[1].usedRect.minX) < 1e-9)
        #expect(try manager.lineRange(for: hit) == lines[0].characterRange)
        #expect(try manager.position(hit, moved: .lineStart).position.offset == 0)
    }

    @Test func bidiBoundariesHaveTwoCaretsAndSelectionsSplitVisually() throws {
        let text = "abc שלום def"
        let manager = try Self.manager(text)
        // Between "abc " and the Hebrew word the logical offset 4 has two places on screen.
        let boundary = try #require(try manager.caret(at: TextPosition(8)))
        #expect(boundary.secondaryRect != nil)
        // A logical range from inside the English into the Hebrew is two rectangles on screen.
        let rects = try manager.selectionRects(for: 2..<6)
        #expect(rects.count == 2)
        // Moving right then left comes back.
        var position = TextPosition(1)
        for _ in 0..<9 {
            let right = try manager.position(position, moved: .right).position
            let back = try manager.position(right, moved: .left).position
            #expect(back.offset == position.offset, "\(position) → \(right) → \(back)")
            position = right
        }
    }

    @Test func wordLineAndParagraphRanges() throws {
        let text = "Hello, world! 我们喜欢中文排版 see https://example.com/path\nNext line"
        let manager = try Self.manager(text, width: 1000)
        #expect(try manager.wordRange(at: 2) == 0..<5)
        #expect(try manager.wordRange(at: 5) == 5..<6)  // the comma
        let chinese = try manager.wordRange(at: 15)
        #expect(chinese.count >= 1 && chinese.count < 8)  // a dictionary word, not the whole run
        let url = text.utf16Offset(of: text.range(of: "example")!.lowerBound)
        #expect(try manager.wordRange(at: url + 2).count == "example.com".utf16.count)  // UAX #29 keeps "a.b"
        let paragraph = manager.paragraphRange(at: 3)
        #expect(paragraph == 0..<(text.utf16Offset(of: text.range(of: "\n")!.upperBound)))
        #expect(manager.paragraphRange(at: text.utf16.count).upperBound == text.utf16.count)
    }

    @Test func movementByGraphemeWordLineAndParagraph() throws {
        let text = "a😀b e\u{301} word\nsecond line"
        let manager = try Self.manager(text, width: 1000)
        var offsets: [Int] = [0]
        var position = TextPosition(0)
        while position.offset < text.utf16.count {
            position = try manager.position(position, moved: .forward).position
            offsets.append(position.offset)
        }
        #expect(offsets == Array(Self.graphemeBoundaries(text)).sorted())
        while position.offset > 0 {
            let previous = try manager.position(position, moved: .backward).position
            #expect(previous.offset < position.offset)
            position = previous
        }
        #expect(try manager.position(TextPosition(0), moved: .wordForward).position.offset == 1)
        #expect(try manager.position(TextPosition(9), moved: .wordBackward).position.offset == 8)
        #expect(try manager.position(TextPosition(3), moved: .paragraphEnd).position.offset == 12)
        #expect(try manager.position(TextPosition(16), moved: .paragraphStart).position.offset == 13)
        #expect(try manager.position(TextPosition(16), moved: .lineEnd).position.offset == text.utf16.count)
    }

    @Test func upAndDownKeepTheGoalXOverAShortLine() throws {
        let manager = try Self.manager(
            "A long first line of text here\nShort\nAnother long line of text here", width: 1000)
        let start = TextPosition(20)
        let goal = try #require(try manager.caret(at: start)).rect.midX
        let (down, goalX) = try manager.position(start, moved: .down)
        #expect(down.offset == 36)  // the end of "Short"
        let (further, _) = try manager.position(down, moved: .down, goalX: goalX)
        let landed = try #require(try manager.caret(at: further)).rect.midX
        #expect(abs(landed - goal) < 6)  // back in the goal column, not at the short line's end
        let (up, _) = try manager.position(TextPosition(0), moved: .up)
        #expect(up.offset == 0)
    }

    @Test func badInputIsClampedOrRefused() throws {
        let manager = try Self.manager("text")
        #expect(throws: LayoutError.self) { try manager.position(at: Point(x: .nan, y: 1)) }
        #expect(throws: LayoutError.self) { try manager.position(at: Point(x: 1, y: .infinity)) }
        #expect(try manager.caret(at: TextPosition(99)) == manager.caret(at: TextPosition(4)))
        #expect(try manager.selectionRects(for: -5..<99).count == 1)
        let empty = try Self.manager("")
        #expect(try empty.position(at: Point(x: 10, y: 10)) == TextPosition(0))
        #expect(try empty.caret(at: TextPosition(0)) != nil)
        #expect(try empty.position(TextPosition(0), moved: .right).position.offset == 0)
        #expect(try empty.wordRange(at: 0) == 0..<0)
    }

    /// A layout alone and its layout manager hit-test and place carets with one geometry: where every glyph
    /// cluster is one grapheme (no ligature to divide), `TextLayout.characterIndex(at:)` and `caret(at:)` give
    /// what `LayoutManager.position(at:)` and `caret(at:)` give, across lines, bidi runs and an exclusion.
    @Test func aLayoutAloneHitTestsAsItsManagerDoes() throws {
        let text =
            "Layout of 中文排版 and שלום עולם with numbers 12345, wrapped around a circle, twice over: "
            + "Layout of 中文排版 and שלום עולם with numbers 12345."
        let manager = try Self.manager(
            text, width: 240, exclusions: [BezierPath.circle(center: Point(x: 120, y: 40), radius: 24)])
        let layout = try manager.layout()
        var checked = 0
        for line in layout.lineFragments {
            for step in 0...40 {
                let point = Point(
                    x: line.rect.minX - 10 + Double(step) * (line.rect.width + 20) / 40, y: line.rect.midY)
                #expect(layout.characterIndex(at: point) == (try manager.position(at: point)).offset, "\(point)")
                checked += 1
            }
        }
        for index in 0...manager.textStorage.length {
            guard let alone = layout.caret(at: TextPosition(index))?.rect,
                let caret = try manager.caret(at: TextPosition(index))
            else { continue }
            #expect(abs(alone.minX - caret.rect.minX) < 1e-9 && alone.minY == caret.rect.minY, "caret at \(index)")
        }
        #expect(checked > 200)
    }
}

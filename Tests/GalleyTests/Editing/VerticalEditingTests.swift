import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Editing geometry in vertical text, in container coordinates: every hit is a grapheme boundary, every caret lies
/// across its column and clicking it gives it back, the arrows move as they point (down the column, across the
/// columns), and a selection covers its characters' ems down the columns.
@Suite struct VerticalEditingTests {
    static let pieces = [
        "中文", "排版，", "。", "「引号」", "——", "Galley ", "Swift", "12", "👍🏽", "e\u{301}", "かな", "한글", " ",
        "（括号）", "……",
    ]

    static func manager(_ text: String, mode: WritingMode, width: Double, height: Double) throws -> LayoutManager {
        let library = try TestFonts.system
        var style = ParagraphStyle()
        style.writingMode = mode
        let storage = TextStorage(
            text,
            attributes: TextAttributes(
                font: .font(try library.font(family: "Inter", size: 17)), language: "zh-Hans", paragraphStyle: style))
        let manager = LayoutManager(textStorage: storage, fontLibrary: library)
        manager.addTextContainer(TextContainer(width: width, height: height))
        return manager
    }

    @Test(arguments: 0..<16)
    func everyAnswerIsAGraphemeBoundaryAndCaretsRoundTrip(_ seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15)
        let text = (0..<Int.random(in: 4...30, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }
            .joined()
        let mode: WritingMode = seed % 2 == 0 ? .verticalRL : .verticalLR
        let (width, height) = (400.0, Double(Int.random(in: 90...300, using: &random)))
        let manager = try Self.manager(text, mode: mode, width: width, height: height)
        let boundaries = EditingGeometryTests.graphemeBoundaries(text)
        let layout = try manager.layout()
        try #require(layout.writingMode == mode && !layout.lineFragments.isEmpty)
        let frame = layout.writingFrame()

        // Carets lie across the column: as wide as it, a point tall, inside the container.
        try EditingPropertyTests.expectHitsAndCaretsOnBoundaries(
            manager, text: text, boundaries: boundaries, area: (-20...(width + 20), -20...(height + 20)),
            random: &random,
            check: { caret in
                #expect(caret.rect.width > 10 * caret.rect.height, "\(caret.rect)")
                #expect(caret.rect.minX >= -1e-6 && caret.rect.maxX <= width + 1e-6, "\(caret.rect) in \(width)")
            }
        ) { caret, back in abs(back.midY - caret.midY) < 1e-6 && back.minX == caret.minX }

        // Down the column goes forward in the text, and up comes back, away from the columns' ends.
        for fragment in layout.lineFragments {
            let stops = manager.line(fragment).visualStops.dropFirst().dropLast()
            for stop in stops {
                let down = try manager.position(stop, moved: .down).position
                #expect(down.offset > stop.offset, "down from \(stop): \(down) in \(text.debugDescription)")
                let up = try manager.position(down, moved: .up).position
                #expect(up.offset == stop.offset, "\(stop) → \(down) → \(up) in \(text.debugDescription)")
            }
        }

        // Selecting everything covers the middle of every glyph's em down its column.
        let rects = try manager.selectionRects(for: 0..<text.utf16.count).map(\.rect)
        for fragment in layout.lineFragments {
            for run in fragment.runs {
                for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) where glyph.advance > 0 {
                    let middle = frame.containerPoint(Point(x: x + glyph.advance / 2, y: fragment.rect.midY))
                    #expect(
                        rects.contains {
                            Rect(x: $0.minX - 1e-6, y: $0.minY - 1e-6, width: $0.width + 2e-6, height: $0.height + 2e-6)
                                .contains(middle)
                        },
                        "\(middle) unselected in \(text.debugDescription)")
                }
            }
        }
    }

    /// A layout answers the editor's questions as its manager does, without throwing, in horizontal and vertical
    /// text: the same positions for random points, the same carets and selections; nil for a point that is not
    /// finite.
    @Test(arguments: [WritingMode.horizontalTB, .verticalRL, .verticalLR])
    func aLayoutAnswersAsItsManager(mode: WritingMode) throws {
        var random = SeededGenerator(state: 0x5EED)
        let text = (0..<40).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
        let manager = try Self.manager(text, mode: mode, width: 300, height: 200)
        let layout = try manager.layout()
        for _ in 0..<200 {
            let point = Point(
                x: Double.random(in: -20...320, using: &random), y: Double.random(in: -20...220, using: &random))
            #expect(layout.position(at: point) == (try manager.position(at: point)), "\(point)")
            #expect(layout.characterIndex(at: point) == (try manager.position(at: point)).offset, "\(point)")
        }
        for offset in EditingGeometryTests.graphemeBoundaries(text).sorted() {
            for affinity in TextAffinity.allCases {
                let position = TextPosition(offset, affinity: affinity)
                #expect(layout.caret(at: position) == (try manager.caret(at: position)), "\(position)")
            }
        }
        let range = 3..<(text.utf16.count - 2)
        #expect(layout.selectionRects(for: range).map(\.rect) == (try manager.selectionRects(for: range)).map(\.rect))
        #expect(layout.position(at: Point(x: .nan, y: 1)) == nil)
    }

    /// Left and right go from column to column as they point: in vertical-rl left is the next column.
    @Test func leftAndRightCrossTheColumns() throws {
        let text = "一二三四五六七八九十"
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let manager = try Self.manager(text, mode: mode, width: 200, height: 90)
            let next: CaretMovement = mode == .verticalRL ? .left : .right
            let (moved, goal) = try manager.position(TextPosition(1), moved: next)
            #expect(moved.offset == 6, "\(mode): \(moved)")
            let back = try manager.position(moved, moved: next == .left ? .right : .left, goalX: goal).position
            #expect(back.offset == 1, "\(mode): \(back)")
        }
    }
}

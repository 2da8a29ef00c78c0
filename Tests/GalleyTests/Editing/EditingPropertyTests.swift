import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Editing geometry over random texts mixing emoji sequences, flags, skin tones, keycaps, combining marks,
/// Devanagari, Thai, Arabic, Hebrew, CJK and Latin, at random widths, with and without an exclusion path.
@Suite struct EditingPropertyTests {
    static let pieces = [
        "hello ", "world", "👨‍👩‍👧‍👦", "🇨🇳", "🇯🇵", "👍🏽", "1️⃣", "e\u{301}", "a\u{308}\u{301}", "नमस्ते ", "क्षि", "ภาษาไทย ",
        "مرحبا ", "بالعالم", "שלום ", "עולם", "中文", "排版，", "。", " ", "  ", "ffi", "->", "x", "Typography ",
    ]

    static func randomText(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...24, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// Hit-testing 60 random points of `area` (container coordinates, inside and around the text) gives grapheme
    /// `boundaries`; every boundary's caret (each affinity), clicked in its middle, gives a caret `samePlace` as it,
    /// and every movement from it lands on a boundary; `check` sees each caret first.
    static func expectHitsAndCaretsOnBoundaries(
        _ manager: LayoutManager, text: String, boundaries: Set<Int>,
        area: (x: ClosedRange<Double>, y: ClosedRange<Double>), random: inout SeededGenerator,
        check: (Caret) -> Void = { _ in }, samePlace: (Rect, Rect) -> Bool
    ) throws {
        for _ in 0..<60 {
            let point = Point(
                x: Double.random(in: area.x, using: &random), y: Double.random(in: area.y, using: &random))
            let hit = try manager.position(at: point)
            #expect(boundaries.contains(hit.offset), "\(hit) in \(text.debugDescription)")
        }
        for offset in boundaries.sorted() {
            for affinity in TextAffinity.allCases {
                let position = TextPosition(offset, affinity: affinity)
                guard let caret = try manager.caret(at: position) else { continue }
                check(caret)
                let hit = try manager.position(
                    at: Point(x: caret.rect.midX, y: caret.rect.midY), inContainer: caret.containerIndex)
                let back = try #require(try manager.caret(at: hit))
                #expect(samePlace(caret.rect, back.rect), "\(position) → \(hit) in \(text.debugDescription)")
                for movement in CaretMovement.allCases {
                    let moved = try manager.position(position, moved: movement).position
                    #expect(boundaries.contains(moved.offset), "\(movement) from \(position): \(moved)")
                }
            }
        }
    }

    @Test(arguments: 0..<24)
    func everyAnswerIsAGraphemeBoundaryAndCaretsRoundTrip(_ seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed + 1) &* 0x9E37_79B9_7F4A_7C15)
        let text = Self.randomText(&random)
        let width = Double(Int.random(in: 80...400, using: &random))
        let exclusions =
            seed % 3 == 0 ? [BezierPath.circle(center: Point(x: width / 2, y: 30), radius: 24)] : []
        let manager = try EditingGeometryTests.manager(text, width: width, exclusions: exclusions)
        let boundaries = EditingGeometryTests.graphemeBoundaries(text)
        let layout = try manager.layout()
        let used = layout.usedRect(inContainer: 0)

        try Self.expectHitsAndCaretsOnBoundaries(
            manager, text: text, boundaries: boundaries, area: (-20...(width + 20), -20...(used.maxY + 20)),
            random: &random
        ) { caret, back in abs(back.midX - caret.midX) < 1e-6 && back.minY == caret.minY }

        for fragment in layout.lineFragments {
            let line = manager.line(fragment)
            // Carets are monotone in visual order.
            let xs = line.visualStops.map { line.caretX($0).primary }
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 <= $1 + 1e-6 }, "\(xs) in \(text.debugDescription)")
            // Right then left comes back, away from the line's edges.
            for stop in line.visualStops.dropFirst().dropLast() {
                let right = try manager.position(stop, moved: .right).position
                let back = try manager.position(right, moved: .left).position
                #expect(back.offset == stop.offset, "\(stop) → \(right) → \(back) in \(text.debugDescription)")
            }
        }

        // Selecting everything covers every glyph's advance and stays on the lines' text.
        let rects = try manager.selectionRects(for: 0..<text.utf16.count)
        for fragment in layout.lineFragments {
            for run in fragment.runs {
                for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) where glyph.advance > 0 {
                    let middle = x + glyph.advance / 2
                    #expect(
                        rects.contains {
                            $0.rect.minX - 1e-6 <= middle && middle <= $0.rect.maxX + 1e-6
                                && $0.rect.minY == fragment.rect.minY
                        }, "glyph at \(x) in \(text.debugDescription)")
                }
            }
            // Inside the line: its used rect, widened by the white space that hangs past it at a wrap.
            for rect in rects where rect.rect.minY == fragment.rect.minY {
                let inside = layout.lineFragments.contains { line in
                    let advances = line.runs.flatMap { run in
                        zip(run.glyphRun.glyphs, run.glyphPositions).map { ($1, $1 + $0.advance) }
                    }
                    let low = min(line.usedRect.minX, advances.map(\.0).min() ?? .infinity)
                    let high = max(line.usedRect.maxX, advances.map(\.1).max() ?? -.infinity)
                    return line.rect.minY == fragment.rect.minY && rect.rect.minX >= low - 1e-6
                        && rect.rect.maxX <= high + 1e-6
                }
                #expect(inside, "\(rect.rect) outside its line in \(text.debugDescription)")
            }
        }
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Unicode 15.1 grapheme clusters (Devanagari conjuncts such as क्ष and स्ते are one cluster, GB9c) as Swift's
/// `Character` segments them, where Debian's ICU 72 still splits them: line edges, hit-testing, caret movement and
/// word selection land on Swift's boundaries only, at widths narrow enough to cut words.
@Suite struct GraphemeSegmentationTests {
    static let pieces = [
        "क्ष", "स्ते", "नमस्ते", "क्षत्रिय", "द्व", "ज्ञ", "श्र", "हिन्दी ", "मैं ", "English ", "中文", "，", " ", "x",
    ]

    @Test(arguments: 0..<12)
    func everyOffsetIsASwiftCharacterBoundary(_ seed: Int) throws {
        var random = SeededGenerator(state: UInt64(seed + 7) &* 0x9E37_79B9_7F4A_7C15)
        let text = (0..<Int.random(in: 8...30, using: &random)).map { _ in
            Self.pieces.randomElement(using: &random)!
        }.joined()
        let boundaries = EditingGeometryTests.graphemeBoundaries(text)
        for width in [12.0, 19, 31, 47, 90] {
            var style = ParagraphStyle()
            style.lineBreakMode = seed % 2 == 0 ? .wordWrap : .charWrap
            let manager = try EditingGeometryTests.manager(text, width: width, style: style)
            let layout = try manager.layout()
            for fragment in layout.lineFragments {
                #expect(boundaries.contains(fragment.characterRange.lowerBound), "line at \(width) in \(text)")
            }
            let used = layout.usedRect(inContainer: 0)
            for step in 0..<80 {
                let point = Point(
                    x: Double(step % 10) * (width + 8) / 10 - 4, y: Double(step / 10) * (used.maxY + 8) / 8 - 4)
                let hit = try manager.position(at: point)
                #expect(boundaries.contains(hit.offset), "position(at: \(point)) = \(hit) in \(text)")
                let index = layout.characterIndex(at: point)
                #expect(boundaries.contains(index), "characterIndex(at: \(point)) = \(index) in \(text)")
            }
            for offset in boundaries {
                for movement in CaretMovement.allCases {
                    let moved = try manager.position(TextPosition(offset, affinity: .downstream), moved: movement)
                    #expect(boundaries.contains(moved.position.offset), "\(movement) from \(offset) in \(text)")
                }
                let word = try manager.wordRange(at: offset)
                #expect(boundaries.contains(word.lowerBound) && boundaries.contains(word.upperBound), "word \(word)")
            }
        }
    }
}

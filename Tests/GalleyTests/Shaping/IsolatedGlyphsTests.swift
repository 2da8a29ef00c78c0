import Testing

@testable import Galley
@testable import GalleyTestSupport

/// The shaper's table of characters shaped alone gives back exactly what was stored, packed as it is.
@Suite struct IsolatedGlyphsTests {
    static func glyph(_ id: UInt32, advance: Double, x: Double = 0, y: Double = 0, unsafe: Bool = false)
        -> Shaper.IsolatedGlyph
    {
        Shaper.IsolatedGlyph(
            glyph: ShapedGlyph(
                glyphID: id, cluster: 0, advance: advance, xOffset: x, yOffset: y, isUnsafeToBreak: unsafe),
            interacts: unsafe)
    }

    static func same(_ found: Shaper.IsolatedGlyph??, _ stored: Shaper.IsolatedGlyph?) -> Bool {
        guard case .some(let answer) = found else { return false }
        guard let answer, let stored else { return answer == nil && stored == nil }
        return answer.glyph == stored.glyph && answer.interacts == stored.interacts
    }

    @Test func storedAnswersComeBackExactly() {
        var table = Shaper.IsolatedGlyphs()
        let stored: [(UInt32, Int, Shaper.IsolatedGlyph?)] = [
            (0x4E2D, 1, Self.glyph(1_234, advance: 17)), (0x3002, 1, Self.glyph(65_535, advance: 8.5, x: -4.25)),
            (0xFF0C, 2, Self.glyph(7, advance: 17, y: 0.125, unsafe: true)), (0x20, 1, nil),
            (0x4E2D, 2, Self.glyph(99, advance: 16.5)),
        ]
        for (scalar, context, glyph) in stored { table.store(glyph, for: scalar, context: context) }
        for (scalar, context, glyph) in stored {
            #expect(Self.same(table.glyph(scalar, context: context), glyph), "U+\(scalar) in context \(context)")
        }
        #expect(table.glyph(0x4E2E, context: 1) == nil)
    }

    /// Past 65,535 distinct advances and offsets the table starts over, and still answers what it last stored.
    @Test func manyPlacementsStartTheTableOver() {
        var table = Shaper.IsolatedGlyphs()
        var wrong = 0
        for index in 0..<70_000 {
            let glyph = Self.glyph(UInt32(index), advance: Double(index) / 8)
            let scalar = 0x4E00 + UInt32(index % 20_000)
            table.store(glyph, for: scalar, context: index / 20_000 + 1)
            if !Self.same(table.glyph(scalar, context: index / 20_000 + 1), glyph) { wrong += 1 }
        }
        #expect(wrong == 0)
    }
}

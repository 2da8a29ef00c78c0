import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// A word the shape cache holds comes back exactly as it was shaped: every field of every glyph, the sign of a
/// zero offset included.
@Suite struct PackedGlyphsTests {
    static func fields(_ glyphs: [ShapedGlyph]) -> [[UInt64]] {
        glyphs.map {
            [
                UInt64($0.glyphID), UInt64(bitPattern: Int64($0.cluster)), $0.advance.bitPattern,
                $0.xOffset.bitPattern, $0.yOffset.bitPattern, $0.isUnsafeToBreak ? 1 : 0,
            ]
        }
    }

    static func glyph(_ id: UInt32, _ cluster: Int, _ advance: Double, x: Double = 0, y: Double = -0.0, unsafe: Bool)
        -> ShapedGlyph
    {
        ShapedGlyph(glyphID: id, cluster: cluster, advance: advance, xOffset: x, yOffset: y, isUnsafeToBreak: unsafe)
    }

    /// Words as HarfBuzz gives them (offsets of positive x and negative y zero, as the shaper negates y), one
    /// with every glyph moved alike, and ones where a mark or a zero's sign sets one glyph apart.
    static let words: [[ShapedGlyph]] = [
        [],
        [glyph(36, 0, 10.5, unsafe: false), glyph(57, 1, 9.25, unsafe: true), glyph(3, 2, 4.75, unsafe: false)],
        [glyph(65_535, 0, 17, x: 1.5, y: -2, unsafe: true), glyph(12, 3, 17, x: 1.5, y: -2, unsafe: false)],
        [glyph(72, 0, 9.9, unsafe: false), glyph(1_301, 0, 0, x: -5.2, y: -0.75, unsafe: true)],
        [glyph(72, 0, 9.9, unsafe: false), glyph(73, 1, 9.9, y: 0, unsafe: false)],
        [glyph(UInt32.max >> 1, Int(Int32.max), 1, unsafe: true)],
    ]

    @Test(arguments: 0..<words.count)
    func glyphsComeBackBitForBit(word: Int) throws {
        let glyphs = Self.words[word]
        let packed = try #require(PackedGlyphs.make(glyphs))
        for distance in [0, 7, 1 << 20] {
            var unpacked = [Self.glyph(1, 0, 1, unsafe: false)]
            packed.append(to: &unpacked, movedBy: distance)
            #expect(unpacked.count == glyphs.count + 1)
            #expect(Self.fields(Array(unpacked.dropFirst())) == Self.fields(glyphs.map { $0.movedBy(distance) }))
        }
    }

    @Test func aClusterPastThirtyOneBitsIsNotPacked() {
        #expect(PackedGlyphs.make([Self.glyph(1, 1 << 31, 1, unsafe: false)]) == nil)
        #expect(PackedGlyphs.make([Self.glyph(1, -1, 1, unsafe: false)]) == nil)
    }
}

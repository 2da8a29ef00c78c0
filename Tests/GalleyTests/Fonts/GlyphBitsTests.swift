import CHarfBuzz
import Testing

@_spi(Stages) @testable import GalleyText

/// The bit set the lookup facts keep glyphs in answers as a set of the same glyphs would: ranges that start and end
/// inside a word, on a word's edge, span several words or hold one glyph, and HarfBuzz sets of several ranges.
@Suite struct GlyphBitsTests {
    @Test(
        arguments: [
            [0...0], [63...63], [64...64], [0...63], [1...62], [60...70], [5...300], [128...191],
            [3...3, 7...9, 500...700],
            [1000...1000, 0...2, 62...65],
        ] as [[ClosedRange<UInt32>]])
    func membersAreTheRangesGlyphs(_ ranges: [ClosedRange<UInt32>]) {
        var bits = GlyphBits()
        for range in ranges { bits.insert(range) }
        let members = Set(ranges.flatMap { Array($0) })
        for glyph in UInt32(0)..<1100 {
            #expect(bits.contains(glyph) == members.contains(glyph), "glyph \(glyph)")
        }
    }

    @Test func aHarfBuzzSetIsReadWhole() {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        let members: [UInt32] = [2, 3, 4, 63, 64, 65, 200, 4000, 4001, 65535]
        for glyph in members { hb_set_add(set, glyph) }
        var bits = GlyphBits()
        bits.formUnion(set!)
        for glyph in UInt32(0)...65535 { #expect(bits.contains(glyph) == members.contains(glyph)) }
        #expect(!bits.contains(70_000))
    }
}

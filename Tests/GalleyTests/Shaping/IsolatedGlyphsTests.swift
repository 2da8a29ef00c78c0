import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

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

    /// Characters learnt side by side (`Shaper.learnIsolatedGlyphs`) get exactly the glyph, position and
    /// interaction they get shaped alone, in each language's forms (`locl`), for punctuation that kerns, kana,
    /// Hangul and ideographs in shuffled company; and most are learnt that way, not left to be shaped alone.
    @Test(arguments: ["zh-Hans", "zh-Hant", "ja", "ko"])
    func charactersLearntSideBySideEqualThemShapedAlone(language: String) throws {
        let library = try TestFonts.bundled
        let font = try library.font(family: "Noto Sans CJK SC", size: 17)
        let ranges: [ClosedRange<UInt32>] = [
            0x3000...0x303F, 0x3041...0x30FF, 0x4E00...0x51FF, 0xAC00...0xAC7F, 0xFF01...0xFF5E,
        ]
        var generator = SeededGenerator(state: 36)
        let scalars = ranges.flatMap { $0.compactMap(Unicode.Scalar.init) }.shuffled(using: &generator)
        let paragraph = Paragraph("中", attributes: TextAttributes(font: .font(font), language: language))
        let item = try #require(try Itemizer(fontLibrary: library).itemize(paragraph).items.first)
        let shaper = Shaper(shapeCache: nil)
        var sideBySide = ShapingMemos(), alone = ShapingMemos()
        for start in stride(from: 0, to: scalars.count, by: 40) {
            shaper.learnIsolatedGlyphs(
                of: Array(scalars[start..<min(start + 40, scalars.count)]), item: item, context: 1, memos: &sideBySide)
        }
        var learnt = 0
        var differing: [String] = []
        for scalar in scalars {
            guard case .some(let answer) = sideBySide.isolatedGlyphs.glyph(scalar.value, context: 1) else { continue }
            learnt += 1
            if !Self.same(.some(answer), shaper.shapeAlone(scalar, item: item, memos: &alone)) {
                differing.append("U+\(String(scalar.value, radix: 16, uppercase: true))")
            }
        }
        #expect(differing.isEmpty, "learnt side by side unlike alone: \(differing.prefix(8))")
        #expect(learnt > scalars.count * 3 / 4, "\(learnt) of \(scalars.count) learnt side by side")
    }

    /// A paragraph of more new ideographs than one batch learns (``Shaper/learningBatchLimit``) is learnt in
    /// several, and shapes as it does whole.
    @Test func aParagraphOfManyNewIdeographsShapesAsWhole() throws {
        let library = try TestFonts.bundled
        let font = try library.font(family: "Noto Sans CJK SC", size: 17)
        let count = Shaper.learningBatchLimit * 3 + 17
        let text = String(String.UnicodeScalarView((0x4E00..<(0x4E00 + UInt32(count))).compactMap(Unicode.Scalar.init)))
        let paragraph = Paragraph(text + "，完。", attributes: TextAttributes(font: .font(font), language: "zh-Hans"))
        func glyphs(_ shaper: Shaper) throws -> [String] {
            try shaper.shape(paragraph, itemizer: Itemizer(fontLibrary: library)).runs.flatMap { run in
                run.glyphs.map { "\($0.glyphID)@\($0.cluster)+\($0.advance)/\($0.xOffset),\($0.yOffset)" }
            }
        }
        let byCharacters = Shaper(shapeCache: ShapeCache(entryLimit: 1_000))
        #expect(try glyphs(byCharacters) == glyphs(Shaper(shapeCache: nil)))
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

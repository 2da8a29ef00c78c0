import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Shaping word by word through the cache must give what HarfBuzz gives the whole paragraph.
@Suite struct WordShapingTests {
    /// Text where Inter's contextual alternates reach across spaces (`3 x 4` → ×, brackets and dashes beside
    /// arrows and capitals), with kerning, ligatures, Chinese and code.
    static let tricky = [
        "3 x 4 = 12", "-> [Line] and <- {Node}", "A -> B", "12 : 30 pm", "a - b — c", "(Hello) [World] x 2",
        "To AV Wa Ty \"quoted\" 'single'", "office affine fish", "中文 English 混排 x 3", "value * 2 + 1 ~ 3",
        "مرحبا بالعالم هذا نص عربي مرحبا", "שלום עולם זה טקסט שלום", "a very long wordwithmorethantwelveunits here",
        // Chinese and Japanese beside Latin, with spaces starting items: kana that Noto Sans CJK kerns, voicing
        // marks, an ideographic variation sequence, a compatibility ideograph and one beyond the BMP.
        "中文排版，「引号」与标点。", "ひらがなとカタカナのテキスト", "か\u{3099}き\u{309A}く", "葛\u{E0100}城市",
        "豈更車，𠀋𠀀字", "ＡＢＣ１２３中文", "使用 Swift 编写代码", "a中文b字", "中 文 字 符", "（注）：见第3章 API 文档",
        // Latin words, code and markup touching Chinese with no space: items of their own, cached as words.
        "为`nil`，否则", "使用Swift编写", "**粗体**文字", "见<doc:Foo#Bar>。", "版本v2.4.1发布", "AV字To", "x中3 x 4",
        "“office”与“affine”", "中->B", "中[A]文",
        // Combining marks, which HarfBuzz moves by offsets of their own, in cached words.
        "q\u{301} x\u{303} q\u{301} x\u{303}", "مَرْحَبًا بِكُمْ مَرْحَبًا",
    ]

    static let corpus = TestFonts.noteRows

    /// Glyph ids, clusters, advances and offsets of each run (HarfBuzz's break flags may differ at safe edges).
    static func glyphs(_ text: String, font: Font, cache: ShapeCache?) throws -> [[String]] {
        let paragraph = Paragraph(text, attributes: TextAttributes(font: .font(font)))
        let shaped = try Shaper(shapeCache: cache).shape(paragraph, itemizer: Itemizer(fontLibrary: TestFonts.bundled))
        return shaped.runs.map { run in
            run.glyphs.map { "\($0.glyphID)@\($0.cluster)+\($0.advance)/\($0.xOffset),\($0.yOffset)" }
        }
    }

    // Noto Sans Arabic and Hebrew as the text's own font keep right-to-left words with their spaces in one item;
    // Noto Sans CJK SC as the text's font shapes the Latin between Chinese in it too.
    @Test(arguments: ["Inter", "JetBrains Mono", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans CJK SC"])
    func cachedWordsEqualWholeShapingOverTheCorpus(family: String) throws {
        #expect(Self.corpus.count >= 5_000)
        let font = try TestFonts.bundled.font(family: family, size: 17)
        let cache = ShapeCache(entryLimit: 100_000)
        var differing: [String] = []
        for text in Self.tricky + Self.corpus.prefix(2_000) {
            let whole = try Self.glyphs(text, font: font, cache: nil)
            let cold = try Self.glyphs(text, font: font, cache: cache)
            let warm = try Self.glyphs(text, font: font, cache: cache)
            if cold != whole || warm != whole { differing.append(text) }
        }
        #expect(differing.isEmpty, "differs from whole shaping: \(differing.prefix(5))")
        // In the right-to-left fonts only the tricky rows' words are theirs; the corpus falls back to other fonts.
        #expect(cache.count > (family.hasPrefix("Noto") ? 5 : 300), "the cache holds words")
    }

    @Test func aMultiplicationSignAcrossSpacesSurvivesTheCache() throws {
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let letter = try #require(font.glyph(for: "x"))
        let cache = ShapeCache(entryLimit: 100)
        for _ in 0..<2 {
            let glyphs = try Self.glyphs("3 x 4", font: font, cache: cache).joined()
            #expect(glyphs.contains { $0.contains("@2+") } && !glyphs.contains { $0.hasPrefix("\(letter)@2+") })
        }
    }

    @Test func spaceNeutralityFollowsTheFontsLookups() throws {
        let inter = try TestFonts.bundled.font(family: "Inter", size: 17)
        #expect(!inter.face.shapingFacts.shapesWordByWord)
        #expect(inter.instance.isSpaceNeutral("q"))
        #expect(!inter.instance.isSpaceNeutral("x"), "Inter's calt turns x between numbers into ×")
        #expect(!inter.instance.isSpaceNeutral("["), "brackets take case-sensitive forms across spaces")
        let mono = try TestFonts.bundled.font(family: "JetBrains Mono", size: 17)
        #expect(mono.instance.isSpaceNeutral("x"))
    }

    /// Chinese, Japanese and Korean shaped character by character equal whole shaping in every language's forms
    /// (`locl`), with kana kerning, punctuation pairs that kern (`，」` `。」`), voicing marks and fallback: the rows
    /// of the Japanese, Traditional and Simplified Chinese browser corpora and Korean.
    @Test(arguments: [nil, "zh-Hans", "zh-Hant", "ja", "ko"] as [String?])
    func charactersShapedApartEqualWholeShaping(language: String?) throws {
        var texts = Self.tricky + ["한국어 텍스트와 한자(漢字)를 섞은 문장입니다.", "「ラーメン」、『ギョーザ』。", "，」。」、「（（））"]
        for corpus in ["japanese", "traditional", "chinese"] {
            texts += try ChromiumTextFundamentalsTests.rows("parity-\(corpus).rows.jsonl").compactMap(\.text)
        }
        let library = try TestFonts.bundled
        let cache = ShapeCache(entryLimit: 100_000)
        var differing: [String] = []
        for family in ["Inter", "Noto Sans CJK SC"] {
            let font = try library.font(family: family, size: 17)
            for text in texts {
                let paragraph = Paragraph(text, attributes: TextAttributes(font: .font(font), language: language))
                let itemizer = Itemizer(fontLibrary: library)
                func glyphs(_ shaper: Shaper) throws -> [String] {
                    try shaper.shape(paragraph, itemizer: itemizer).runs.flatMap { run in
                        run.glyphs.map { "\($0.glyphID)@\($0.cluster)+\($0.advance)/\($0.xOffset),\($0.yOffset)" }
                    }
                }
                let whole = try glyphs(Shaper(shapeCache: nil))
                let shaper = Shaper(shapeCache: cache)
                if try glyphs(shaper) != whole || glyphs(shaper) != whole { differing.append("\(family): \(text)") }
            }
        }
        #expect(differing.isEmpty, "differs from whole shaping: \(differing.prefix(5))")
    }

    /// An emoji between ideographs takes their item's script; shaped character by character it still advances as
    /// its bitmap strike says, as it does shaped whole.
    @Test func anEmojiAmongIdeographsAdvancesAsShapedWhole() throws {
        let library = try TestFonts.system
        let font = try library.font(family: "Noto Sans CJK SC", size: 17)
        for text in ["中文😀中文", "中文☝🏽中文", "排版，😀。"] {
            let paragraph = Paragraph(text, attributes: TextAttributes(font: .font(font)))
            let itemizer = Itemizer(fontLibrary: library)
            func advances(_ shaper: Shaper) throws -> [Double] {
                try shaper.shape(paragraph, itemizer: itemizer).runs.flatMap { $0.glyphs.map(\.advance) }
            }
            #expect(try advances(Shaper(shapeCache: ShapeCache(entryLimit: 100))) == advances(Shaper(shapeCache: nil)))
        }
    }
}

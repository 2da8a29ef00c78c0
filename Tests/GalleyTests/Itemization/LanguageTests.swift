import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Every paragraph has a language (named, or inferred from its characters), and it decides glyph forms, font
/// fallback and line breaking.
@Suite struct LanguageTests {
    private func inferred(_ text: String) -> String? {
        LanguageInference.language(of: Array(text.utf16)[...])
    }

    @Test func theLanguageIsInferredFromTheScriptsThatDependOnIt() {
        #expect(inferred("朱镕基说：直角") == "zh-Hans")
        #expect(inferred("臺灣的說法與後來") == "zh-Hant")
        #expect(inferred("Swift 的并发模型") == "zh-Hans")
        #expect(inferred("東京でラーメンを食べた") == "ja")
        #expect(inferred("한국어 텍스트") == "ko")
        #expect(inferred("直角") == "zh-Hans")  // shared by both scripts: Simplified, the commoner
        #expect(inferred("plain English, 123") == nil)
    }

    /// A Japanese title or quotation inside Chinese prose leaves the paragraph Chinese (直 keeps its Chinese form,
    /// `：；，` their Chinese positions); kana outside brackets, or a paragraph that is only a quotation, is Japanese.
    @Test func aQuotedJapaneseTitleLeavesChineseProseChinese() {
        #expect(inferred("我昨天买了村上春树的《ノルウェイの森》，很好看：直到深夜才读完。") == "zh-Hans")
        #expect(inferred("她说「ありがとう」就走了。") == "zh-Hans")
        #expect(inferred("「ありがとう」と彼は言った。") == "ja")
        #expect(inferred("《ノルウェイの森》") == "ja")
        #expect(inferred("村上春樹の『ノルウェイの森』を読んだ") == "ja")
    }

    /// Kana make a paragraph Japanese when it is written in Japanese: hiragana outside brackets (its particles),
    /// katakana as many as the ideographs, or kana its main script; a katakana loanword in Chinese does not.
    @Test func kanaMakeAParagraphJapaneseOnlyWhenItIsWrittenInJapanese() {
        #expect(inferred("我在东京タワー拍照，晚上去吃了一碗拉面。") == "zh-Hans")
        #expect(inferred("東京タワー") == "ja")
        #expect(inferred("東京都知事選、投票率は過去最低") == "ja")  // one particle among ideographs
        #expect(inferred("「ありがとう」山田太郎") == "ja")  // a quotation with its speaker: kana the main script
        #expect(inferred("コンピューター") == "ja")
    }

    @Test func aNamedLanguageWinsOverInference() {
        #expect(Paragraph("說後", attributes: TextAttributes(language: "zh-Hans")).language == "zh-Hans")
        #expect(Paragraph("說後").language == "zh-Hant")
    }

    @Test func aRareCharacterDoesNotSwitchItsNeighboursToAnotherFont() throws {
        // 龘 is outside the bundled subset: it alone goes to fontconfig (asked for zh-cn); every other character
        // goes back to the bundled Noto Sans CJK SC and its Simplified Chinese forms.
        let text = "朱龘基说：直角令骨"
        let shaped = try TestFonts.shape(text, library: try TestFonts.system)
        let units = Array(text.utf16)
        for run in shaped.runs where run.utf16Range != 1..<2 {
            let runText = String(decoding: units[run.utf16Range], as: UTF16.self)
            #expect(run.font.face.isBundled, "\(runText) in \(run.font.face.path)")
            #expect(run.style.shaping.language == "zh-Hans")
        }
        if let rare = shaped.runs.first(where: { $0.utf16Range == 1..<2 }), !rare.font.face.isBundled {
            #expect(!rare.font.face.familyName.hasSuffix(" JP"), "龘 in \(rare.font.face.familyName)")
        }
    }

    @Test func chineseGlyphsAreTheSimplifiedFormsHBShapeGivesForZhHans() throws {
        let hbShape = try #require(ExternalTool.find("hb-shape"), "hb-shape is missing: run Scripts/setup")
        let text = "朱镕基说：直角令骨"
        let shaped = try TestFonts.shape(text)
        let run = try #require(shaped.runs.first)
        #expect(shaped.runs.count == 1)
        let output = try ExternalTool.run(
            hbShape,
            [
                "--no-glyph-names", "--no-positions", "--no-clusters", "--language=zh-Hans", "--script=hani",
                "--font-file=\(TestFonts.repositoryRoot.appendingPathComponent(run.font.face.path).path)",
                "--text=\(text)",
            ])
        let expected = output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect("[" + run.glyphs.map { String($0.glyphID) }.joined(separator: "|") + "]" == expected)
        // The same characters as Japanese take other glyphs (直 令 骨 differ): the language reaches HarfBuzz.
        let japanese = try TestFonts.shape(text, attributes: TextAttributes(language: "ja"))
        #expect(japanese.runs.flatMap(\.glyphs).map(\.glyphID) != run.glyphs.map(\.glyphID))
    }

    @Test func aDoubleEmDashBetweenIdeographsIsTwoIdeographsWide() throws {
        let chinese = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 20)
        let shaped = try TestFonts.shape("他说——好", attributes: TextAttributes(font: .font(chinese)))
        let dashes = shaped.runs.flatMap(\.glyphs).filter { (2..<4).contains($0.cluster) }
        #expect(dashes.reduce(0) { $0 + $1.advance } == 40)
    }

    @Test func chineseLinesBreakByChineseRules() throws {
        // ICU's Chinese tailoring allows a break before an opening quotation mark between ideographs.
        let chinese = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 10)
        let (layout, storage) = try LayoutFixtures.layout(
            "一二三四五六七八九“十一二三”", attributes: TextAttributes(font: .font(chinese)),
            container: TextContainer(width: 95))
        #expect(LayoutFixtures.lines(layout, storage).first == "一二三四五六七八九")
    }
}

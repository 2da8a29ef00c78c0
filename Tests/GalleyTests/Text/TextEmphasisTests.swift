import Foundation
import Testing

@testable import Galley
@_spi(Stages) @testable import GalleyText

/// CSS `text-emphasis-style` as ``TextEmphasis`` reads it, which characters take marks, and where marks sit by
/// language.
@Suite struct TextEmphasisTests {
    @Test(arguments: [
        ("filled dot", "\u{2022}"), ("dot", "\u{2022}"), ("filled", "\u{2022}"), ("open", "\u{25E6}"),
        ("open circle", "\u{25CB}"), ("circle filled", "\u{25CF}"), ("double-circle", "\u{25C9}"),
        ("open double-circle", "\u{25CE}"), ("triangle", "\u{25B2}"), ("open triangle", "\u{25B3}"),
        ("sesame", "\u{FE45}"), ("OPEN SESAME", "\u{FE46}"), ("'※'", "※"), ("\"x\"", "x"),
    ])
    func aStyleDrawsCSSsMark(_ css: String, _ mark: String) throws {
        let emphasis = try #require(try TextEmphasis(css: css))
        #expect(emphasis.mark() == Character(mark))
    }

    /// `filled` or `open` alone is a dot in horizontal text and a sesame in vertical text (CSS Text Decoration 3,
    /// `text-emphasis-style`); a named shape is the same in both.
    @Test func aFillAloneIsADotAcrossAndASesameDown() throws {
        for (css, across, down) in [
            ("filled", "\u{2022}", "\u{FE45}"), ("open", "\u{25E6}", "\u{FE46}"),
            ("filled dot", "\u{2022}", "\u{2022}"),
            ("open sesame", "\u{FE46}", "\u{FE46}"), ("'※'", "※", "※"),
        ] {
            let emphasis = try #require(try TextEmphasis(css: css))
            #expect(emphasis.mark(vertical: false) == Character(across), "\(css)")
            #expect(emphasis.mark(vertical: true) == Character(down), "\(css)")
        }
        #expect(TextEmphasis().mark(vertical: true) == "\u{FE45}")
    }

    @Test func noneIsNoMarks() throws {
        #expect(try TextEmphasis(css: " none ") == nil)
    }

    @Test(arguments: ["", "dot dot", "filled open", "star", "'ab'", "sesame circle"])
    func anythingElseIsAnErrorSayingWhatIs(_ css: String) {
        #expect(throws: TextEmphasisError.unknownStyle(css)) { try TextEmphasis(css: css) }
        #expect("\(TextEmphasisError.unknownStyle(css))".contains("filled or open with dot"))
    }

    /// CSS Text Decoration 3 skips separators, controls and punctuation; letters, ideographs, kana, digits and
    /// symbols take marks.
    @Test func punctuationAndSpacesTakeNoMarks() {
        for skipped in " \u{3000}\u{00A0}\t\u{200B}，。、「」（）！？…—-.,;:\"'" {
            for scalar in String(skipped).unicodeScalars { #expect(!TextEmphasis.marks(scalar), "\(scalar)") }
        }
        for marked in "中文かなカナ한글Aa9+$" {
            for scalar in String(marked).unicodeScalars { #expect(TextEmphasis.marks(scalar), "\(scalar)") }
        }
    }

    /// CSS Text Decoration 4's `auto`: under Chinese (CLREQ), over Japanese and every other language; a position
    /// given wins.
    @Test func automaticMarksSitUnderChineseAndOverTheRest() {
        let automatic = TextEmphasis()
        #expect(automatic.isUnder(language: "zh-CN") && automatic.isUnder(language: "zh-Hant-TW"))
        #expect(
            !automatic.isUnder(language: "ja") && !automatic.isUnder(language: "ko")
                && !automatic.isUnder(language: nil))
        #expect(!TextEmphasis(position: .over).isUnder(language: "zh"))
        #expect(TextEmphasis(position: .under).isUnder(language: "ja"))
    }

    /// CSS `text-emphasis-position`: `auto`, or over or under with right or left in either order, right when not
    /// named; anything else names itself in the error.
    @Test func aPositionReadsAsCSSWritesIt() throws {
        for (css, position, side) in [
            ("auto", TextEmphasis.Position.automatic, TextEmphasis.ColumnSide.right), ("over", .over, .right),
            ("under left", .under, .left), ("LEFT over", .over, .left), (" under  right ", .under, .right),
        ] {
            let placement = try TextEmphasis.placement(css: css)
            #expect(placement.0 == position && placement.1 == side, "\(css)")
        }
        for bad in ["", "left", "auto left", "over under", "right left", "middle"] {
            #expect(throws: TextEmphasisError.unknownPosition(bad)) { try TextEmphasis.placement(css: bad) }
        }
        #expect("\(TextEmphasisError.unknownPosition("x"))".contains("over or under with right or left"))
    }
}

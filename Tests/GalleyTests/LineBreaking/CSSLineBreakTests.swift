import Testing

@testable import Galley
@testable import GalleyTestSupport

/// CSS line-break opportunities as Chromium finds them, where they differ from plain UAX #14, and `word-break`.
@Suite struct CSSLineBreakTests {
    /// The UTF-16 offsets where a line may start, the text's end excluded.
    private func breaks(
        _ text: String, rules: ParagraphStyle.LineBreakRules = .css, wordBreak: ParagraphStyle.WordBreak = .normal,
        language: String? = nil
    ) throws -> [String] {
        let units = Array(text.utf16)
        let found = try BreakOpportunities(
            units[...], language: language, strictness: .normal, rules: rules, wordBreak: wordBreak)
        return found.opportunities.dropLast().map { String(decoding: units[$0.offset...], as: UTF16.self) }
    }

    @Test func urlsAndPathsStayWholeWhereUAX14BreaksAfterSlashes() throws {
        let url = "see https://example.com/a/b?x=1"
        #expect(try breaks(url) == ["https://example.com/a/b?x=1", "x=1"])  // after "?" only
        #expect(try breaks(url, rules: .unicode).contains("a/b?x=1"))
    }

    @Test func aLineMayStartWithPunctuationAfterASpace() throws {
        for text in ["a /b", "a ,b", "a .b", "a (b"] {
            #expect(try breaks(text).first == String(text.dropFirst(2)), "\(text)")
        }
        #expect(try breaks("a ,b", rules: .unicode).isEmpty)
    }

    @Test func hyphensBreakBeforeLettersAndBetweenDigitGroupsButNotInANegativeNumber() throws {
        #expect(try breaks("02110-1301") == ["1301"])
        #expect(try breaks("ABCD-1234") == ["1234"])
        #expect(try breaks("x -1") == ["-1"])  // after the space only: "-1" is a negative number
        #expect(try breaks("-----") == ["----", "---", "--", "-"])
        #expect(try breaks("well-known") == ["known"])
    }

    @Test func openingBracketsBreakAfterClosingPunctuationAndNothingElseBreaksBetweenASCII() throws {
        #expect(try breaks("f(x)(y)") == ["(y)"])
        #expect(try breaks("a.b,c:d;e") == [])
        #expect(try breaks("C++ and/or") == ["and/or"])
    }

    /// A text whose every place CSS's fast rules decide (plain ASCII, most rows of notes) is broken without ICU,
    /// and exactly as with it: random texts of ASCII with spaces, hyphens, brackets and controls, the characters
    /// after which a break is forced, no-break spaces, joiners, Hebrew with a maqaf, ideographs, marks and emoji,
    /// in every `word-break` and a few languages. Fails when a mandatory character is missed (a line feed's break
    /// is ICU's) or a fast rule read as decided is not.
    @Test func textsTheFastRulesDecideBreakAsWithICU() throws {
        let ascii = Array("abcXYZ019 -?!.,;:()[]{}<>/\\'\"#%&*+=@_|~$`^".utf16)
        let rare: [[UInt16]] = [
            [0x0A], [0x0B], [0x0C], [0x0D], [0x85], [0x2028], [0x2029], [0x09], [0xA0], [0x200D], [0x200C],
            [0x05D0], [0x05BE], [0x4E2D], [0x3002], [0x0301], [0xD83D, 0xDE00], [0x2014], [0x00AD],
        ]
        var generator = SeededGenerator(state: 14)
        var decidedByFastRules = 0
        for round in 0..<3_000 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1...24, using: &generator) {
                if Int.random(in: 0..<12, using: &generator) == 0 {
                    // Mostly beside spaces, where the fast rules still decide.
                    let spaced = Bool.random(using: &generator)
                    if spaced { units.append(0x20) }
                    units += rare.randomElement(using: &generator)!
                    if spaced { units.append(0x20) }
                } else {
                    units.append(ascii.randomElement(using: &generator)!)
                }
            }
            let wordBreak: ParagraphStyle.WordBreak = [.normal, .breakAll, .keepAll][round % 3]
            let language = [nil, "zh-Hans", "ja", "he"][round % 4]
            if BreakOpportunities.fromFastRules(units[...], wordBreak: wordBreak) != nil { decidedByFastRules += 1 }
            let fast = try BreakOpportunities(
                units[...], language: language, strictness: .normal, rules: .css, wordBreak: wordBreak)
            let asked = try BreakOpportunities(
                units[...], language: language, strictness: .normal, rules: .css, wordBreak: wordBreak,
                alwaysAskingICU: true)
            #expect(
                fast.opportunities == asked.opportunities, "\(units.map { String($0, radix: 16) }) \(wordBreak)")
        }
        #expect(decidedByFastRules > 1_000, "the texts must exercise breaking without ICU")
    }

    @Test func ideographsStillBreakByICU() throws {
        #expect(try breaks("中文，排版", language: "zh-Hans") == ["文，排版", "排版", "版"])
    }

    /// ICU's locale names the language with underscores and `lb=normal` under CSS rules, except in Japanese
    /// (`ja`, `ja-JP`, not `jv` or `jam`), whose default is Chromium's; other strictnesses are named as they are.
    @Test func theBreakIteratorsLocaleFollowsLanguageStrictnessAndRules() {
        let cases: [(String?, ParagraphStyle.LineBreakStrictness, ParagraphStyle.LineBreakRules, String)] = [
            (nil, .normal, .css, "@lb=normal"), ("zh-Hans", .normal, .css, "zh_Hans@lb=normal"),
            ("zh-Hant-TW", .strict, .css, "zh_Hant_TW@lb=strict"), ("ja", .normal, .css, "ja"),
            ("ja-JP", .normal, .css, "ja_JP"), ("ja", .loose, .css, "ja@lb=loose"),
            ("jam", .normal, .css, "jam@lb=normal"),
            ("jv", .normal, .css, "jv@lb=normal"), ("en", .normal, .unicode, "en"), (nil, .normal, .unicode, ""),
        ]
        for (language, strictness, rules, locale) in cases {
            #expect(
                BreakOpportunities.locale(language: language, strictness: strictness, rules: rules) == locale,
                "\(language ?? "nil") \(strictness) \(rules)")
        }
    }

    /// Chromium 156's opportunities (chrome_lines.py at width 0 with `overflow-wrap: normal`): its `line-break:
    /// auto` lets small kana and `ー` start a line in every language, and in Chinese `〜` and `゠` too; iteration
    /// marks never.
    @Test func smallKanaAndTheProlongedSoundMarkMayStartALineAsInChromium() throws {
        let chromium = ["ァ", "ッ", "ャ", "ー", "ゃ"]
        for language in ["zh-CN", "ja", "ko", "en"] {
            let starts = try breaks("アァカッキャコーき中ゃ", language: language).map { String($0.first!) }
            #expect(chromium.allSatisfy(starts.contains), "\(language): \(starts)")
        }
        #expect(try breaks("キ々〻〜゠・", language: "zh-CN").map { String($0.first!) } == ["〜", "゠"])
        #expect(try breaks("キ々〻〜゠・", language: "ja").isEmpty)
        // ICU's plain rules keep ICU's own default: no small kana at a line's start outside Japanese.
        #expect(try !breaks("カッ", rules: .unicode, language: "zh-CN").contains("ッ"))
    }

    /// Unicode 15.1's LB21a (Chromium's ICU 74; Debian's ICU 72 has the older rule): after a Hebrew letter and a
    /// maqaf or hyphen, a break before another Hebrew letter.
    @Test func aHebrewMaqafBreaksBeforeAHebrewLetter() throws {
        #expect(try breaks("כל־בו") == ["בו"])
        #expect(try breaks("כל-בו") == ["בו"])
        #expect(try breaks("כל־1").isEmpty)
        #expect(try breaks("כל־a").isEmpty)
    }

    @Test func wordBreakBreakAllAndKeepAll() throws {
        #expect(try breaks("abc def", wordBreak: .breakAll) == ["bc def", "c def", "def", "ef", "f"])
        #expect(try breaks("中文排版 abc", wordBreak: .keepAll, language: "zh-Hans") == ["abc"])
        #expect(try breaks("中文，排版", wordBreak: .keepAll, language: "zh-Hans") == ["排版"])
    }

    @Test func overflowWrapNormalLetsALongWordOverflow() throws {
        var style = ParagraphStyle()
        style.overflowWrap = .normal
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let (layout, storage) = try LayoutFixtures.layout(
            "Pneumonoultramicroscopic word", attributes: TextAttributes(font: .font(font), paragraphStyle: style),
            container: TextContainer(width: 100))
        #expect(LayoutFixtures.lines(layout, storage) == ["Pneumonoultramicroscopic ", "word"])
        #expect(layout.lineFragments[0].usedRect.width > 100)
        style.overflowWrap = .breakWord
        let (cut, cutStorage) = try LayoutFixtures.layout(
            "Pneumonoultramicroscopic word", attributes: TextAttributes(font: .font(font), paragraphStyle: style),
            container: TextContainer(width: 100))
        #expect(LayoutFixtures.lines(cut, cutStorage).count > 2)
    }

    @Test func aBreakInsideALigatureIsMeasuredShapedAgain() throws {
        // Inter draws "->" as one arrow; Chromium breaks between "-" and ">" and measures "-" alone.
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let text = "layout() -> [Line]"
        let shaped = try TestFonts.shape(text, attributes: TextAttributes(font: .font(font)))
        let hyphenEnd = 10
        let plain = try LineBreaker(shaped).line(0..<hyphenEnd, mandatory: false).width
        let measured = try LineBreaker(shaped, shaper: Shaper()).line(0..<hyphenEnd, mandatory: false).width
        let alone = try TestFonts.shape("layout() -", attributes: TextAttributes(font: .font(font))).width
        #expect(abs(measured - alone) < 1e-9)
        #expect(plain > measured)  // the whole arrow was counted
    }
}

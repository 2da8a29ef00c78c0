import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

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
            let asked = try BreakOpportunities.fromICU(
                units[...], language: language, strictness: .normal, rules: .css, wordBreak: wordBreak,
                splittingIdeographs: false)
            #expect(fast.opportunities == asked, "\(units.map { String($0, radix: 16) }) \(wordBreak)")
        }
        #expect(decidedByFastRules > 1_000, "the texts must exercise breaking without ICU")
    }

    /// ICU is asked only about the pieces between long runs of ideographs, and every boundary is the one ICU gives
    /// over the whole text: random texts of runs of ideographs (the block's first and last among them) between
    /// every kind of neighbour ICU's rules and tailorings look at (CJK punctuation, brackets and quotes, small kana
    /// and iteration marks, full-width forms, Extension A ideographs, Hangul, Latin, digits with currency and
    /// percent signs, spaces, no-break spaces, marks, joiners, variation selectors, emoji, forced breaks), in every
    /// language, strictness, rule set and `word-break`. Fails when a cut is reported as mandatory or a piece's
    /// boundaries are shifted or lost.
    @Test func cuttingBetweenIdeographsGivesICUsBoundariesOfTheWholeText() throws {
        let ideographs: [UInt16] = [0x4E00, 0x4E2D, 0x6587, 0x5B57, 0x7684, 0x662F, 0x8A9E, 0x9F8D, 0x9FA5, 0x9FFF]
        let neighbours: [[UInt16]] = [
            [0x3001], [0x3002], [0xFF0C], [0xFF0E], [0xFF1A], [0xFF1B], [0xFF01], [0xFF1F], [0x300C], [0x300D],
            [0x300E], [0x300F], [0xFF08], [0xFF09], [0x3010], [0x3011], [0x300A], [0x300B], [0x201C], [0x201D],
            [0x2018], [0x2019], [0x2026], [0x2014], [0xFF5E], [0x301C], [0x30FB], [0x3005], [0x3003], [0x309D],
            [0x3041], [0x3063], [0x30A1], [0x30C3], [0x30FC], [0x3042], [0x30A2], [0xFF21], [0xFF11], [0x3400],
            [0xAC00], [0x1100], [0x41], [0x7A], [0x31], [0x39], [0x25], [0x24], [0xA5], [0x20], [0x20, 0x20],
            [0xA0], [0x2D], [0x2E], [0x2C], [0x28], [0x29], [0x22], [0x27], [0x0301], [0x200D], [0x200B],
            [0xFE0F], [0xD83D, 0xDE00], [0xD840, 0xDC00], [0x0A], [0x0D, 0x0A], [0x2028], [0x09], [0x0E01],
        ]
        var generator = SeededGenerator(state: 34)
        var cut = 0
        for round in 0..<1_500 {
            var units: [UInt16] = []
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let run = Int.random(in: 0...14, using: &generator)
                units += (0..<run).map { _ in ideographs.randomElement(using: &generator)! }
                for _ in 0..<Int.random(in: 0...3, using: &generator) {
                    units += neighbours.randomElement(using: &generator)!
                }
            }
            guard !units.isEmpty else { continue }
            var longest = 0, current = 0
            for unit in units {
                current = (0x4E00...0x9FFF).contains(unit) ? current + 1 : 0
                longest = max(longest, current)
            }
            if longest >= BreakOpportunities.ideographRunLimit { cut += 1 }
            let language = [nil, "zh-Hans", "zh-Hant", "ja", "ko", "en"][round % 6]
            let strictness: ParagraphStyle.LineBreakStrictness = [.normal, .loose, .strict][round / 6 % 3]
            let rules: ParagraphStyle.LineBreakRules = [.css, .unicode][round / 18 % 2]
            let wordBreak: ParagraphStyle.WordBreak = [.normal, .breakAll, .keepAll][round / 36 % 3]
            let pieces = try BreakOpportunities(
                units[...], language: language, strictness: strictness, rules: rules, wordBreak: wordBreak)
            let whole = try BreakOpportunities.fromICU(
                units[...], language: language, strictness: strictness, rules: rules, wordBreak: wordBreak,
                splittingIdeographs: false)
            #expect(
                pieces.opportunities == whole,
                "\(units.map { String($0, radix: 16) }) \(language ?? "nil") \(strictness) \(rules) \(wordBreak)")
        }
        #expect(cut > 500, "the texts must have runs long enough to be cut")
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

    /// Chromium 156's opportunities (Scripts/record-chromium at width 0 with `--overflow-wrap normal`): its `line-break:
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

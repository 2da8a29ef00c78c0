import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Ruby against Chromium 156, rows written in Galley's ruby markup (`{漢字|かん|じ}`, `{東京|とうきょう}`) and recorded
/// as `<ruby>` by Tests/Fixtures/chromium/recipes (each row placed on its own: Chromium lends annotation room across
/// blocks): Japanese with furigana per character (mono ruby) and per word (jukugo, group ruby), and Chinese with
/// pinyin over every hanzi. Line starts and heights equal Chromium's row for row, but for rows whose line fits its
/// width to the pixel after a ruby column, which Chromium 156 finds too long (the README says more).
@Suite struct ChromiumRubyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let corpus: String
        let language: String
        let width: Double
        /// How many rows equal Chromium's at least (of 130 or 160).
        let equal: Int

        var testDescription: String { "\(corpus) \(language) \(Int(width))" }
        var fixture: String { "ruby-\(corpus).chrome-\(language)-\(Int(width)).jsonl" }
    }

    static let cases = [
        Case(corpus: "furigana", language: "ja", width: 320, equal: 130),
        Case(corpus: "furigana", language: "ja", width: 200, equal: 123),
        Case(corpus: "jukugo", language: "ja", width: 320, equal: 130),
        Case(corpus: "jukugo", language: "ja", width: 200, equal: 130),
        Case(corpus: "pinyin", language: "zh-CN", width: 320, equal: 159),
        Case(corpus: "pinyin", language: "zh-CN", width: 200, equal: 160),
    ]

    @Test(arguments: cases)
    func rowsWithRubyBreakAndGrowAsChromiums(_ test: Case) throws {
        let inputs = try ChromiumTextFundamentalsTests.rows("ruby-\(test.corpus).rows.jsonl")
        let answers = try ChromiumTextFundamentalsTests.rows(test.fixture)
        try #require(inputs.count == answers.count && inputs.count >= 100)
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        let library = try TestFonts.system
        let attributes = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: test.language, paragraphStyle: style)
        let measurer = TextMeasurer(fontLibrary: library)
        var same = 0, rubies = 0
        var differing: [String] = []
        for (input, answer) in zip(inputs, answers) {
            let parsed = try RubyMarkup.parse(try #require(input.text))
            rubies += parsed.rubies.count
            let measurement = try measurer.measure(parsed.storage(attributes: attributes), width: test.width)
            let starts = ChromiumTextFundamentalsTests.scalarOffsets(measurement.utf16LineStarts, in: parsed.text)
            if starts == answer.line_starts, let height = answer.height, abs(measurement.height - height) < 1e-6 {
                same += 1
            } else {
                differing.append(
                    "\(input.id): \(starts) \(measurement.height) vs \(answer.line_starts ?? []) \(answer.height ?? 0)")
            }
        }
        #expect(rubies > inputs.count, "\(test.testDescription): the corpus has ruby")
        #expect(
            same >= test.equal,
            "\(test): \(same) of \(inputs.count) rows as Chromium; differing: \(differing.joined(separator: "; "))")
    }

    /// The corpora are the parity corpora with ruby over their hanzi and kanji, and Chromium's lines with ruby are
    /// those lines, no shorter: a check of the fixtures themselves.
    @Test func rubyOnlyAnnotatesTheParityCorpora() throws {
        for test in Self.cases {
            let corpus = test.corpus == "pinyin" ? "chinese" : "japanese"
            let plain = try ChromiumTextFundamentalsTests.rows("parity-\(corpus).rows.jsonl")
            let ruby = try ChromiumTextFundamentalsTests.rows("ruby-\(test.corpus).rows.jsonl")
            try #require(plain.count == ruby.count)
            for (plainRow, rubyRow) in zip(plain, ruby) {
                #expect(try RubyMarkup.parse(try #require(rubyRow.text)).text == plainRow.text, "\(rubyRow.id)")
            }
            let plainAnswers = try ChromiumTextFundamentalsTests.rows(
                "parity-\(corpus).chrome-\(test.language)-\(Int(test.width)).jsonl")
            let rubyAnswers = try ChromiumTextFundamentalsTests.rows(test.fixture)
            #expect(zip(plainAnswers, rubyAnswers).allSatisfy { ($1.height ?? 0) >= ($0.height ?? 0) })
        }
    }
}

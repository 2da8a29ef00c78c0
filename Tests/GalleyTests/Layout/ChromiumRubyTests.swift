import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Ruby against Chromium 156, rows written in Galley's ruby markup (`{漢字|かん|じ}`, `{東京|とうきょう}`) and recorded
/// as `<ruby>` by Tests/Fixtures/chromium/recipes (each row placed on its own: Chromium lends annotation room across
/// blocks): Japanese with furigana per character (mono ruby) and per word (jukugo, group ruby), and Chinese with
/// pinyin over every hanzi; and the same in columns, the annotations on the right (kana upright, pinyin turned).
/// Line starts and heights equal Chromium's row for row, but for rows whose line fits its width to the pixel after a
/// ruby column, which Chromium 156 finds too long (the README says more).
@Suite struct ChromiumRubyTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let corpus: String
        let language: String
        let width: Double
        /// How many of the corpus's `rows` equal Chromium's at least.
        let equal: Int
        var writingMode = WritingMode.horizontalTB
        var position = RubyAnnotation.Position.over
        var rows: Int { corpus == "pinyin" ? 160 : 130 }

        var testDescription: String { "\(corpus) \(language) \(Int(width))\(mode)\(side)" }
        var fixture: String { "ruby-\(corpus).chrome-\(language)-\(Int(width))\(mode)\(side).jsonl" }
        /// The writing mode's part of a fixture's name (none for horizontal text).
        var mode: String { writingMode == .horizontalTB ? "" : "-\(writingMode.rawValue)" }
        /// The position's part of a fixture's name (none for `over`).
        var side: String { position == .over ? "" : "-\(position.rawValue)" }
    }

    static let cases = [
        Case(corpus: "furigana", language: "ja", width: 320, equal: 130),
        Case(corpus: "furigana", language: "ja", width: 200, equal: 123),
        Case(corpus: "jukugo", language: "ja", width: 320, equal: 130),
        Case(corpus: "jukugo", language: "ja", width: 200, equal: 130),
        Case(corpus: "pinyin", language: "zh-CN", width: 320, equal: 159),
        Case(corpus: "pinyin", language: "zh-CN", width: 200, equal: 160),
        Case(corpus: "furigana", language: "ja", width: 320, equal: 130, writingMode: .verticalRL),
        Case(corpus: "furigana", language: "ja", width: 200, equal: 130, writingMode: .verticalRL),
        Case(corpus: "jukugo", language: "ja", width: 320, equal: 130, writingMode: .verticalRL),
        Case(corpus: "jukugo", language: "ja", width: 200, equal: 130, writingMode: .verticalRL),
        Case(corpus: "jukugo", language: "ja", width: 320, equal: 130, writingMode: .verticalLR),
        Case(corpus: "jukugo", language: "ja", width: 200, equal: 130, writingMode: .verticalLR),
        // The row that fits 320 px to the pixel in horizontal text does in its column too.
        Case(corpus: "pinyin", language: "zh-CN", width: 320, equal: 159, writingMode: .verticalRL),
        Case(corpus: "pinyin", language: "zh-CN", width: 200, equal: 160, writingMode: .verticalRL),
        // Under a column's characters is their left.
        Case(corpus: "pinyin", language: "zh-CN", width: 320, equal: 159, writingMode: .verticalRL, position: .under),
        Case(corpus: "pinyin", language: "zh-CN", width: 200, equal: 160, writingMode: .verticalRL, position: .under),
    ]

    @Test(arguments: cases)
    func rowsWithRubyBreakAndGrowAsChromiums(_ test: Case) throws {
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.writingMode = test.writingMode
        try ChromiumParityTests.expectRowsAsChromiums(
            rows: "ruby-\(test.corpus).rows.jsonl", fixture: test.fixture, language: test.language, width: test.width,
            style: style, rubyMarkup: true, rubyPosition: test.position,
            minimum: Double(test.equal) / Double(test.rows),
            description: test.testDescription)
    }

    /// The corpora are the parity corpora with ruby (more than one base a row) over their hanzi and kanji, and
    /// Chromium's lines with ruby are those lines, no shorter: a check of the fixtures themselves.
    @Test func rubyOnlyAnnotatesTheParityCorpora() throws {
        for test in Self.cases {
            let corpus = test.corpus == "pinyin" ? "chinese" : "japanese"
            let plain = try ChromiumTextFundamentalsTests.rows("parity-\(corpus).rows.jsonl")
            let ruby = try ChromiumTextFundamentalsTests.rows("ruby-\(test.corpus).rows.jsonl")
            try #require(plain.count == ruby.count)
            try #require(ruby.count == test.rows)
            var rubies = 0
            for (plainRow, rubyRow) in zip(plain, ruby) {
                let parsed = try RubyMarkup.parse(try #require(rubyRow.text))
                #expect(parsed.text == plainRow.text, "\(rubyRow.id)")
                rubies += parsed.rubies.count
            }
            #expect(rubies > ruby.count, "\(test.corpus): the corpus has ruby")
            let plainAnswers = try ChromiumTextFundamentalsTests.rows(
                "parity-\(corpus).chrome-\(test.language)-\(Int(test.width))\(test.mode).jsonl")
            let rubyAnswers = try ChromiumTextFundamentalsTests.rows(test.fixture)
            #expect(zip(plainAnswers, rubyAnswers).allSatisfy { ($1.height ?? 0) >= ($0.height ?? 0) })
        }
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Line starts and web-metric heights against Chromium 156 on texts assembled for the last browser differences:
/// Japanese (kana, small kana, `ー`) in Chinese and in Japanese pages, emoji sequences from Unicode's
/// emoji-test.txt (skin tones on text-default bases, ZWJ, keycaps, flags, tags), tabs with soft hyphens, no-break
/// spaces, zero-width spaces and word joiners, ASCII arrows (`-->`, `--->`, `<=>`), Chinese with ASCII marks
/// under `text-autospace: normal`, Traditional Chinese with overlong words among full-width punctuation, Traditional
/// Chinese notes of everyday sentences (Tests/Fixtures/chromium/parity-traditional-notes, 160 rows), Simplified
/// Chinese with English and code (with and without autospace), and error messages with hex codes and digits in
/// Traditional and Simplified Chinese (parity-hex, 260 rows), and rows whose widest line comes within 0.1 px of
/// 200 px (parity-exact-fit: the 158 rows of Benchmarks/Corpus/notes.txt and chinese.txt whose lines Galley made
/// 199.9 to 200.016 px wide under autospace, before a line exactly 1/64 px over stopped fitting), recorded as Tests/Fixtures/chromium/recipes
/// says (Inter 17 px, then "Noto Color Emoji", "Noto Sans CJK SC", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto
/// Sans Devanagari"; `white-space: pre-wrap`, `overflow-wrap: break-word`) into Tests/Fixtures/chromium/parity-*.jsonl;
/// `Scripts/record-chromium --recipe parity-japanese.chrome-ja-320.jsonl` records one again (the recipes add
/// `--text-autospace normal` for the autospace corpus and the `-autospace` files, `--line-break strict` or
/// `anywhere` for the `-strict` and `-anywhere` files). Galley measures with its defaults, web metrics and the
/// page's language.
@Suite struct ChromiumParityTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let corpus: String
        let language: String
        let width: Double
        var autospace = false
        /// CSS `line-break` (`--line-break strict` or `anywhere` when recorded: the `-strict` and `-anywhere` files).
        var strictness = ParagraphStyle.LineBreakStrictness.normal
        /// The least share of rows whose line starts and heights must equal Chromium's.
        var minimum = 1.0

        var testDescription: String {
            "\(corpus) \(language) \(Int(width))\(autospace ? " autospace" : "")"
                + (strictness == .normal ? "" : " \(strictness)")
        }
        var fixture: String {
            "parity-\(corpus).chrome-\(language)-\(Int(width))\(autospace && corpus != "autospace" ? "-autospace" : "")"
                + (strictness == .normal ? "" : "-\(strictness)") + ".jsonl"
        }
    }

    static let cases: [Case] =
        [320.0, 200, 137].flatMap { width in
            [
                Case(corpus: "japanese", language: "zh-CN", width: width),
                Case(corpus: "japanese", language: "ja", width: width),
                // JLREQ's strict rules (no line starts with ー or a small kana): 37-58% of the rows break otherwise.
                Case(corpus: "japanese", language: "ja", width: width, strictness: .strict),
                // line-break: anywhere (a break at every grapheme boundary): 42-74% of the Chinese rows break otherwise.
                Case(corpus: "japanese", language: "ja", width: width, strictness: .anywhere),
                Case(corpus: "chinese", language: "zh-CN", width: width, strictness: .anywhere, minimum: 0.99),
                Case(corpus: "emoji", language: "zh-CN", width: width, minimum: 0.99),
                // A soft hyphen between ideographs: Chromium draws the hyphen in the page's first font (Inter),
                // Galley in the ideographs' (docs/Web.md, "Where Galley still differs").
                Case(corpus: "invisible", language: "zh-CN", width: width, minimum: 0.97),
                Case(corpus: "arrows", language: "zh-CN", width: width),
                Case(corpus: "autospace", language: "zh-CN", width: width, autospace: true),
                // Emergency breaks: in web metrics a line may start with `）` or `、` as in Chromium.
                Case(corpus: "traditional", language: "zh-TW", width: width),
                // Traditional Chinese notes: sentences of everyday prose with full-width punctuation and English.
                Case(corpus: "traditional-notes", language: "zh-TW", width: width),
                // A closing mark before a space at a line's end keeps its full width (`……」 `), as in Chromium.
                Case(corpus: "chinese", language: "zh-CN", width: width),
                Case(corpus: "chinese", language: "zh-CN", width: width, autospace: true),
                // Error messages with hex codes and digits, Traditional and Simplified: a common character keeps the
                // script before it, so `0` after `代碼 ` is not shaped with `x8` (Inter's `0×8`).
                Case(corpus: "hex", language: "zh-TW", width: width, minimum: 0.995),
                Case(corpus: "hex", language: "zh-CN", width: width, minimum: 0.995),
            ]
        }
        // Lines at the limit: one exactly 1/64 px over it by the fonts' units breaks (`LineFit.summingError`).
        + [Case(corpus: "exact-fit", language: "zh-CN", width: 200, autospace: true)]

    @Test(arguments: cases)
    func lineStartsAndHeightsEqualChromiums(_ test: Case) throws {
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.autospace = test.autospace
        style.lineBreakStrictness = test.strictness
        try Self.expectRowsAsChromiums(
            rows: "parity-\(test.corpus).rows.jsonl", fixture: test.fixture, language: test.language, width: test.width,
            style: style,
            minimum: test.minimum, description: test.testDescription)
    }

    /// Measures the rows of `rows` (a file of Tests/Fixtures/chromium) in Inter 17 with the system's fallbacks,
    /// `language` and `style` (and `emphasis` marks; their ruby markup read as ruby when `rubyMarkup`), at `width`,
    /// and expects at least `minimum` of them to have `fixture`'s line starts and heights (offsets in the text
    /// without its markup).
    static func expectRowsAsChromiums(
        rows: String, fixture: String, language: String, width: Double, style: ParagraphStyle,
        emphasis: TextEmphasis? = nil, rubyMarkup: Bool = false, rubyPosition: RubyAnnotation.Position = .over,
        minimum: Double, description: String
    ) throws {
        let inputs = try ChromiumTextFundamentalsTests.rows(rows)
        let answers = try ChromiumTextFundamentalsTests.rows(fixture)
        try #require(inputs.count == answers.count && inputs.count >= 100)
        let library = try TestFonts.system
        let attributes = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: language, paragraphStyle: style,
            textEmphasis: emphasis)
        let measurer = TextMeasurer(fontLibrary: library)
        var same = 0
        var differing: [String] = []
        for (input, answer) in zip(inputs, answers) {
            let written = try #require(input.text)
            let parsed =
                rubyMarkup
                ? try RubyMarkup.parse(written, position: rubyPosition) : RubyMarkup.Parsed(text: written, rubies: [])
            let measurement =
                rubyMarkup
                ? try measurer.measure(parsed.storage(attributes: attributes), width: width)
                : try measurer.measure(written, attributes: attributes, width: width)
            let starts = ChromiumTextFundamentalsTests.scalarOffsets(measurement.utf16LineStarts, in: parsed.text)
            if starts == answer.line_starts, let height = answer.height, abs(measurement.height - height) < 1e-6 {
                same += 1
            } else {
                differing.append(
                    "\(input.id): \(starts) \(measurement.height) vs \(answer.line_starts ?? []) \(answer.height ?? 0)")
            }
        }
        #expect(
            Double(same) / Double(inputs.count) >= minimum,
            "\(description): \(same) of \(inputs.count) rows as Chromium; differing: \(differing.joined(separator: "; "))"
        )
    }
}

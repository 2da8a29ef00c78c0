import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `text-wrap: balance` and `pretty` against Chromium 156 on rows assembled for this check: 160 English sentences of
/// 4 to 56 words and 160 rows of Chinese notes with English, code and a few words of other scripts
/// (Tests/Fixtures/chromium/text-wrap.rows.jsonl), recorded as Tests/Fixtures/chromium/recipes says (Inter 17 px,
/// `lang="zh-CN"`, the bundled fallback faces named after it) at 320, 200 and 137 px; `Scripts/record-chromium
/// --recipe text-wrap.chrome-balance-320.jsonl` records one again.
///
/// The greedy answers (`text-wrap: auto`, `.chrome-auto-*`) tell the rows where the strategies change the lines.
/// Every row counts, those whose greedy lines already differ included. Recorded with Debian 12's fonts-noto-core,
/// fonts-noto-cjk and fonts-noto-color-emoji installed, so that Chromium's fallback faces are the ones Galley
/// bundles (recorded without them, Chromium took other faces for the Hebrew, Arabic and Devanagari words and its
/// greedy lines moved in 2% of the rows).
@Suite struct ChromiumTextWrapTests {
    static let cases: [(ParagraphStyle.TextWrap, Double)] = [
        (.balance, 320), (.balance, 200), (.balance, 137), (.pretty, 320), (.pretty, 200), (.pretty, 137),
    ]

    @Test(arguments: cases)
    func lineStartsEqualChromiums(_ wrap: ParagraphStyle.TextWrap, _ width: Double) throws {
        let inputs = try ChromiumTextFundamentalsTests.rows("text-wrap.rows.jsonl")
        let answers = try ChromiumTextFundamentalsTests.rows("text-wrap.chrome-\(wrap)-\(Int(width)).jsonl")
        let greedy = try ChromiumTextFundamentalsTests.rows("text-wrap.chrome-auto-\(Int(width)).jsonl")
        try #require(inputs.count == answers.count && inputs.count == greedy.count && inputs.count >= 300)
        let library = try TestFonts.bundled
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.textWrap = wrap
        let attributes = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: "zh-CN", paragraphStyle: style)
        let measurer = TextMeasurer(fontLibrary: library)
        var same = 0, changed = 0
        var differing: [String] = []
        for ((input, answer), auto) in zip(zip(inputs, answers), greedy) {
            let text = try #require(input.text)
            let measurement = try measurer.measure(text, attributes: attributes, width: width)
            let starts = ChromiumTextFundamentalsTests.scalarOffsets(measurement.utf16LineStarts, in: text)
            if answer.line_starts != auto.line_starts { changed += 1 }
            if starts == answer.line_starts {
                same += 1
            } else {
                differing.append("\(input.id) \(starts) vs \(answer.line_starts ?? [])")
            }
        }
        // The strategy is exercised: Chromium moved breaks in many rows.
        #expect(changed >= 40, "\(changed) rows changed by \(wrap)")
        #expect(Double(same) / Double(inputs.count) >= 0.99, "\(same) of \(inputs.count): \(differing.prefix(8))")
    }
}

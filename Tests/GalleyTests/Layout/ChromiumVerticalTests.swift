import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Vertical writing against Chromium 156: column starts and block sizes (the columns' total width) of Simplified
/// Chinese with English, code, digits and full-width punctuation (zh-CN; also with `digits 2` tate-chu-yoko and
/// `text-orientation: upright`), Traditional Chinese, its everyday notes and error messages with hex codes (zh-TW), and Japanese (ja; also sideways
/// and `vertical-lr`), at inline sizes of 320 and 200 px (and with `text-wrap` pretty and balance at 200), recorded as Tests/Fixtures/chromium/recipes says
/// (`Scripts/record-chromium --recipe parity-chinese.chrome-zh-CN-320-vertical-rl.jsonl`; Inter 17 px, then the
/// faces Galley bundles). Galley measures with web metrics and the page's language, as ``ChromiumParityTests``.
@Suite struct ChromiumVerticalTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let corpus: String
        let language: String
        let width: Double
        var writingMode = WritingMode.verticalRL
        var orientation = TextOrientation.mixed
        var combine = TextCombineUpright.none
        var textWrap = ParagraphStyle.TextWrap.auto
        /// The least share of rows whose column starts and block sizes must equal Chromium's.
        var minimum = 1.0

        var testDescription: String { fixture }
        var fixture: String {
            var name = "parity-\(corpus).chrome-\(language)-\(Int(width))-\(writingMode.rawValue)"
            if orientation != .mixed { name += "-\(orientation.rawValue)" }
            if case .digits(let count) = combine { name += "-digits\(count)" }
            if textWrap != .auto { name += "-\(textWrap.rawValue)" }
            return name + ".jsonl"
        }
    }

    static let cases: [Case] =
        [
            // Every breaking strategy runs on the one placer in either axis.
            Case(corpus: "chinese", language: "zh-CN", width: 200, textWrap: .pretty),
            Case(corpus: "chinese", language: "zh-CN", width: 200, textWrap: .balance),
        ]
        + [320.0, 200].flatMap { width in
            [
                Case(corpus: "chinese", language: "zh-CN", width: width),
                Case(corpus: "chinese", language: "zh-CN", width: width, combine: .digits(2)),
                // One row at 200: Chromium sets `」` half-width before an upright space at a column's end, which it
                // keeps full-width before a turned one (and in horizontal text).
                Case(corpus: "chinese", language: "zh-CN", width: width, orientation: .upright, minimum: 0.99),
                Case(corpus: "traditional", language: "zh-TW", width: width),
                Case(corpus: "traditional-notes", language: "zh-TW", width: width),
                Case(corpus: "hex", language: "zh-TW", width: width),
                Case(corpus: "japanese", language: "ja", width: width),
                Case(corpus: "japanese", language: "ja", width: width, orientation: .sideways),
                Case(corpus: "japanese", language: "ja", width: width, writingMode: .verticalLR),
            ]
        }

    @Test(arguments: cases)
    func columnStartsAndBlockSizesEqualChromiums(_ test: Case) throws {
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.writingMode = test.writingMode
        style.textOrientation = test.orientation
        style.textCombineUpright = test.combine
        style.textWrap = test.textWrap
        try ChromiumParityTests.expectRowsAsChromiums(
            rows: "parity-\(test.corpus).rows.jsonl", fixture: test.fixture, language: test.language, width: test.width,
            style: style,
            minimum: test.minimum, description: test.testDescription)
    }

    /// The vertical answers are not the horizontal ones: columns of upright CJK and turned Latin break elsewhere
    /// than lines, where turned curly quotes or upright Latin take other advances (so a test comparing with them
    /// could not pass by measuring horizontally).
    @Test func verticalAnswersDifferFromHorizontalOnes() throws {
        let vertical = try ChromiumTextFundamentalsTests.rows(
            "parity-chinese.chrome-zh-CN-200-vertical-rl-upright.jsonl")
        let horizontal = try ChromiumTextFundamentalsTests.rows("parity-chinese.chrome-zh-CN-200.jsonl")
        let differing = zip(vertical, horizontal).filter { $0.line_starts != $1.line_starts }.count
        #expect(differing > 100, "\(differing) of \(vertical.count) rows break differently")
    }
}

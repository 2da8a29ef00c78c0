import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Emphasis marks (CSS `text-emphasis`) against Chromium 156: lines grow to hold the marks as Blink's annotation
/// layout grows them (the marks half an em tall on the characters' em box, less the room the neighbouring line leaves
/// free), so heights equal Chromium's row for row. Recorded as Tests/Fixtures/chromium/recipes says, each row a block
/// of its own (`display: flow-root`): Simplified Chinese with English and code (dots over and under), Traditional
/// Chinese error messages with hex codes (open circles under) and Japanese (sesames over); and in columns, where the
/// marks are on the right whatever over or under says (Japanese `vertical-rl` and `vertical-lr`, Chinese and the
/// error messages, whose Latin and hex codes lie turned in the column), or on the left (`over left`).
@Suite struct ChromiumEmphasisTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let corpus: String
        let language: String
        let width: Double
        let emphasis: TextEmphasis
        let name: String
        var writingMode = WritingMode.horizontalTB

        var testDescription: String { "\(corpus) \(language) \(Int(width)) \(mode)\(name)" }
        var fixture: String { "parity-\(corpus).chrome-\(language)-\(Int(width))-\(mode)emphasis-\(name).jsonl" }
        /// The writing mode's part of a fixture's name (none for horizontal text).
        private var mode: String { writingMode == .horizontalTB ? "" : "\(writingMode.rawValue)-" }
    }

    static let cases: [Case] = [320.0, 200].flatMap { width in
        [
            Case(
                corpus: "chinese", language: "zh-CN", width: width, emphasis: TextEmphasis(position: .over),
                name: "over"),
            Case(
                corpus: "chinese", language: "zh-CN", width: width, emphasis: TextEmphasis(position: .under),
                name: "under"),
            // Chinese marks sit under the line by default (CLREQ, CSS's `auto`).
            Case(
                corpus: "hex", language: "zh-TW", width: width, emphasis: TextEmphasis(.circle, isFilled: false),
                name: "under"),
            Case(
                corpus: "japanese", language: "ja", width: width, emphasis: TextEmphasis(.sesame), name: "over"),
            // In columns: `filled` alone is a sesame there; a position of `under` still puts the marks on the right.
            Case(
                corpus: "japanese", language: "ja", width: width, emphasis: TextEmphasis(), name: "right",
                writingMode: .verticalRL),
            Case(
                corpus: "japanese", language: "ja", width: width, emphasis: TextEmphasis(), name: "right",
                writingMode: .verticalLR),
            // `over left`: the marks on the left, whose half of the column is the smaller under web metrics.
            Case(
                corpus: "japanese", language: "ja", width: width, emphasis: TextEmphasis(columnSide: .left),
                name: "left", writingMode: .verticalRL),
            Case(
                corpus: "japanese", language: "ja", width: width, emphasis: TextEmphasis(columnSide: .left),
                name: "left", writingMode: .verticalLR),
            Case(
                corpus: "chinese", language: "zh-CN", width: width, emphasis: TextEmphasis(.dot, position: .under),
                name: "right", writingMode: .verticalRL),
            Case(
                corpus: "hex", language: "zh-TW", width: width, emphasis: TextEmphasis(.circle, isFilled: false),
                name: "right", writingMode: .verticalRL),
        ]
    }

    @Test(arguments: cases)
    func heightsWithEmphasisMarksEqualChromiums(_ test: Case) throws {
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.writingMode = test.writingMode
        try ChromiumParityTests.expectRowsAsChromiums(
            rows: "parity-\(test.corpus).rows.jsonl", fixture: test.fixture, language: test.language, width: test.width,
            style: style,
            emphasis: test.emphasis, minimum: 1, description: test.testDescription)
    }

    /// The marks change heights only: every row breaks where it breaks without them.
    @Test func marksLeaveLineStartsAlone() throws {
        for test in Self.cases {
            let plain = test.fixture.replacingOccurrences(of: "-emphasis-\(test.name)", with: "")
            let with = try ChromiumTextFundamentalsTests.rows(test.fixture)
            let without = try ChromiumTextFundamentalsTests.rows(plain)
            #expect(with.map(\.line_starts) == without.map(\.line_starts), "\(test.fixture)")
            #expect(zip(with, without).contains { ($0.height ?? 0) > ($1.height ?? 0) }, "\(test.fixture)")
        }
    }
}

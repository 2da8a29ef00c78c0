import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Chinese note paragraphs with full-width punctuation, English words, numbers and code against Chromium 156's
/// line starts, with its default punctuation trimming (`text-spacing-trim: normal`) and with `text-autospace`
/// off and on, recorded as Tests/Fixtures/chromium/recipes says (Inter 17 px, fallback "Noto Sans CJK SC",
/// `lang="zh-CN"`, `overflow-wrap: break-word`) at 320 and 200 px into Tests/Fixtures/chromium/
/// cjk-typography.chrome-*.jsonl; the rows were generated from phrases written for Galley.
/// `Scripts/record-chromium --recipe cjk-typography.chrome-320-autospace.jsonl` records one again. Galley infers the paragraphs' language (zh-Hans) and uses its bundled fonts only, so CI needs no system CJK font.
@Suite struct ChromiumCJKTypographyTests {
    static let cases: [(width: Double, autospace: Bool)] = [(320, false), (320, true), (200, false), (200, true)]

    @Test(arguments: 0..<cases.count)
    func lineStartsEqualChromiums(_ index: Int) throws {
        let (width, autospace) = Self.cases[index]
        let inputs = try ChromiumTextFundamentalsTests.rows("cjk-typography.rows.jsonl")
        let suffix = autospace ? "-autospace" : ""
        let answers = try ChromiumTextFundamentalsTests.rows("cjk-typography.chrome-\(Int(width))\(suffix).jsonl")
        try #require(inputs.count == answers.count && inputs.count >= 150)
        let library = try TestFonts.bundled
        var style = ParagraphStyle()
        style.autospace = autospace
        // Chromium matches fonts as CSS does: the curly quotes and ellipsis are Inter's.
        style.punctuationFont = .css
        let attributes = TextAttributes(font: .font(try library.font(family: "Inter", size: 17)), paragraphStyle: style)
        var differing: [String] = []
        for (input, answer) in zip(inputs, answers) {
            let text = try #require(input.text)
            let storage = TextStorage(text, attributes: attributes)
            let manager = LayoutManager(textStorage: storage, fontLibrary: library)
            manager.addTextContainer(TextContainer(width: width))
            let starts = ChromiumTextFundamentalsTests.scalarOffsets(
                try manager.layout().lineFragments.map(\.characterRange.lowerBound), in: text)
            if starts != answer.line_starts {
                differing.append("\(input.id): \(starts) vs \(answer.line_starts ?? [])")
            }
        }
        let agreement = Double(inputs.count - differing.count) / Double(inputs.count)
        #expect(
            agreement >= 0.97,
            "CJK typography at \(width) px, autospace \(autospace): \(inputs.count - differing.count)/\(inputs.count); differing: \(differing)"
        )
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Row heights and line breaks against Chromium 156 on rows like those lists show on web pages: English prose,
/// Chinese with English and code, URLs, paths, identifiers, numbers with hyphens, emoji, Arabic, long unbreakable
/// tokens, recorded as Tests/Fixtures/chromium/recipes says (Inter 17 px, then the faces Galley bundles, `lang="zh-CN"`,
/// `white-space: pre-wrap`, `overflow-wrap: break-word`, `line-height: normal`) at 320 and 200 px into
/// Tests/Fixtures/chromium/web-measure.chrome-*.jsonl; the rows were generated from sentences written for Galley.
/// `Scripts/record-chromium --recipe web-measure.chrome-320.jsonl` records one again.
///
/// Galley measures them with its defaults (CSS line breaking) and web metrics.
@Suite struct ChromiumWebMeasureTests {
    @Test(arguments: [320.0, 200.0])
    func lineStartsLineCountsAndHeightsEqualChromiums(_ width: Double) throws {
        let inputs = try ChromiumTextFundamentalsTests.rows("web-measure.rows.jsonl")
        let answers = try ChromiumTextFundamentalsTests.rows("web-measure.chrome-\(Int(width)).jsonl")
        try #require(inputs.count == answers.count && inputs.count >= 400)
        let library = try TestFonts.system
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        let attributes = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: "zh-CN", paragraphStyle: style)
        let measurer = TextMeasurer(fontLibrary: library)
        var starts = 0, counts = 0, heights = 0
        var differing: [String] = []
        for (input, answer) in zip(inputs, answers) {
            let text = try #require(input.text)
            let measurement = try measurer.measure(text, attributes: attributes, width: width)
            let lineStarts = ChromiumTextFundamentalsTests.scalarOffsets(measurement.utf16LineStarts, in: text)
            if lineStarts == answer.line_starts {
                starts += 1
            } else {
                differing.append("\(input.id) starts \(lineStarts) vs \(answer.line_starts ?? [])")
            }
            if measurement.lineCount == answer.lines { counts += 1 }
            if let height = answer.height, abs(measurement.height - height) < 1e-6 {
                heights += 1
            } else {
                differing.append("\(input.id) height \(measurement.height) vs \(answer.height ?? 0)")
            }
        }
        let total = Double(inputs.count)
        let summary =
            "web measure at \(width) px: starts \(starts), counts \(counts), heights \(heights) of \(inputs.count); "
            + "differing: \(differing.joined(separator: "; "))"
        #expect(Double(starts) / total >= 0.99, "\(summary)")
        #expect(Double(counts) / total >= 0.998, "\(summary)")
        #expect(Double(heights) / total >= 0.99, "\(summary)")
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Lines exactly 1/64 px past their width, by the fonts' own units: Chromium breaks them (its glyph advances,
/// rounded to 1/65536 px, sum to a hair more), and so does Galley, whose sums of advances put them a hair under
/// before `LineFit.summingError`. Chromium 156's answers at 200 px (Scripts/record-chromium, Inter 17 and the
/// bundled fallbacks, `--lang zh-CN`, with and without `--text-autospace normal`): a note row of English and code
/// (Benchmarks/Corpus/notes.txt, row 3166) and two Chinese rows with Latin words (chinese.txt, rows 1760 and 4011).
@Suite struct ExactFitTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let autospace: Bool
        let lineStarts: [Int]
        let height: Double
        var testDescription: String { "\(text.prefix(12))… autospace \(autospace)" }
    }

    static let english =
        "The meeting moved to Thursday afternoon with `git commit -m fix`? Line breaking is harder than it looks."
    static let chinese1760 =
        "一起个黔上1342次：粳葬鼎窃酗颧：种的是以是在一肥崎一对地有会你疥HTTP幢榔不。剧所珍也你饭缺剥人里是在破狂发年 CPU 概曰操，作基有仁晴有事去站了为续一，到着在翰JSON这塘个从…宪污保背的渴盯在上时的、来而俊摧海生榷蛆扇毫斟部些！"
    static let chinese4011 =
        "一选撮年人脐挪，卿霸是瞧钡是媳起抹而来琶建。么践地了能主也小篓法地一一他充 CPU 为适峡护执震不；女自的发瘸斜绒701%；是嘴是馋看刮驰方…大咙哎时词添JSON誊说狂粒嚏峭梳，我的任士就捷浴事下HTTP一他屈道，术然北之恐一方用诊 `ls -la /tmp` …"

    static let cases = [
        Case(text: english, autospace: false, lineStarts: [0, 21, 45, 66, 90], height: 100),
        Case(text: english, autospace: true, lineStarts: [0, 21, 45, 66, 90], height: 100),
        Case(
            text: chinese1760, autospace: true, lineStarts: [0, 13, 24, 34, 46, 57, 71, 82, 94, 104, 115], height: 275),
        Case(
            text: chinese4011, autospace: true, lineStarts: [0, 11, 22, 33, 47, 57, 69, 81, 92, 104, 115], height: 275),
    ]

    @Test(arguments: cases)
    func aLineOneUnitPastItsWidthBreaks(_ test: Case) throws {
        let library = try TestFonts.bundled
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.autospace = test.autospace
        let attributes = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: "zh-CN", paragraphStyle: style)
        let measurement = try TextMeasurer(fontLibrary: library).measure(test.text, attributes: attributes, width: 200)
        let starts = ChromiumTextFundamentalsTests.scalarOffsets(measurement.utf16LineStarts, in: test.text)
        #expect(starts == test.lineStarts)
        #expect(measurement.height == test.height)
    }

    /// The bound itself: 1/64 past the width does not fit however the sums round; a hair under it does.
    @Test func theBoundIsExact() {
        #expect(!LineFit.fits(200 + LineFit.tolerance, in: 200))
        #expect(!LineFit.fits(587.634943181818 - 387.61931818181813, in: 200))
        #expect(LineFit.fits(200 + LineFit.tolerance - 1.0 / 65536, in: 200))
    }
}

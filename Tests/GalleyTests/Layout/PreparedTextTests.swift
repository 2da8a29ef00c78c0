import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A text prepared once and measured at several widths (its lines read from packed breaks) gives exactly what
/// measuring it afresh at each width gives (the live line breaker's lines).
@Suite struct PreparedTextTests {
    private static let rows = Array(TestFonts.noteRows.prefix(400))

    @Test(arguments: [
        ("plain", TextAttributes()),
        (
            "hyphenated",
            TextAttributes(
                paragraphStyle: {
                    var style = ParagraphStyle(); style.hyphenationFactor = 1; return style
                }())
        ),
        (
            "Chinese, autospace",
            TextAttributes(
                language: "zh-Hans",
                paragraphStyle: {
                    var style = ParagraphStyle(); style.autospace = true; return style
                }())
        ),
        (
            "spaced",
            TextAttributes(
                paragraphStyle: {
                    var style = ParagraphStyle()
                    style.lineSpacing = 3
                    style.paragraphSpacing = 7
                    style.paragraphSpacingBefore = 5
                    style.lineHeightMultiple = 1.2
                    return style
                }())
        ),
    ])
    func preparedMeasurementsEqualFreshOnes(_ name: String, _ attributes: TextAttributes) throws {
        #expect(Self.rows.count == 400)
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let fresh = TextMeasurer(fontLibrary: try TestFonts.bundled)
        var differing: [String] = []
        for row in Self.rows {
            // An empty paragraph, and one opening with a full-width bracket (a trimmed mark that widens back).
            let storage = TextStorage(row + "\n\n（第二段）second paragraph of the row", attributes: attributes)
            let prepared = try measurer.prepare(storage)
            for width in [48.0, 120, 200, 317.5, 320, 375, 414, 1_000] {
                for lines in [0, 2] {
                    let expected = try fresh.measure(storage, width: width, maximumNumberOfLines: lines)
                    if try prepared.measure(width: width, maximumNumberOfLines: lines) != expected {
                        differing.append("\(name) \(width) \(lines): \(row.prefix(40))")
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    @Test func aBadWidthIsTheMeasurersError() throws {
        let prepared = try TextMeasurer(fontLibrary: try TestFonts.bundled).prepare(TextStorage("hello"))
        #expect(throws: LayoutError.self) { try prepared.measure(width: 0) }
        #expect(throws: LayoutError.self) { try prepared.measure(width: .nan) }
        #expect(try prepared.measure(width: 100).lineCount == 1)
    }
}

/// Every property of a paragraph style changed in turn gives prepared measurements equal to fresh ones.
@Suite struct PreparedFittingTests {
    /// A value other than the default for each stored property of ``ParagraphStyle``.
    private static let changes: [String: @Sendable (inout ParagraphStyle) throws -> Void] = [
        "alignment": { $0.alignment = .justified },
        "lineBreakMode": { $0.lineBreakMode = .charWrap },
        "lineBreakStrictness": { $0.lineBreakStrictness = .strict },
        "baseWritingDirection": { $0.baseWritingDirection = .rightToLeft },
        "firstLineHeadIndent": { $0.firstLineHeadIndent = 13 },
        "headIndent": { $0.headIndent = 9 },
        "tailIndent": { $0.tailIndent = -11 },
        "lineSpacing": { $0.lineSpacing = 4 },
        "lineHeightMultiple": { $0.lineHeightMultiple = 1.3 },
        "minimumLineHeight": { $0.minimumLineHeight = 30 },
        "maximumLineHeight": { $0.maximumLineHeight = 12 },
        "paragraphSpacing": { $0.paragraphSpacing = 6 },
        "paragraphSpacingBefore": { $0.paragraphSpacingBefore = 5 },
        "tabStops": { try $0.setTabStops([TextTab(location: 40)]) },
        "defaultTabInterval": { $0.defaultTabInterval = 50 },
        "hyphenationFactor": { $0.hyphenationFactor = 0.8 },
        "maximumConsecutiveHyphenatedLines": { $0.maximumConsecutiveHyphenatedLines = 1 },
        "textWrap": { $0.textWrap = .pretty },
        "lineBreakRules": { $0.lineBreakRules = .unicode },
        "wordBreak": { $0.wordBreak = .breakAll },
        "overflowWrap": { $0.overflowWrap = .normal },
        "lineHeightMetrics": { $0.lineHeightMetrics = .web },
        "punctuationTrim": { $0.punctuationTrim = .none },
        "punctuationFont": { $0.punctuationFont = .css },
        "textLists": { $0.textLists = [TextList(markerFormat: .decimal)] },
        "listIndent": { $0.listIndent = 40 },
        "autospace": { $0.autospace = true },
        "hangingPunctuation": { $0.hangingPunctuation = .init(first: true, end: .allow, last: true) },
        "tableCell": { $0.tableCell = TextTableCell(table: TextTable(columnCount: 2), row: 0, column: 1) },
        "indentsWrappedLines": { $0.indentsWrappedLines = true },
        "keepsMonospaceCells": { $0.keepsMonospaceCells = true },
        "breaksCodeAtJoints": { $0.breaksCodeAtJoints = true },
        "writingMode": { $0.writingMode = .verticalRL },
        "textOrientation": { $0.textOrientation = .upright },
        "textCombineUpright": { $0.textCombineUpright = .digits(2) },
        "headerLevel": { $0.headerLevel = 2 },
        "textBlocks": { $0.textBlocks = [TextBlock(ruleColor: .black)] },
        "orphans": { $0.orphans = 1 },
        "widows": { $0.widows = 3 },
    ]

    @Test func everyStoredPropertyIsChanged() {
        let properties = Set(Mirror(reflecting: ParagraphStyle()).children.compactMap(\.label))
        #expect(properties == Set(Self.changes.keys))
    }

    @Test(arguments: changes.keys.sorted())
    func changingAPropertyKeepsPreparedMeasurementsEqualToFreshOnes(_ property: String) throws {
        var style = ParagraphStyle()
        let change = try #require(Self.changes[property])
        try change(&style)
        let rows = [
            "The quick brown fox jumps over the lazy dog, again and again, until the line is full.",
            "我们在 Linux 上用 Swift 写排版引擎，用 HarfBuzz 塑形，“引号”与（括号）紧排。第二句话在这里。",
            "ls -la /usr/local/bin && echo \"done\" -> next step",
        ]
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let fresh = TextMeasurer(fontLibrary: try TestFonts.bundled)
        for row in rows {
            let storage = TextStorage(
                row + "\n" + row, attributes: TextAttributes(language: "zh-Hans", paragraphStyle: style))
            let prepared = try measurer.prepare(storage)
            for width in [60.0, 143, 200, 320] {
                let measured = try prepared.measure(width: width)
                let expected = try fresh.measure(storage, width: width, maximumNumberOfLines: 0)
                #expect(measured == expected, "\(property) at \(width): \(row.prefix(20))")
            }
        }
    }
}

import Foundation
import Testing

@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A prepared text whose paragraphs are all plain is measured by placing its lines directly
/// (`Typesetter.placePlainly`), without the line placer: every measurement equals the placer's, across what a plain
/// paragraph may still vary (alignment, direction, indents, spacing, line heights, fonts and sizes inside a line,
/// empty paragraphs, widths down to where a word no longer fits), and the texts that are not plain go the general way.
@Suite struct PlainPlacementTests {
    private static let rows =
        Array(TestFonts.noteRows.prefix(150))
        + [
            "عندما يريد العالم أن يتكلّم، فهو يتحدّث بلغة يونيكود. سجّل الآن لحضور المؤتمر الدولي العاشر.",
            "שלום עולם, זהו משפט ארוך בעברית שנשבר על פני כמה שורות כדי לבדוק יישור לימין.",
            "长文本：我们在 Linux 上用 Swift 写排版引擎，用 HarfBuzz 塑形，“引号”与（括号）紧排。第二句话在这里，结尾是句号。",
            "ls -la /usr/local/bin && echo \"done\" -> next step; https://example.com/a/very/long/path/without/breaks",
        ]

    /// Paragraph styles a plain paragraph may have, each with its own name.
    private static let styles: [(String, ParagraphStyle)] = [
        ("default", ParagraphStyle()),
        ("right", style { $0.alignment = .right }),
        ("centre", style { $0.alignment = .center }),
        (
            "left, right to left",
            style {
                $0.alignment = .left; $0.baseWritingDirection = .rightToLeft
            }
        ),
        (
            "indented",
            style {
                $0.firstLineHeadIndent = 24
                $0.headIndent = 8
                $0.tailIndent = -12
            }
        ),
        (
            "spaced",
            style {
                $0.lineSpacing = 3
                $0.paragraphSpacing = 7
                $0.paragraphSpacingBefore = 5
                $0.lineHeightMultiple = 1.2
            }
        ),
        (
            "line heights bounded",
            style {
                $0.minimumLineHeight = 24; $0.maximumLineHeight = 26
            }
        ),
        (
            "autospace, trim",
            style {
                $0.autospace = true; $0.punctuationTrim = .none
            }
        ),
    ]

    private static func style(_ change: (inout ParagraphStyle) -> Void) -> ParagraphStyle {
        var style = ParagraphStyle()
        change(&style)
        return style
    }

    /// `row` as a text of three paragraphs (the second empty), in `style`, its second word larger and its last
    /// ten UTF-16 units in the monospace face: lines whose runs differ in height.
    private static func storage(_ row: String, style: ParagraphStyle, library: FontLibrary) throws -> TextStorage {
        let storage = TextStorage(
            row + "\n\n" + row.prefix(30), attributes: TextAttributes(language: "zh-Hans", paragraphStyle: style))
        let length = row.utf16.count
        if length > 20 {
            try storage.addAttributes(
                TextAttributes(font: .font(try library.font(family: "Inter", size: 24, weight: 700))), range: 6..<12)
            try storage.addAttributes(
                TextAttributes(font: .font(try library.font(family: "JetBrains Mono", size: 13))),
                range: (length - 10)..<length)
        }
        return storage
    }

    @Test(arguments: styles.map(\.0))
    func directPlacementEqualsThePlacers(_ name: String) throws {
        let style = try #require(Self.styles.first { $0.0 == name }?.1)
        let library = try TestFonts.bundled
        let measurer = TextMeasurer(fontLibrary: library), fresh = TextMeasurer(fontLibrary: library)
        var differing: [String] = [], plain = 0
        for row in Self.rows {
            let storage = try Self.storage(row, style: style, library: library)
            let prepared = try measurer.prepare(storage)
            if prepared.isPlain { plain += 1 }
            for width in [30.0, 61, 120, 199.5, 200, 320, 375, 414, 1_000] {
                if try prepared.measure(width: width) != fresh.measure(storage, width: width) {
                    differing.append("\(width): \(row.prefix(40))")
                }
            }
        }
        #expect(differing.isEmpty, "\(name): \(differing.count) differ, \(differing.prefix(5))")
        // Measured directly: else the comparison above is the placer's with itself.
        #expect(plain == Self.rows.count, "\(name): \(plain) of \(Self.rows.count) plain")
    }

    @Test func textsThatNeedThePlacerAreNotPlain() throws {
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let row = "The quick brown fox jumps over the lazy dog, again and again, until the line is full."
        #expect(try measurer.prepare(TextStorage(row)).isPlain)
        let changes: [(String, (inout ParagraphStyle) -> Void)] = [
            ("justified", { $0.alignment = .justified }), ("pretty", { $0.textWrap = .pretty }),
            ("web", { $0.lineHeightMetrics = .web }), ("hyphenated", { $0.hyphenationFactor = 1 }),
            ("wrap indents", { $0.indentsWrappedLines = true }), ("vertical", { $0.writingMode = .verticalRL }),
            ("list", { $0.textLists = [TextList(markerFormat: .decimal)] }),
            ("characters", { $0.lineBreakMode = .charWrap }),
            ("hanging", { $0.hangingPunctuation = .init(first: true, end: .allow, last: true) }),
        ]
        for (name, change) in changes {
            var style = ParagraphStyle()
            change(&style)
            #expect(
                try !measurer.prepare(TextStorage(row, attributes: TextAttributes(paragraphStyle: style))).isPlain,
                "\(name)")
        }
        #expect(try !measurer.prepare(TextStorage(row + "\tend")).isPlain, "a tab")
        #expect(try !measurer.prepare(TextStorage("soft\u{AD}hyphen " + row)).isPlain, "a soft hyphen")
        var marked = TextAttributes()
        marked.textEmphasis = TextEmphasis(.dot)
        #expect(try !measurer.prepare(TextStorage("着重号", attributes: marked)).isPlain, "emphasis marks")
    }
}

import Foundation
import Testing

@testable import Galley

/// A text prepared once and measured at several widths gives exactly what the typesetter gives measuring it afresh
/// line by line at each width (which ``TextMeasurer/measure(_:width:maximumNumberOfLines:)`` does only with a line
/// limit, and is otherwise a prepared text's measurement).
@Suite struct PreparedTextTests {
    private static let rows: [String] = {
        let corpus = TestFonts.repositoryRoot.appendingPathComponent("Benchmarks/Corpus/notes.txt")
        let text = (try? String(contentsOf: corpus, encoding: .utf8)) ?? ""
        return Array(text.split(separator: "\n").prefix(400).map(String.init))
    }()

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
        var plain = 0
        for row in Self.rows {
            // An empty paragraph, and one opening with a full-width bracket (a trimmed mark that widens back).
            let storage = TextStorage(row + "\n\n（第二段）second paragraph of the row", attributes: attributes)
            let prepared = try measurer.prepare(storage)
            if prepared.isPlain { plain += 1 }
            for width in [48.0, 120, 200, 317.5, 320, 375, 414, 1_000] {
                for lines in [0, 2] {
                    let expected = try fresh.measureLineByLine(storage, width: width, maximumNumberOfLines: lines)
                    if try prepared.measure(width: width, maximumNumberOfLines: lines) != expected {
                        differing.append("\(name) \(width) \(lines): \(row.prefix(40))")
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // Most rows take the plain path (re-broken from the numbers kept per opportunity), so it is what is tested;
        // hyphenation always takes the typesetter's.
        if name == "hyphenated" {
            #expect(plain == 0)
        } else {
            #expect(plain >= 300, "\(plain) of 400 rows plain")
        }
    }

    @Test func aBadWidthIsTheMeasurersError() throws {
        let prepared = try TextMeasurer(fontLibrary: try TestFonts.bundled).prepare(TextStorage("hello"))
        #expect(throws: LayoutError.self) { try prepared.measure(width: 0) }
        #expect(throws: LayoutError.self) { try prepared.measure(width: .nan) }
        #expect(try prepared.measure(width: 100).lineCount == 1)
    }
}

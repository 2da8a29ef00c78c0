import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// A line's paint is read from the runs it covers, found by bisection: the same paints as reading every run of
/// the paragraph, for lines anywhere in paragraphs of many runs (the full scan made a paragraph of many runs
/// quadratic, each line reading all of them: 16,000 autolinks took 13.8 s).
struct LinePaintTests {
    @Test func aLinesPaintIsThatOfTheRunsItCovers() throws {
        var random = SystemRandomNumberGenerator()
        let colours = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1), nil]
        for _ in 0..<50 {
            let length = Int.random(in: 1...200, using: &random)
            let storage = TextStorage(String(repeating: "a", count: length))
            var offset = 0
            while offset < length {
                let end = min(length, offset + Int.random(in: 1...12, using: &random))
                var attributes = TextAttributes()
                attributes.foregroundColor = colours.randomElement(using: &random)!
                attributes.underline = Bool.random(using: &random) ? TextDecoration() : nil
                try storage.setAttributes(attributes, range: offset..<end)
                offset = end
            }
            let paragraph = try #require(storage.paragraphs.first)
            for _ in 0..<20 {
                let lower = Int.random(in: 0...length, using: &random)
                let range = lower..<Int.random(in: lower...length, using: &random)
                let paint = LinePaint(of: paragraph, in: range)
                for offset in range {
                    let run = try #require(paragraph.attributeRuns.first { $0.utf16Range.contains(offset) })
                    #expect(paint.paint(atLineOffset: offset - range.lowerBound) == TextPaint(run.attributes))
                }
                // Every paint the line uses, each stretch once: the covered runs' paints with neighbours merged.
                var expected: [TextPaint] = []
                for run in paragraph.attributeRuns where run.utf16Range.overlaps(range) {
                    let paint = TextPaint(run.attributes)
                    if paint != expected.last { expected.append(paint) }
                }
                if !range.isEmpty { #expect(paint.allPaints == expected, "\(range)") }
            }
        }
    }
}

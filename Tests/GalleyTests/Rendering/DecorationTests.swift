import Testing

@testable import Galley

/// Underlines and strikethroughs drawn as a reader expects: one level line across scripts and fallback fonts,
/// stopping at the last visible character of a wrapped line.
@Suite struct DecorationTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// The rows of red pixels in each pixel column that has any.
    static func redRows(_ canvas: Canvas) -> [Int: Set<Int>] {
        var rows: [Int: Set<Int>] = [:]
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas.pixel(x: x, y: y)
                if pixel.r > 200, pixel.g < 60, pixel.b < 60 { rows[x, default: []].insert(y) }
            }
        }
        return rows
    }

    @Test func oneUnderlineRowRunsAcrossLatinChineseAndArabic() throws {
        let attributes = TextAttributes(
            font: .textStyle(.body), foregroundColor: .black, underline: TextDecoration(.single, color: Self.red))
        let storage = TextStorage("Galley 排版引擎 مرحبا text", attributes: attributes)
        let (canvas, layout) = try RenderFixtures.render(storage, width: 360)
        #expect(layout.lineFragments.count == 1)
        let fonts = Set(layout.lineFragments[0].runs.map(\.glyphRun.font.face.familyName))
        #expect(fonts.count >= 3, "the line mixes fallback fonts: \(fonts)")
        let rows = Self.redRows(canvas)
        let used = layout.lineFragments[0].usedRect
        let span = Int((used.minX + 16) * 2 + 2)..<Int((used.maxX + 16) * 2 - 2)
        let expected = try #require(rows[span.lowerBound])
        #expect(!expected.isEmpty && expected.count <= 4)
        for x in span {
            #expect(rows[x] == expected, "column \(x): \(rows[x].map { $0.sorted() } ?? [])")
        }
    }

    @Test func underlinesStopAtTheLastCharacterOfAWrappedLine() throws {
        let attributes = TextAttributes(
            font: .textStyle(.body), foregroundColor: .black, underline: TextDecoration(.single, color: Self.red))
        let storage = TextStorage("underlined words wrap onto several lines here", attributes: attributes)
        let (canvas, layout) = try RenderFixtures.render(storage, width: 120)
        #expect(layout.lineFragments.count > 2)
        let rows = Self.redRows(canvas)
        for fragment in layout.lineFragments {
            let top = Int((fragment.rect.minY + 16) * 2), bottom = Int((fragment.rect.maxY + 16) * 2)
            let columns = rows.filter { !$0.value.filter { (top..<bottom).contains($0) }.isEmpty }.keys
            let rightmost = try #require(columns.max())
            // At most the anti-aliased pixel past the last glyph's advance.
            #expect(Double(rightmost) <= (fragment.usedRect.maxX + 16) * 2 + 1, "line at \(fragment.rect.minY)")
        }
    }
}

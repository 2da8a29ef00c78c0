import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

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
        // Drawn through the ink, so every column of the line shows the underline's rows.
        let attributes = TextAttributes(
            font: .textStyle(.body), foregroundColor: .black,
            underline: TextDecoration(.single, color: Self.red, skipInk: .none))
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

    /// Under Chinese the underline sits below the ideographic em box, clear of the bottoms of 的 and 是, and stays
    /// one level line where the text goes on in Latin.
    @Test func underlinesUnderChineseClearTheIdeographs() throws {
        let text = "中文下划线的是 Galley"
        func render(underlined: Bool) throws -> Canvas {
            var attributes = TextAttributes(
                font: .font(try TestFonts.bundled.font(family: "Inter", size: 24)), foregroundColor: .black)
            attributes.language = "zh-Hans"
            if underlined { attributes.underline = TextDecoration(.single, color: Self.red, skipInk: .none) }
            return try RenderFixtures.render(TextStorage(text, attributes: attributes), width: 400).0
        }
        let plain = try render(underlined: false)
        let underlined = try render(underlined: true)
        let (_, layout) = try RenderFixtures.render(
            TextStorage(
                text, attributes: TextAttributes(font: .font(try TestFonts.bundled.font(family: "Inter", size: 24)))),
            width: 400)
        let cjk = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 24)
        let emBoxBottom = (layout.lineFragments[0].baselineY + (try #require(cjk.ideographicDepth)) + 16) * 2
        let rows = Self.redRows(underlined)
        let underlineTop = try #require(rows.values.map { $0.min()! }.min())
        #expect(Set(rows.values.map { $0.min()! }).count == 1, "one level line")
        #expect(Double(underlineTop) >= emBoxBottom.rounded(.down), "below the em box's bottom, row \(emBoxBottom)")
        // The lowest row with ink of the seven ideographs alone, an em each (the Latin word's descenders excluded);
        // the image has a 16 pt margin at 2 pixels per point.
        let ideographsEnd = (7 * 24 + 16) * 2
        var lowestInk = 0
        for y in 0..<plain.height {
            for x in 0..<ideographsEnd where plain.pixel(x: x, y: y).r < 128 { lowestInk = max(lowestInk, y) }
        }
        #expect(lowestInk + 1 < underlineTop, "ink ends at row \(lowestInk), the underline starts at \(underlineTop)")
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

    /// The red columns of the underline under `text`, drawn with `skipInk`, in black text at 24 pt.
    static func underlinedColumns(_ text: String, skipInk: TextDecoration.SkipInk) throws -> (Set<Int>, Int) {
        let attributes = TextAttributes(
            font: .styled(.body, family: "Inter"), foregroundColor: .black,
            underline: TextDecoration(.single, color: Self.red, skipInk: skipInk))
        let storage = TextStorage(text, attributes: attributes)
        let (canvas, layout) = try RenderFixtures.render(storage, width: 360)
        let used = layout.lineFragments[0].usedRect
        return (Set(Self.redRows(canvas).keys), Int((used.maxX - used.minX) * 2))
    }

    /// Skip-ink (CSS `text-decoration-skip-ink`): `auto` and `all` leave gaps where descenders cross the
    /// underline, `none` draws through them; `auto` underlines ideographs whole, `all` does not spare them.
    @Test func underlinesGiveWayToDescenders() throws {
        let (through, width) = try Self.underlinedColumns("gypsy jumping", skipInk: .none)
        let (skipping, _) = try Self.underlinedColumns("gypsy jumping", skipInk: .auto)
        #expect(through.count >= width - 4, "drawn through: \(through.count) of \(width) columns")
        #expect(skipping.isSubset(of: through))
        // Six descenders (g y p y j p g): each leaves a gap of its ink and twice the line's thickness.
        #expect(through.count - skipping.count > 6 * 4, "\(through.count - skipping.count) columns skipped")
        let runs = skipping.sorted().reduce(into: [[Int]]()) { runs, x in
            if let last = runs.last?.last, last == x - 1 { runs[runs.count - 1].append(x) } else { runs.append([x]) }
        }
        #expect(runs.count >= 4, "the underline is broken into pieces between the descenders: \(runs.count)")
        // No descender, no gap.
        let (plain, plainWidth) = try Self.underlinedColumns("nominal text", skipInk: .auto)
        #expect(plain.count >= plainWidth - 4)
        // Ideographs keep their underline under auto; the whole line of them is underlined.
        let (chinese, chineseWidth) = try Self.underlinedColumns("中文下划线", skipInk: .auto)
        #expect(chinese.count >= chineseWidth - 4)
    }
}

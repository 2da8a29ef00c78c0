import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Emphasis marks in layout and drawing: one mark centred on each character that takes one, over or under the
/// line, which grows to hold them; drawn in the marks' colour, and never written into a PDF's text.
@Suite struct EmphasisMarkTests {
    private func layout(_ text: String, emphasis: TextEmphasis?, width: Double = 320) throws -> TextLayout {
        try LayoutFixtures.layout(
            text, attributes: TextAttributes(font: .textStyle(.body), language: "zh-CN", textEmphasis: emphasis),
            container: TextContainer(width: width, height: 0)
        ).0
    }

    @Test func eachIdeographTakesOneMarkCentredOverIt() throws {
        let text = "着重号，用来强调。"
        let placed = try layout(text, emphasis: TextEmphasis(position: .over))
        let line = try #require(placed.lineFragments.first)
        // Seven ideographs; the comma and the stop take none.
        #expect(line.emphasisMarks.count == 7)
        let run = try #require(line.runs.first)
        let scalars = Array(text.unicodeScalars)
        let marked = zip(run.glyphRun.glyphs, run.glyphPositions).filter { TextEmphasis.marks(scalars[$0.0.cluster]) }
        #expect(marked.count == line.emphasisMarks.count)
        for (mark, (glyph, x)) in zip(line.emphasisMarks, marked) {
            let centre = mark.origin.x + mark.width / 2
            #expect(abs(centre - (x + glyph.advance / 2)) < 1e-6)
            // Over the characters: the mark's baseline above the line's by more than the ideographs' em box.
            #expect(mark.origin.y < line.baselineY - 0.8 * 17)
        }
    }

    /// Characters asking for different marks on one side shape in one run; each still takes its own mark.
    @Test func eachCharacterTakesTheMarkItsAttributesName() throws {
        let storage = TextStorage()
        for (character, shape) in [("着", TextEmphasis.Shape.dot), ("重", .circle), ("号", .triangle)] {
            storage.append(
                character,
                attributes: TextAttributes(
                    font: .textStyle(.body), language: "ja", textEmphasis: TextEmphasis(shape, position: .over)))
        }
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 300, height: 0))
        let line = try #require(try manager.layout().lineFragments.first)
        let glyphs = line.emphasisMarks.map { $0.glyphRun.glyphs.map(\.glyphID) }
        #expect(glyphs.count == 3)
        #expect(Set(glyphs).count == 3, "\(glyphs)")
    }

    /// In a column the marks stand upright on the right in either vertical mode (CSS's `right`, whatever the
    /// horizontal position says) or on the left, one centred beside each ideograph and one beside combined digits,
    /// and the column widens for them.
    @Test func columnsTakeUprightMarksOnTheRight() throws {
        let text = "着重号，用来强调12"
        for mode in [WritingMode.verticalRL, .verticalLR] {
            var style = ParagraphStyle()
            style.writingMode = mode
            style.textCombineUpright = .digits(2)
            func column(_ emphasis: TextEmphasis?) throws -> TextLayout {
                let attributes = TextAttributes(
                    font: .textStyle(.body), language: "zh-CN", paragraphStyle: style, textEmphasis: emphasis)
                return try LayoutFixtures.layout(
                    text, attributes: attributes, container: TextContainer(width: 200, height: 300)
                ).0
            }
            let plain = try column(nil), marked = try column(TextEmphasis(position: .under))
            // `left` puts them on the other side of the column's centre line.
            let left = try #require(try column(TextEmphasis(columnSide: .left)).lineFragments.first)
            #expect(left.emphasisMarks.count == 8)
            #expect(
                left.emphasisMarks.allSatisfy {
                    let across = $0.origin.y - left.baselineY
                    return mode == .verticalRL ? across > 8 : across < -8
                }, "\(mode)")
            let line = try #require(marked.lineFragments.first)
            // Seven ideographs and the combined digits; the comma takes none.
            #expect(line.emphasisMarks.count == 8, "\(mode)")
            // Half the font's size more across the columns (line coordinates' block extent).
            #expect(marked.usedRect().maxY > plain.usedRect().maxY + 4, "\(mode)")
            for mark in line.emphasisMarks {
                #expect(mark.glyphRun.shaping.orientation.isVertical, "\(mode): the mark stands upright")
                // Right of the column's centre line: nearer its top in vertical-rl, its bottom in vertical-lr.
                let across = mark.origin.y - line.baselineY
                #expect(mode == .verticalRL ? across < -8 : across > 8, "\(mode): \(across)")
                // Along the column, centred on its character (the combined digits' em for the last).
                let character = try #require(
                    line.runs.first { $0.characterRange.contains(mark.characterRange.lowerBound) })
                var pen = character.origin.x, advance = 0.0
                for glyph in character.glyphRun.glyphs {
                    if glyph.cluster + line.paragraphStart < mark.characterRange.lowerBound {
                        pen += glyph.advance
                    } else if character.glyphRun.shaping.orientation == .combined
                        || glyph.cluster + line.paragraphStart == mark.characterRange.lowerBound
                    {
                        advance += glyph.advance
                    }
                }
                #expect(abs(mark.origin.x + mark.width / 2 - (pen + advance / 2)) < 1e-6, "\(mode)")
            }
        }
    }

    /// A mark no font has (the bundled faces are cut without the sesame `﹅` and the double circle `◉`) is drawn as
    /// the dot of its fill rather than a missing-glyph box; a mark a font has is drawn as asked.
    @Test func aMarkNoFontHasIsDrawnAsADot() throws {
        func glyphs(_ emphasis: TextEmphasis) throws -> [UInt32] {
            let line = try #require(try layout("着重", emphasis: emphasis).lineFragments.first)
            return line.emphasisMarks.flatMap { $0.glyphRun.glyphs.map(\.glyphID) }
        }
        let dot = try glyphs(TextEmphasis(.dot)), openDot = try glyphs(TextEmphasis(.dot, isFilled: false))
        #expect(dot.count == 2 && !dot.contains(0))
        #expect(try glyphs(TextEmphasis(.sesame)) == dot)
        #expect(try glyphs(TextEmphasis(.sesame, isFilled: false)) == openDot)
        #expect(try glyphs(TextEmphasis(.doubleCircle)) == dot)
        let circle = try glyphs(TextEmphasis(.circle))
        #expect(circle != dot && !circle.contains(0))
    }

    @Test func marksUnderSitBelowTheBaselineAndTheLineGrowsForThem() throws {
        let plain = try layout("着重号", emphasis: nil)
        let under = try layout("着重号", emphasis: TextEmphasis(position: .under))
        let over = try layout("着重号", emphasis: TextEmphasis(position: .over))
        let line = try #require(under.lineFragments.first)
        #expect(line.emphasisMarks.allSatisfy { $0.origin.y > line.baselineY })
        // Half the font's size more, less what the line's leading already held.
        #expect(under.usedRect().maxY > plain.usedRect().maxY + 4)
        #expect(over.usedRect().maxY > plain.usedRect().maxY + 2)
        // Marks over the first line move it down; marks under it do not.
        let plainLine = try #require(plain.lineFragments.first), overLine = try #require(over.lineFragments.first)
        #expect(overLine.baselineY > plainLine.baselineY)
        #expect(line.baselineY == plainLine.baselineY)
    }

    @Test func marksAreDrawnInTheirColourAboveTheCharacters() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let storage = TextStorage(
            "着重",
            attributes: TextAttributes(
                font: .textStyle(.body), language: "ja", textEmphasis: TextEmphasis(.circle, color: red)))
        let (canvas, placed) = try RenderFixtures.render(storage, width: 200, scale: 2)
        let line = try #require(placed.lineFragments.first)
        // Above the baseline by more than the ideographs reach, every red pixel; under it, none.
        let baseline = Int(((line.baselineY + 16) * 2).rounded())
        var redAbove = 0, redBelow = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas.pixel(x: x, y: y)
                guard pixel.r > 200, pixel.g < 80, pixel.b < 80 else { continue }
                if y < baseline - 30 { redAbove += 1 } else { redBelow += 1 }
            }
        }
        #expect(redAbove > 20 && redBelow == 0, "\(redAbove) red pixels over the line, \(redBelow) under")
        // Without marks nothing is red.
        let (plain, _) = try RenderFixtures.render(
            TextStorage("着重", attributes: TextAttributes(font: .textStyle(.body))), width: 200, scale: 2)
        let anyRed = (0..<plain.height).contains { y in
            (0..<plain.width).contains { x in
                let pixel = plain.pixel(x: x, y: y)
                return pixel.r > 200 && pixel.g < 80
            }
        }
        #expect(!anyRed)
    }

    /// A measurement and a layout of the same text agree, marks included (the measuring pass makes no marks but
    /// grows its lines alike).
    @Test func measuringGivesTheLayoutsHeight() throws {
        let text = "学习中文时，最重要的是多读多写。Markdown 的 emphasis 在汉字上是着重号。"
        for position in [TextEmphasis.Position.over, .under] {
            let attributes = TextAttributes(
                font: .textStyle(.body), language: "zh-CN", textEmphasis: TextEmphasis(position: position))
            let measured = try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(
                text, attributes: attributes, width: 150)
            let placed = try layout(text, emphasis: TextEmphasis(position: position), width: 150)
            #expect(abs(measured.height - placed.usedRect().maxY) < 1e-9, "\(position)")
            #expect(placed.lineFragments.count > 2)
        }
    }

    /// Room is lent across paragraphs as Chromium lends it across the lines of one block: a plain paragraph's last
    /// line lends what it leaves free under its text to the marks over the next, and a plain first line moves up
    /// into the marks under the paragraph before. Chromium 156's heights for these four texts (a `pre-wrap` div, Inter
    /// 17 px then Noto Sans CJK SC, the marked paragraph in a span with `text-emphasis: filled dot`) are 52, 54, 57
    /// and 52 px.
    @Test func roomIsLentAcrossParagraphsAsInChromium() throws {
        let library = try TestFonts.bundled
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        let plain = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: "zh-CN", paragraphStyle: style)
        func height(_ first: String, _ firstMarks: TextEmphasis?, _ second: String, _ secondMarks: TextEmphasis?)
            throws -> Double
        {
            let storage = TextStorage()
            var attributes = plain
            attributes.textEmphasis = firstMarks
            storage.append(first + "\n", attributes: attributes)
            attributes.textEmphasis = secondMarks
            storage.append(second, attributes: attributes)
            let manager = LayoutManager(textStorage: storage, fontLibrary: library)
            manager.addTextContainer(TextContainer(width: 320, height: 0))
            return try manager.layout().usedRect().maxY
        }
        let over = TextEmphasis(position: .over), under = TextEmphasis(position: .under)
        #expect(try height("中文中文中文", nil, "着重号着重号", over) == 52)
        #expect(try height("着重号着重号", over, "中文中文中文", nil) == 54)
        #expect(try height("中文中文中文", nil, "着重号着重号", under) == 57)
        #expect(try height("着重号着重号", under, "中文中文中文", nil) == 52)
    }
}

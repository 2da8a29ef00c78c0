import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Ruby in layout and drawing: a column as wide as the wider of base and annotation, the annotation overhanging the
/// text beside it as Chromium lets it (widths below are Chromium 156's for the same rows, Inter 17 px with the
/// bundled Noto CJK), no line break inside a base, and the annotation drawn over (or under) its base, half its size,
/// never written into a PDF's text.
@Suite struct RubyTests {
    private static func storage(
        _ marked: String, position: RubyAnnotation.Position = .over, language: String = "ja",
        writingMode: WritingMode = .horizontalTB
    ) throws -> TextStorage {
        let library = try TestFonts.bundled
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.writingMode = writingMode
        let attributes = TextAttributes(
            font: .font(try library.font(family: "Inter", size: 17)), language: language, paragraphStyle: style)
        return try RubyMarkup.parse(marked, position: position).storage(attributes: attributes)
    }

    private static func layout(_ storage: TextStorage, width: Double = 300) throws -> TextLayout {
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: width, height: 0))
        return try manager.layout()
    }

    private static func measure(_ marked: String, width: Double = 400) throws -> TextMeasurement {
        try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(try storage(marked), width: width)
    }

    /// Widths and heights Chromium 156 gives the same rows (`record-chromium --ruby --detail`).
    @Test(arguments: [
        ("{東京|とうきょう}", 42.5, 30.0),  // the annotation is wider: the base spreads
        ("あ{東|とう}い", 51, 30),  // as wide: nothing moves
        ("あ{東|とうきょう}い", 68.5, 30),  // 4 px overhang on each side
        ("{漢字|かん|じ}を書く", 85, 30),  // mono ruby, no wider than its base
        ("あ{東|とうきょうと}", 64, 30),  // overhang onto the text before only
        ("{会放好引错|huì|fàng|hǎo|yǐn|cuò}", 85.875, 29),  // pinyin, widths in layout units
        ("東京", 34, 25),
    ])
    func columnsAreAsWideAndLinesAsTallAsChromiums(_ marked: String, width: Double, height: Double) throws {
        let measured = try Self.measure(marked)
        #expect(abs(measured.width - width) < 1e-6, "\(marked): \(measured.width)")
        #expect(measured.height == height, "\(marked)")
    }

    /// An annotation set through the library is held to the limit the markup is held to, and a paragraph's text
    /// and annotations together to the paragraph's.
    @Test func annotationsPastTheirLimitsAreErrorsNamingThem() throws {
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let long = String(repeating: "あ", count: RubyAnnotation.textLimit + 1)
        #expect(
            throws: RubyError.annotationTooLong(length: RubyAnnotation.textLimit + 1, limit: RubyAnnotation.textLimit)
        ) {
            try measurer.measure(TextStorage("漢", attributes: TextAttributes(ruby: RubyAnnotation(long))), width: 200)
        }
        measurer.limits.paragraphLength = 100
        let many = TextStorage(
            String(repeating: "漢", count: 60),
            attributes: TextAttributes(ruby: RubyAnnotation(perCharacter: Array(repeating: "かん", count: 60))))
        #expect(throws: LayoutError.paragraphTooLong(length: 180, limit: 100)) {
            try measurer.measure(many, width: 200)
        }
    }

    /// Adding ruby to laid-out text is an attribute edit that changes advances: the paragraph is shaped again (an
    /// edit that changes drawing only keeps its glyphs).
    @Test func addingRubyLaysTheParagraphOutAgain() throws {
        let storage = try Self.storage("あ東京い")
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 300, height: 0))
        let before = try manager.layout().usedRect()
        try storage.modifyAttributes(in: 1..<3) {
            var annotated = $0
            annotated.ruby = RubyAnnotation("とうきょうと")
            return annotated
        }
        let after = try manager.layout()
        // 17 pt wider, less 4 pt of overhang on each side; 5 pt taller (the annotation over the first line).
        #expect(after.usedRect().width == before.width + 9)
        #expect(after.usedRect().maxY == before.maxY + 5)
        #expect(after.lineFragments.first?.rubyAnnotations.count == 1)
    }

    /// Emphasis marks on ruby bases stand outside the annotation, and an annotation never overhangs marks on its side
    /// (Chromium 156 sets `あ<ruby>強調<rt>きょうちょう</rt></ruby>い` in a sesame-marked span 85 px wide and 39 px tall:
    /// 30 with the ruby alone, 29 with the marks alone). By hand against Chromium: the furigana corpus with sesames
    /// over, 260 of 260 rows equal; the pinyin corpus with dots under, 319 of 320 (the row the ruby fixtures miss;
    /// two rows the batch gave other heights equal recorded alone), so no fixture of the two together is kept.
    @Test func marksOnRubyBasesStandOutsideTheAnnotation() throws {
        let storage = try Self.storage("あ{強調|きょうちょう}い")
        try storage.modifyAttributes(in: 0..<storage.length) {
            var marked = $0
            marked.textEmphasis = TextEmphasis(.sesame, position: .over)
            return marked
        }
        let measured = try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(storage, width: 400)
        #expect(measured.width == 85 && measured.height == 39, "\(measured.width) × \(measured.height)")
        let line = try #require(try Self.layout(storage).lineFragments.first)
        let annotationTop = try #require(line.rubyAnnotations.first).origin.y - 8.5
        let basesMarks = line.emphasisMarks.filter { (1..<3).contains($0.characterRange.lowerBound) }
        let otherMarks = line.emphasisMarks.filter { !(1..<3).contains($0.characterRange.lowerBound) }
        #expect(basesMarks.count == 2 && otherMarks.count == 2)
        #expect(basesMarks.allSatisfy { $0.origin.y < annotationTop })
        #expect(otherMarks.allSatisfy { $0.origin.y > annotationTop })
    }

    @Test func aLineNeverBreaksInsideABaseButMayBetweenMonoColumns() throws {
        // 10 kana fill 170 of 200 pt; a group of four ideographs does not fit beside them and moves down whole.
        let group = try Self.measure("ああああああああああ{東京都庁|とうきょうとちょう}です", width: 200)
        #expect(group.utf16LineStarts == [0, 10])
        // One annotation per character: the line breaks between the columns.
        let mono = try Self.measure("ああああああああああ{東京都庁|とう|きょう|と|ちょう}です", width: 200)
        #expect(mono.utf16LineStarts.count == 2)
        #expect(mono.utf16LineStarts[1] > 10)
    }

    @Test func annotationsSitOverTheirBasesCentredOnTheColumn() throws {
        let layout = try Self.layout(try Self.storage("あ{東京|とうきょう}い"))
        let line = try #require(layout.lineFragments.first)
        let annotations = line.rubyAnnotations
        try #require(annotations.count == 1)
        let annotation = annotations[0]
        #expect(annotation.characterRange == 1..<3)
        // Over the line: its baseline above the base's em box; half the size: five kana in 42.5 pt.
        #expect(annotation.origin.y < line.baselineY - 0.8 * 17)
        #expect(abs(annotation.width - 42.5) < 0.01)
        // The column's box is the base's two clusters and the overhang onto い the last one gave up (the room
        // beside the base, 8.5 pt over two ideographs, is 2.125 pt at each end).
        let run = try #require(line.runs.first { $0.characterRange.contains(1) })
        let base = zip(run.glyphRun.glyphs, run.glyphPositions).filter { (1..<3).contains($0.0.cluster) }
        let left = try #require(base.first).1, right = try #require(base.last).1 + base.last!.0.advance
        #expect(abs(annotation.origin.x - left) < 1e-6)
        #expect(abs(annotation.origin.x + annotation.width - (right + 2.125)) < 1e-6)
        // Under: below the baseline.
        let under = try Self.layout(try Self.storage("{東京|とうきょう}", position: .under))
        let underLine = try #require(under.lineFragments.first)
        #expect(underLine.rubyAnnotations.allSatisfy { $0.origin.y > underLine.baselineY + 0.1 * 17 })
    }

    /// In a column the annotation runs down the right of its base (the left for `under`) in either vertical mode,
    /// upright kana as wide down the column as across a line, the column's box as in horizontal text.
    @Test func annotationsRunDownTheRightOfTheirBasesInColumns() throws {
        for mode in [WritingMode.verticalRL, .verticalLR] {
            for position in [RubyAnnotation.Position.over, .under] {
                let storage = try Self.storage("あ{東京|とうきょう}い", position: position, writingMode: mode)
                let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
                manager.addTextContainer(TextContainer(width: 100, height: 300))
                let line = try #require(try manager.layout().lineFragments.first)
                let annotation = try #require(line.rubyAnnotations.first)
                #expect(line.rubyAnnotations.count == 1 && annotation.characterRange == 1..<3)
                #expect(annotation.glyphRun.shaping.orientation.isVertical, "\(mode): upright kana")
                #expect(abs(annotation.width - 42.5) < 0.01, "\(mode)")
                let run = try #require(line.runs.first { $0.characterRange.contains(1) })
                let base = zip(run.glyphRun.glyphs, run.glyphPositions).filter { (1..<3).contains($0.0.cluster) }
                #expect(abs(annotation.origin.x - (try #require(base.first).1)) < 1e-6, "\(mode)")
                // Line coordinates grow leftwards in vertical-rl: the right is above the glyphs' centre line there.
                let rightward =
                    mode == .verticalRL ? line.baselineY - annotation.origin.y : annotation.origin.y - line.baselineY
                #expect(position == .over ? rightward > 10 : rightward < -10, "\(mode) \(position): \(rightward)")
            }
        }
    }

    /// Zhuyin beside each character (`inter-character`): each character makes room after it for a column of
    /// symbols an annotation em wide and half an em for tone marks; the symbols stack down that column centred on
    /// the character's em box, the light tone ˙ above them, a tone mark beside the last.
    @Test func zhuyinStandsBesideEachCharacter() throws {
        let storage = TextStorage(
            "我們學", attributes: TextAttributes(font: .font(try TestFonts.bundled.font(family: "Inter", size: 20))))
        let plain = try Self.layout(storage)
        try storage.modifyAttributes(in: 0..<3) {
            var zhuyin = $0
            zhuyin.ruby = RubyAnnotation(perCharacter: ["ㄨㄛˇ", "ㄇㄣ˙", "ㄒㄩㄝˊ"], position: .interCharacter)
            return zhuyin
        }
        let layout = try Self.layout(storage)
        let line = try #require(layout.lineFragments.first), plainLine = try #require(plain.lineFragments.first)
        // Three characters, each 1.5 annotation ems (10 pt) wider.
        #expect(abs(line.usedRect.width - (plainLine.usedRect.width + 3 * 15)) < 1e-6)
        let run = try #require(line.runs.first)
        let em = run.glyphRun.font.emBox, centre = line.baselineY - (em.ascent - em.descent) / 2
        for (index, (glyph, x)) in zip(run.glyphRun.glyphs, run.glyphPositions).enumerated() {
            let room = (x + glyph.advance - 15)..<(x + glyph.advance)
            let stack = line.rubyAnnotations.filter { $0.characterRange == index..<(index + 1) }
            // Symbols and the tone within the room after the character: 3, 3 and 4 glyphs.
            #expect(stack.count == [3, 3, 4][index])
            #expect(stack.allSatisfy { room.contains($0.origin.x) && $0.origin.x + $0.width <= room.upperBound + 1e-6 })
            // 們's light tone is the first of its column, above the symbols.
            let inColumn = stack.filter { $0.origin.x < room.lowerBound + 10 }.sorted { $0.origin.y < $1.origin.y }
            let column = index == 1 ? Array(inColumn.dropFirst()) : inColumn
            let tones = stack.filter { $0.origin.x >= room.lowerBound + 10 }
            // Down the column an em apart, centred on the character's em box.
            let rowTops = column.map { $0.origin.y - $0.glyphRun.font.emBox.ascent }
            #expect(zip(rowTops, rowTops.dropFirst()).allSatisfy { abs($1 - $0 - 10) < 1e-6 })
            let top = rowTops[0]
            #expect(abs(top + Double(column.count) * 10 / 2 - centre) < 1e-6)
            switch index {
            case 1:
                // 們's light tone stands above its symbols, in their column; no tone beside them.
                let light = try #require(inColumn.first)
                #expect(tones.isEmpty && column.count == 2)
                #expect(abs(light.origin.y - light.glyphRun.font.emBox.ascent - (top - 10)) < 1e-6)
            default:
                // The tone mark beside the last symbol, on its row.
                let lastTop = try #require(column.last).origin.y - column.last!.glyphRun.font.emBox.ascent
                #expect(
                    tones.count == 1 && abs(tones[0].origin.y - tones[0].glyphRun.font.emBox.ascent - lastTop) < 1e-6)
            }
        }
        // The line grows for stacks taller than its box (three symbols at half the size reach past it).
        #expect(layout.usedRect().height > plain.usedRect().height)
        // In a column, beside a character is its right: the annotation sits as `over` does.
        var vertical = ParagraphStyle()
        vertical.writingMode = .verticalRL
        func column(_ position: RubyAnnotation.Position) throws -> [Point] {
            let storage = TextStorage(
                "學習",
                attributes: TextAttributes(
                    paragraphStyle: vertical, ruby: RubyAnnotation(perCharacter: ["ㄒㄩㄝˊ", "ㄒㄧˊ"], position: position)))
            let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
            manager.addTextContainer(TextContainer(width: 100, height: 300))
            return try #require(try manager.layout().lineFragments.first).rubyAnnotations.map(\.origin)
        }
        #expect(try column(.interCharacter) == (try column(.over)))
    }

    /// A tap on an annotation is a tap on its base, across lines and down columns: the annotation of a line stands
    /// in the room the line before leaves free under web metrics, which is inside that line's rectangle.
    @Test func aPointOnAnAnnotationIsAPointOnItsBase() throws {
        for mode in [WritingMode.horizontalTB, .verticalRL, .verticalLR] {
            let storage = try Self.storage("ああああああああああ{東京|とうきょう}です", writingMode: mode)
            let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
            manager.addTextContainer(
                mode.isVertical ? TextContainer(width: 200, height: 200) : TextContainer(width: 200))
            let layout = try manager.layout()
            let line = try #require(layout.lineFragments.first { !$0.rubyAnnotations.isEmpty })
            #expect(line.characterRange.lowerBound > 0, "\(mode): the ruby is on a later line")
            let annotation = try #require(line.rubyAnnotations.first)
            let frame = layout.writingFrame()
            for along in [0.1, 0.5, 0.9] {
                let centre = frame.containerPoint(
                    Point(x: annotation.origin.x + along * annotation.width, y: annotation.origin.y - 1))
                let position = try #require(layout.position(at: centre))
                #expect(annotation.characterRange.contains(position.offset) || position.offset == 12, "\(mode)")
            }
        }
    }

    @Test func aShortAnnotationSpreadsOverItsBase() throws {
        let layout = try Self.layout(try Self.storage("{東京都庁|とちょう}"))
        let annotation = try #require(layout.lineFragments.first?.rubyAnnotations.first)
        // Four kana over four ideographs (68 pt): space-around, so the first starts an eighth of the room in.
        let room = 68 - 4 * 8.5
        let first = annotation.glyphPositions[0] + annotation.glyphRun.glyphs[0].xOffset
        #expect(abs(first - (annotation.origin.x + room / 8)) < 1e-6)
        #expect(abs(annotation.width - 68) < 1e-6)
    }

    @Test func annotationsAreDrawnOverTheBaseAndNotWrittenAsText() throws {
        let (canvas, placed) = try RenderFixtures.render(try Self.storage("{東京|とうきょう}です"), width: 200, scale: 2)
        let line = try #require(placed.lineFragments.first)
        // Ink above the base's em box (where only the annotation is) over the base, none over the plain kana.
        let top = Int(((line.baselineY + 16 - 0.9 * 17) * 2).rounded())
        func ink(_ columns: Range<Int>) -> Int {
            var count = 0
            for y in 0..<max(0, top) {
                for x in columns where RenderFixtures.isInk(canvas, x: x, y: y) { count += 1 }
            }
            return count
        }
        #expect(ink((16 * 2)..<((16 + 34) * 2)) > 50)
        #expect(ink(((16 + 44) * 2)..<((16 + 68) * 2)) == 0)
        // A PDF's text is the base text alone.
        let pdftotext = try #require(ExternalTool.find("pdftotext"), "pdftotext is missing: run Scripts/setup")
        let manager = LayoutManager(
            textStorage: try Self.storage("{東京|とうきょう}です"), fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 200))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-ruby.pdf").path
        try Renderer().renderPDF(manager, options: RenderOptions(scale: 2)).write(to: URL(fileURLWithPath: path))
        let text = try ExternalTool.run(pdftotext, [path, "-"]).filter { !$0.isWhitespace }
        #expect(text == "東京です")
    }

    /// A Japanese row with furigana and a Chinese one with pinyin drawn by Galley as Chromium drew them (same fonts,
    /// web metrics, the screenshot's box and margin, a pixel per point; Tests/Fixtures/chromium/screenshots/recipes)
    /// look as Chromium's screenshots: every annotation over its base, spread as Chromium spreads it, the lines as
    /// tall. Drawn right, the rows differ by 0.75 and 1.0 on average and at most 21 and 14 in a block (anti-aliasing);
    /// annotations 2 px too low differ by 1.65 and 1.68, and 27 and 29. The same rows in `vertical-rl` columns, their
    /// annotations upright (kana) or turned (pinyin) on the right of the bases.
    @Test(arguments: [
        ("ruby-ja.png", "ruby.rows.jsonl", "ja", WritingMode.horizontalTB),
        ("pinyin-zh-CN.png", "pinyin.rows.jsonl", "zh-CN", .horizontalTB),
        ("ruby-vertical-rl-ja.png", "ruby.rows.jsonl", "ja", .verticalRL),
        ("pinyin-vertical-rl-zh-CN.png", "pinyin.rows.jsonl", "zh-CN", .verticalRL),
    ])
    func rubyLooksAsChromiumsScreenshot(
        _ name: String, _ rows: String, _ language: String, _ writingMode: WritingMode
    ) throws {
        let folder = TestFonts.repositoryRoot.appendingPathComponent("Tests/Fixtures/chromium/screenshots")
        let row = try #require(try ChromiumTextFundamentalsTests.rows("screenshots/" + rows).first?.text)
        let chromium = try PNGReader.decode(try Data(contentsOf: folder.appendingPathComponent(name)), scale: 1)
        let storage = try Self.storage(row, language: language, writingMode: writingMode)
        try storage.modifyAttributes(in: 0..<storage.length) {
            var black = $0
            black.foregroundColor = .black
            return black
        }
        // Horizontal rows fill 320 px across; columns are 320 px long and as wide as Chromium's block.
        let vertical = writingMode.isVertical
        let (drawn, _) = try RenderFixtures.render(
            storage, width: vertical ? Double(chromium.width - 32) : 320,
            height: vertical ? 320 : Double(chromium.height - 32), scale: 1,
            background: Color(red: 237 / 255, green: 232 / 255, blue: 222 / 255))
        let difference = try #require(
            ImageLikeness.blockDifference(drawn, chromium), "\(drawn.width)×\(drawn.height) against Chromium's")
        // Columns differ more where glyphs are hinted and turned differently: drawn right, 1.45 and 1.74 on average,
        // at most 27 and 34; annotations a pixel too far left, 1.83 and 2.73.
        let (mean, largest) = vertical ? (1.8, 36.0) : (1.3, 25.0)
        #expect(difference.mean < mean && difference.largest < largest, "8 × 8 block differences \(difference)")
    }
}

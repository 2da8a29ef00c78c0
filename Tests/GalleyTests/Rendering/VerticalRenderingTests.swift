import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Vertical text as drawn: columns right to left (left to right in `vertical-lr`), CJK punctuation in its vertical
/// forms and places (Simplified Chinese and Japanese set `。，、` in the em's top-right corner), brackets and dashes
/// turned to their vertical forms, Latin turned a quarter clockwise, `12` combined into one upright em, decorations
/// down the column; a golden image with its layout beside it.
@Suite struct VerticalRenderingTests {
    static let scale = 2.0, padding = 16.0

    /// `text` in one paragraph of `mode` (Inter 17 pt, the bundled CJK face for ideographs), in a container
    /// `width` × `height` points.
    static func render(
        _ text: String, mode: WritingMode = .verticalRL, width: Double = 60, height: Double = 200,
        language: String = "zh-Hans", combine: TextCombineUpright = .none, attributes extra: TextAttributes = .init()
    ) throws -> (Canvas, TextLayout) {
        var style = ParagraphStyle()
        style.writingMode = mode
        style.textCombineUpright = combine
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let attributes = TextAttributes(font: .font(font), language: language, paragraphStyle: style).merging(extra)
        return try RenderFixtures.render(
            TextStorage(text, attributes: attributes), width: width, height: height, scale: scale, padding: padding)
    }

    /// The pixel rows of the stretch of the column from `top` to `bottom` points.
    static func rows(_ top: Double, _ bottom: Double) -> Range<Int> {
        Int((top + padding) * scale)..<Int((bottom + padding) * scale)
    }

    /// A pixel column's x in points, in the container.
    static func points(_ pixel: Int) -> Double { Double(pixel) / scale - padding }

    @Test func columnsGoRightToLeftInVerticalRLAndLeftToRightInVerticalLR() throws {
        let text = "一二三四五六七八九"
        for mode in [WritingMode.verticalRL, .verticalLR] {
            let (canvas, layout) = try Self.render(text, mode: mode, width: 100, height: 90)
            let fragments = layout.lineFragments
            try #require(fragments.count == 2, "\(mode): \(fragments.count) columns")
            let frame = layout.writingFrame()
            let first = frame.containerRect(fragments[0].rect), second = frame.containerRect(fragments[1].rect)
            #expect(mode == .verticalRL ? first.minX > second.maxX - 0.01 : first.maxX < second.minX + 0.01)
            // Each column is 5 ideographs down: its ink runs down, not across.
            let ink = try #require(RenderFixtures.inkBounds(canvas, rows: 0..<canvas.height))
            #expect(Double(ink.maxY - ink.minY) / Self.scale > 4 * 17 - 4)
            // Only the first column reaches a fifth character (nine in columns of five): its ink is where the
            // first column's rect says, on the side the mode starts from.
            let fifth = try #require(RenderFixtures.inkBounds(canvas, rows: Self.rows(4 * 17 + 1, 5 * 17 - 1)))
            let inkX = (Self.points(fifth.minX) + Self.points(fifth.maxX)) / 2
            #expect(first.minX < inkX && inkX < first.maxX, "\(mode): fifth character at \(inkX) pt, column \(first)")
        }
    }

    /// Simplified Chinese and Japanese set `。`, `，` and `、` in the top-right corner of their em down a column
    /// (CLREQ, JLREQ), where the horizontal forms sit bottom-left.
    @Test(arguments: ["。", "，", "、"]) func fullWidthStopsSitInTheEmsTopRightCorner(mark: String) throws {
        for language in ["zh-Hans", "ja"] {
            let (canvas, layout) = try Self.render("国" + mark + "国", language: language)
            let column = layout.writingFrame().containerRect(try #require(layout.lineFragments.first).rect)
            let ink = try #require(RenderFixtures.inkBounds(canvas, rows: Self.rows(17.5, 33.5)), "\(mark) \(language)")
            let centreX = (Self.points(ink.minX) + Self.points(ink.maxX)) / 2
            let centreY = (Double(ink.minY + ink.maxY) / 2) / Self.scale - Self.padding
            #expect(
                centreX > column.midX + 2, "\(mark) \(language): ink centre \(centreX), column centre \(column.midX)")
            #expect(centreY < 17 + 8.5 - 2, "\(mark) \(language): ink centre \(centreY) in the em 17…34")
        }
    }

    /// `「」（）——……` take their vertical forms (`vert`): turned brackets open at the top, the dash and the ellipsis
    /// run down the column.
    @Test func bracketsDashesAndEllipsesTakeTheirVerticalForms() throws {
        let text = "「」（）——……"
        let (canvas, layout) = try Self.render(text, height: 300)
        let font = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 17)
        let run = try #require(layout.lineFragments.first?.runs.first)
        for (glyph, scalar) in zip(run.glyphRun.glyphs, text.unicodeScalars) {
            #expect(glyph.glyphID != font.glyph(for: scalar), "\(scalar) keeps its horizontal glyph")
        }
        // The dash's two ems: a line down the column, taller than wide.
        let dash = try #require(RenderFixtures.inkBounds(canvas, rows: Self.rows(4 * 17 + 2, 6 * 17 - 2)))
        #expect(dash.maxY - dash.minY > 4 * (dash.maxX - dash.minX), "\(dash)")
    }

    /// A Latin word lies turned a quarter clockwise: its ink is taller than wide, and tall as its letters are wide.
    @Test func aLatinWordIsTurnedSideways() throws {
        let (canvas, layout) = try Self.render("Galley")
        let run = try #require(layout.lineFragments.first?.runs.first)
        let width = run.glyphRun.width
        let ink = try #require(RenderFixtures.inkBounds(canvas, rows: 0..<canvas.height))
        let (inkWidth, inkHeight) = (Double(ink.maxX - ink.minX) / Self.scale, Double(ink.maxY - ink.minY) / Self.scale)
        #expect(inkHeight > 2.5 * inkWidth, "\(inkWidth) × \(inkHeight)")
        #expect(abs(inkHeight - width) < 3, "ink \(inkHeight) pt down, advance \(width) pt")
    }

    /// With `digits 2`, `12` in `12月` takes one upright em down the column, its digits side by side.
    @Test func twoDigitsAreCombinedIntoOneEm() throws {
        let (canvas, layout) = try Self.render("12月", combine: .digits(2))
        let runs = try #require(layout.lineFragments.first?.runs)
        #expect(abs(runs[0].glyphRun.width - 17) < 1e-9, "the digits advance \(runs[0].glyphRun.width)")
        #expect(abs(runs[1].origin.x - 17) < 1e-9)
        let digits = try #require(RenderFixtures.inkBounds(canvas, rows: Self.rows(0, 17)))
        #expect(digits.maxX - digits.minX > digits.maxY - digits.minY, "\(digits): side by side, upright")
        let (plain, _) = try Self.render("12月")
        let turned = try #require(RenderFixtures.inkBounds(plain, rows: Self.rows(0, 17)))
        #expect(turned.maxY - turned.minY > turned.maxX - turned.minX, "\(turned): turned, one under the other")
    }

    /// An underline runs down the column, level across ideographs and Latin: on its left in Chinese, on its right
    /// in Japanese (CSS `text-underline-position: auto`, as Chromium draws it), in either vertical mode.
    @Test(arguments: [
        ("zh-Hans", WritingMode.verticalRL), ("ja", .verticalRL), ("zh-Hans", .verticalLR), ("ja", .verticalLR),
    ])
    func anUnderlineRunsDownTheColumn(language: String, mode: WritingMode) throws {
        let (canvas, layout) = try Self.render(
            "中文 Galley 中文", mode: mode, language: language,
            attributes: TextAttributes(underline: TextDecoration(skipInk: .none)))
        let (plain, _) = try Self.render("中文 Galley 中文", mode: mode, language: language)
        let column = layout.writingFrame().containerRect(try #require(layout.lineFragments.first).rect)
        var columns = Set<Int>()
        for y in 0..<canvas.height {
            for x in 0..<canvas.width
            where RenderFixtures.isInk(canvas, x: x, y: y) && !RenderFixtures.isInk(plain, x: x, y: y) {
                columns.insert(x)
            }
        }
        let left = try #require(columns.min()), right = try #require(columns.max())
        #expect(right - left <= 4, "the underline is a line down the column: pixel columns \(left)…\(right)")
        if language == "ja" {
            #expect(Self.points(left) > column.midX + 4, "at \(Self.points(left)) pt, column centre \(column.midX)")
        } else {
            #expect(Self.points(right) < column.midX - 4, "at \(Self.points(left)) pt, column centre \(column.midX)")
        }
    }

    /// A picture stands upright in a column: its frame is as wide and tall as its bounds, centred across the
    /// column, which grows to hold it; drawn there, red.
    @Test func anAttachmentStandsUpright() throws {
        var style = ParagraphStyle()
        style.writingMode = .verticalRL
        let body = TextAttributes(
            font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)), language: "zh-Hans",
            paragraphStyle: style)
        let storage = TextStorage("图片", attributes: body)
        var attached = body
        attached.attachment = try TextAttachment(
            image: try Canvas(width: 8, height: 6, background: AttachmentTests.red),
            bounds: Rect(x: 0, y: 0, width: 40, height: 30))
        storage.append(String(TextAttachment.character), attributes: attached)
        storage.append("在此", attributes: body)
        let (canvas, layout) = try RenderFixtures.render(storage, width: 100, height: 200, scale: Self.scale)
        let line = try #require(layout.lineFragments.first)
        let frame = layout.writingFrame()
        let placed = frame.containerRect(try #require(line.attachments.first).frame)
        #expect(abs(placed.width - 40) < 1e-9 && abs(placed.height - 30) < 1e-9, "\(placed)")
        #expect(abs(placed.minY - 34) < 1e-9, "after two ideographs: \(placed)")
        let column = frame.containerRect(line.rect)
        #expect(column.width >= 40 && abs(placed.midX - column.midX) < 1e-6, "\(placed) in \(column)")
        let (x, y) = (Int((placed.midX + Self.padding) * Self.scale), Int((placed.midY + Self.padding) * Self.scale))
        #expect(canvas.pixel(x: x, y: y).r > 200 && canvas.pixel(x: x, y: y).g < 60)
        // The characters after it start below it.
        #expect(abs(line.runs.last!.origin.x - 64) < 1e-9)
    }

    /// Columns flow around an exclusion path (container coordinates) on both sides, and no glyph touches it.
    @Test func columnsFlowAroundAnExclusion() throws {
        let text = String(repeating: "竖排文字绕开圆形图案，", count: 12)
        let circle = BezierPath.circle(center: Point(x: 100, y: 100), radius: 40)
        var style = ParagraphStyle()
        style.writingMode = .verticalRL
        let storage = TextStorage(
            text,
            attributes: TextAttributes(
                font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)), language: "zh-Hans",
                paragraphStyle: style))
        let (canvas, layout) = try RenderFixtures.render(
            storage, width: 200, height: 200, exclusions: [circle], scale: Self.scale)
        let frame = layout.writingFrame()
        let rects = layout.lineFragments.map { frame.containerRect($0.usedRect) }
        // A column through the circle has text above it and below it.
        let through = rects.filter { $0.minX < 100 && $0.maxX > 100 }
        #expect(through.contains { $0.maxY <= 60 + 1e-6 } && through.contains { $0.minY >= 140 - 1e-6 }, "\(through)")
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let point = Point(x: Self.points(x), y: Double(y) / Self.scale - Self.padding)
                let distance = ((point.x - 100) * (point.x - 100) + (point.y - 100) * (point.y - 100)).squareRoot()
                if distance < 38 { #expect(!RenderFixtures.isInk(canvas, x: x, y: y), "ink at \(point)") }
            }
        }
    }

    /// Vertical text goes on from one container to the next, each filled with columns.
    @Test func textContinuesInTheNextContainer() throws {
        var style = ParagraphStyle()
        style.writingMode = .verticalRL
        let storage = TextStorage(
            String(repeating: "一二三四五六七八九十", count: 4),
            attributes: TextAttributes(
                font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)), paragraphStyle: style))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 50, height: 100))
        manager.addTextContainer(TextContainer(width: 50, height: 100))
        let layout = try manager.layout()
        #expect(layout.containerCharacterRanges == [0..<10, 10..<20])  // two columns of five in each
        #expect(layout.lineFragments.map(\.containerIndex) == [0, 0, 1, 1])
        #expect(layout.writingFrame(inContainer: 1).containerRect(layout.lineFragments[2].rect).maxX == 50)
    }

    /// Paragraphs of one layout share its writing mode, and a vertical container needs a height.
    @Test func mixedWritingModesAndContainersWithoutHeightAreErrors() throws {
        var vertical = ParagraphStyle()
        vertical.writingMode = .verticalRL
        let storage = TextStorage("竖排\n", attributes: TextAttributes(paragraphStyle: vertical))
        storage.append("horizontal", attributes: TextAttributes())
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 100, height: 100))
        #expect(throws: LayoutError.mixedWritingModes(layout: .verticalRL, paragraph: .horizontalTB)) {
            try manager.layout()
        }
        let alone = LayoutManager(
            textStorage: TextStorage("竖排", attributes: TextAttributes(paragraphStyle: vertical)),
            fontLibrary: try TestFonts.bundled)
        alone.addTextContainer(TextContainer(width: 100))
        #expect(throws: LayoutError.verticalContainerWithoutHeight) { try alone.layout() }
    }

    /// Chromium's screenshots of vertical text (Tests/Fixtures/chromium/screenshots, `Scripts/record-chromium
    /// --screenshots`), each with the recipe's options.
    static let screenshots: [(name: String, options: [String: String])] = {
        let folder = TestFonts.repositoryRoot.appendingPathComponent("Tests/Fixtures/chromium/screenshots")
        let text = (try? String(contentsOf: folder.appendingPathComponent("recipes"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter {
            !$0.hasPrefix("#") && $0.contains("--writing-mode") && !$0.contains("--ruby")
        }.map { line in
            let words = line.split(separator: " ").map(String.init)
            var options: [String: String] = [:]
            for index in stride(from: 1, to: words.count - 1, by: 2) { options[words[index]] = words[index + 1] }
            return (words[0], options)
        }
    }()

    /// The row drawn by Galley as Chromium drew it (same fonts, web metrics, the screenshot's box and margin, a pixel
    /// per point) looks as Chromium's screenshot: column order, the corner stops, turned brackets, the sideways word
    /// and the combined digits all in the same places (a glyph turned the other way, or misplaced by a quarter em,
    /// differs by 60 or more in a block; placing the central baseline midway between ascent and descent, rather than
    /// half an em above the alphabetic one as Chromium does, moved every upright glyph a pixel), and emphasis marks
    /// on the right of the column, one centred beside each character that takes one, one beside combined digits.
    @Test(arguments: screenshots.map(\.name)) func aColumnLooksAsChromiumsScreenshot(_ name: String) throws {
        let options = try #require(Self.screenshots.first { $0.name == name }).options
        let folder = TestFonts.repositoryRoot.appendingPathComponent("Tests/Fixtures/chromium/screenshots")
        let rows = try #require(options["--rows"])
        let row = try #require(try ChromiumTextFundamentalsTests.rows("screenshots/" + rows).first?.text)
        let box = try #require(options["--box"]).split(separator: ",").compactMap { Double($0) }
        var style = ParagraphStyle()
        style.lineHeightMetrics = .web
        style.writingMode = try #require(WritingMode(rawValue: options["--writing-mode"] ?? ""))
        if let digits = options["--combine-digits"].flatMap(Int.init) { style.textCombineUpright = .digits(digits) }
        let attributes = TextAttributes(
            font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)), foregroundColor: .black,
            language: options["--lang"], paragraphStyle: style,
            textEmphasis: try options["--text-emphasis"].flatMap { try TextEmphasis(css: $0) })
        let (drawn, _) = try RenderFixtures.render(
            TextStorage(row, attributes: attributes), width: box[0], height: box[1], scale: 1,
            background: Color(red: 237 / 255, green: 232 / 255, blue: 222 / 255))
        let chromium = try PNGReader.decode(try Data(contentsOf: folder.appendingPathComponent(name)), scale: 1)
        let difference = try #require(
            ImageLikeness.blockDifference(drawn, chromium), "\(drawn.width)×\(drawn.height) against Chromium's")
        #expect(difference.mean < 3 && difference.largest < 40, "8 × 8 block differences \(difference)")
    }

    @Test func theVerticalNoteRendersAsItsGoldenImage() throws {
        let text = "静夜思（李白）：床前明月光，疑是地上霜。举头望明月，低头思故乡。Galley 竖排「12月」——v6.3……"
        let (canvas, layout) = try Self.render(
            text, width: 160, height: 220, combine: .digits(2),
            attributes: TextAttributes(shadow: Shadow(offsetX: 1, offsetY: 1, blurRadius: 1)))
        try Snapshot.check(canvas, layout: layout, name: "render_vertical_text")
    }
}

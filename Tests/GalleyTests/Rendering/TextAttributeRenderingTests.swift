import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// TextKit's remaining attributes drawn: stroke, obliqueness, expansion, superscript and subscript, underline
/// patterns and by-word underlines, and backgrounds without gaps; each checked by its pixels or geometry, and all
/// of them together against a golden image with its layout dump.
@Suite struct TextAttributeRenderingTests {
    static let ink = Color(red: 0.2, green: 0.2, blue: 0.22)

    static func single(_ text: String, _ change: (inout TextAttributes) -> Void) throws -> (Canvas, TextLayout) {
        var attributes = TextAttributes(font: .textStyle(.title1), foregroundColor: ink)
        change(&attributes)
        return try RenderFixtures.render(TextStorage(text, attributes: attributes), width: 400)
    }

    static func inkCount(_ canvas: Canvas) -> Int {
        var count = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where RenderFixtures.isInk(canvas, x: x, y: y) { count += 1 }
        }
        return count
    }

    @Test func aPositiveStrokeHollowsTheLettersAndANegativeOneOutlinesThem() throws {
        let (filled, _) = try Self.single("HOLLOW") { _ in }
        let (hollow, _) = try Self.single("HOLLOW") { $0.strokeWidth = 3 }
        let (both, _) = try Self.single("HOLLOW") {
            $0.strokeWidth = -6
            $0.strokeColor = Color(red: 0.9, green: 0.1, blue: 0.1)
        }
        // The middle of the H's left stem is ink when filled and paper when only the outline is drawn.
        let bounds = try #require(RenderFixtures.inkBounds(filled, rows: 0..<filled.height))
        let stemX = bounds.minX + 5, middleY = (bounds.minY + bounds.maxY) / 2
        #expect(RenderFixtures.isInk(filled, x: stemX, y: middleY))
        #expect(!RenderFixtures.isInk(hollow, x: stemX, y: middleY))
        #expect(Self.inkCount(hollow) < Self.inkCount(filled))
        // Fill and stroke: more ink than the fill alone, and the outline in its own colour.
        #expect(Self.inkCount(both) > Self.inkCount(filled))
        let edge = both.pixel(x: bounds.minX, y: middleY)
        #expect(edge.r > 150 && edge.g < 110, "the outline is red: \(edge)")
    }

    @Test func aStrokeDrawsNoLineWhereContoursOverlapInsideALetter() throws {
        // Inter draws e's bar and Q's tail as contours overlapping the bowl: stroked contour by contour, lines
        // would run inside the letters. Only the edge of the filled area is stroked.
        let inter = try TestFonts.bundled.font(family: "Inter", size: 72)
        func render(strokeWidth: Double?) throws -> Canvas {
            try RenderFixtures.render(
                TextStorage(
                    "eQ",
                    attributes: TextAttributes(font: .font(inter), foregroundColor: Self.ink, strokeWidth: strokeWidth)
                ), width: 300
            ).0
        }
        let filled = try render(strokeWidth: nil), hollow = try render(strokeWidth: 3)
        let inkRGB = [Self.ink.red, Self.ink.green, Self.ink.blue].map { Int(($0 * 255).rounded()) }
        func isSolid(_ x: Int, _ y: Int) -> Bool {
            guard x >= 0, y >= 0, x < filled.width, y < filled.height else { return false }
            let pixel = filled.pixel(x: x, y: y)
            return abs(Int(pixel.r) - inkRGB[0]) <= 8 && abs(Int(pixel.g) - inkRGB[1]) <= 8
                && abs(Int(pixel.b) - inkRGB[2]) <= 8
        }
        // Deep inside the filled letters: more than half the stroke (3 % of 72 pt at scale 2: 4.3 px) and a pixel
        // of anti-aliasing from any edge.
        let reach = 4
        var deep = 0, stroked: [(Int, Int)] = []
        for y in 0..<filled.height {
            for x in 0..<filled.width where isSolid(x, y) {
                let isDeep = (-reach...reach).allSatisfy { dy in
                    (-reach...reach).allSatisfy { dx in dx * dx + dy * dy > reach * reach || isSolid(x + dx, y + dy) }
                }
                guard isDeep else { continue }
                deep += 1
                if RenderFixtures.isInk(hollow, x: x, y: y) { stroked.append((x, y)) }
            }
        }
        #expect(deep > 300, "the letters' insides were found")
        #expect(stroked.isEmpty, "stroke ink inside the letters at \(stroked.prefix(8))")
        // The outer edges are still stroked all round.
        #expect(Self.inkCount(hollow) > Self.inkCount(filled) / 3)
    }

    @Test func aLayoutDrawsAloneAsItWasAfterItsStorageChanges() throws {
        var attributes = TextAttributes(
            font: .textStyle(.title1), foregroundColor: Color(red: 0.8, green: 0.1, blue: 0.1))
        attributes.underline = TextDecoration(.single, byWord: true)
        attributes.backgroundColor = Color(red: 1, green: 0.9, blue: 0.5)
        attributes.shadow = Shadow(
            offsetX: 2, offsetY: 3, blurRadius: 2, color: Color(red: 0, green: 0, blue: 0, alpha: 0.5))
        let storage = TextStorage("Painted words 的 glyphs", attributes: attributes)
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 400))
        let options = RenderOptions(scale: 2, background: RenderFixtures.paper, margin: 16)
        let before = try Renderer().render(manager, options: options)
        let layout = try manager.layout()
        // The storage changes: other colours, no decorations, other text.
        try storage.replaceCharacters(
            in: 0..<storage.length, with: "Something else entirely", attributes: TextAttributes(font: .textStyle(.body))
        )
        var after = try Renderer().makeCanvas(for: layout, containerSize: Size(width: 400, height: 0), options: options)
        Renderer().draw(layout, on: &after)
        #expect(after.width == before.width && after.height == before.height)
        #expect(after.pixels == before.pixels)
        // The paint it kept is the text's as laid out.
        let line = try #require(layout.lineFragments.first)
        #expect(line.paint(at: 0).foregroundColor == attributes.foregroundColor)
        #expect(line.paint(at: 0).shadow == attributes.shadow)
        #expect(line.character(at: 0) == UInt16(UInt8(ascii: "P")))
    }

    @Test func obliquenessSlantsTheInkButNotTheAdvances() throws {
        let (upright, uprightLayout) = try Self.single("l") { _ in }
        let (slanted, slantedLayout) = try Self.single("l") { $0.obliqueness = 0.25 }
        #expect(uprightLayout.lineFragments[0].usedRect == slantedLayout.lineFragments[0].usedRect)
        let box = try #require(RenderFixtures.inkBounds(upright, rows: 0..<upright.height))
        func centre(_ canvas: Canvas, _ y: Int) -> Double {
            let xs = (0..<canvas.width).filter { RenderFixtures.isInk(canvas, x: $0, y: y) }
            return Double(xs.reduce(0, +)) / Double(max(1, xs.count))
        }
        let top = box.minY + 3, bottom = box.maxY - 3
        // Upright the stem is vertical; slanted its top is right of its bottom by obliqueness × height.
        #expect(abs(centre(upright, top) - centre(upright, bottom)) < 1)
        let shift = centre(slanted, top) - centre(slanted, bottom)
        #expect(abs(shift - 0.25 * Double(bottom - top)) < 2, "shift \(shift)")
    }

    @Test func expansionScalesAdvancesAndInk() throws {
        let (plain, plainLayout) = try Self.single("Expansion") { _ in }
        let (wide, wideLayout) = try Self.single("Expansion") { $0.expansion = 0.3 }
        let ratio = wideLayout.lineFragments[0].usedRect.width / plainLayout.lineFragments[0].usedRect.width
        #expect(abs(ratio - exp(0.3)) < 1e-9)
        let plainInk = try #require(RenderFixtures.inkBounds(plain, rows: 0..<plain.height))
        let wideInk = try #require(RenderFixtures.inkBounds(wide, rows: 0..<wide.height))
        let inkRatio = Double(wideInk.maxX - wideInk.minX) / Double(plainInk.maxX - plainInk.minX)
        #expect(abs(inkRatio - exp(0.3)) < 0.03, "ink ratio \(inkRatio)")
        #expect(abs((wideInk.maxY - wideInk.minY) - (plainInk.maxY - plainInk.minY)) <= 1)
    }

    @Test func superscriptsUseTheFontsFormsOrAreSynthesized() throws {
        let library = try TestFonts.bundled
        let base = TextAttributes(font: .textStyle(.body))
        func run(_ text: String, level: Int, family: String? = nil) throws -> (GlyphRun, LineFragment) {
            var attributes = base
            if let family { attributes.font = .styled(.body, family: family) }
            attributes.superscript = level
            let storage = TextStorage("x", attributes: base)
            storage.append(text, attributes: attributes)
            let manager = LayoutManager(textStorage: storage, fontLibrary: library)
            manager.addTextContainer(TextContainer(width: 300))
            let line = try #require(try manager.layout().lineFragments.first)
            return (try #require(line.runs.last).glyphRun, line)
        }
        let plain = try TestFonts.bundled.font(for: .textStyle(.body), settings: DynamicTypeSettings())
        // Inter has `sups` for digits: its own superscript glyphs, at full size, on the baseline.
        let (digits, _) = try run("2", level: 1)
        #expect(digits.font.size == plain.size)
        #expect(digits.glyphs[0].glyphID != plain.glyph(for: "2"))
        #expect(digits.glyphs[0].yOffset == 0)
        // Inter has no `sups` form for "Q" (`hb-shape --features=sups` leaves it): the run is synthesized, smaller and
        // raised by the OS/2 figures.
        let (letters, line) = try run("Q", level: 1)
        #expect(letters.font.size < plain.size)
        #expect(letters.glyphs[0].glyphID == letters.font.glyph(for: "Q"))
        #expect(letters.glyphs[0].yOffset < -1)
        let (_, plainLine) = try run("Q", level: 0)
        #expect(line.height >= plainLine.height)
        let (lowered, _) = try run("Q", level: -1)
        #expect(lowered.glyphs[0].yOffset > 1)
    }

    @Test(arguments: TextDecoration.Pattern.allCases)
    func underlinePatternsBreakTheLineAsTheyShould(_ pattern: TextDecoration.Pattern) throws {
        let (canvas, layout) = try Self.single("Underlined words") {
            $0.underline = TextDecoration(.single, pattern: pattern)
        }
        let line = layout.lineFragments[0]
        let font = try TestFonts.bundled.font(for: .textStyle(.title1), settings: DynamicTypeSettings())
        let y = Int(canvas.pixelPoint(Point(x: 0, y: line.baselineY - font.underlinePosition)).y)
        let (x0, _) = canvas.pixelPoint(Point(x: line.usedRect.minX, y: 0))
        let (x1, _) = canvas.pixelPoint(Point(x: line.usedRect.maxX, y: 0))
        var runs = 0, previous = false, inked = 0
        for x in Int(x0) + 1..<Int(x1) - 1 {
            let isInk = RenderFixtures.isInk(canvas, x: x, y: y)
            if isInk && !previous { runs += 1 }
            if isInk { inked += 1 }
            previous = isInk
        }
        let length = Int(x1 - x0) - 2
        switch pattern {
        case .solid: #expect(runs == 1 && inked == length, "\(runs) runs")
        case .dot: #expect(runs > 40 && Double(inked) < 0.55 * Double(length), "\(runs) runs")
        default: #expect(runs > 8 && Double(inked) < 0.8 * Double(length), "\(runs) runs")
        }
    }

    @Test func aByWordUnderlineSkipsTheSpaces() throws {
        let (canvas, layout) = try Self.single("by word underline") {
            $0.underline = TextDecoration(.thick, byWord: true, skipInk: .none)
        }
        let line = layout.lineFragments[0]
        let font = try TestFonts.bundled.font(for: .textStyle(.title1), settings: DynamicTypeSettings())
        let y = Int(canvas.pixelPoint(Point(x: 0, y: line.baselineY - font.underlinePosition)).y)
        let spans = line.characterSpans()
        for span in spans {
            let (x, _) = canvas.pixelPoint(Point(x: (span.minX + span.maxX) / 2, y: 0))
            let isSpace = span.range.lowerBound == 2 || span.range.lowerBound == 7
            #expect(RenderFixtures.isInk(canvas, x: Int(x), y: y) == !isSpace, "span \(span.range)")
        }
    }

    @Test func aBackgroundRunsWithoutGapsAcrossRunsAndFonts() throws {
        let yellow = Color(red: 1, green: 0.9, blue: 0.3)
        let storage = TextStorage("", attributes: TextAttributes(font: .textStyle(.body)))
        storage.append("Latin ", attributes: TextAttributes(font: .textStyle(.body), backgroundColor: yellow))
        storage.append("中文", attributes: TextAttributes(font: .styled(.body, weight: 700), backgroundColor: yellow))
        storage.append(
            " code", attributes: TextAttributes(font: .styled(.body, family: "JetBrains Mono"), backgroundColor: yellow)
        )
        let (canvas, layout) = try RenderFixtures.render(storage, width: 400)
        let line = layout.lineFragments[0]
        let (_, y) = canvas.pixelPoint(Point(x: 0, y: line.rect.minY + 1))
        let (x0, _) = canvas.pixelPoint(Point(x: line.usedRect.minX, y: 0))
        let (x1, _) = canvas.pixelPoint(Point(x: line.usedRect.maxX, y: 0))
        for x in Int(x0) + 1..<Int(x1) - 1 {
            let pixel = canvas.pixel(x: x, y: Int(y))
            #expect(pixel.r == 255 && pixel.b < 90, "a gap at pixel \(x): \(pixel)")
        }
    }

    @Test func theAttributesTogetherMatchTheirGolden() throws {
        let body = TextAttributes(font: .textStyle(.title3), foregroundColor: Self.ink)
        let storage = TextStorage("", attributes: body)
        func add(_ text: String, _ change: (inout TextAttributes) -> Void) {
            var attributes = body
            change(&attributes)
            storage.append(text, attributes: attributes)
        }
        add("Outline ") { $0.strokeWidth = 4 }
        add("filled outline ") {
            $0.strokeWidth = -5
            $0.strokeColor = Color(red: 0.8, green: 0.2, blue: 0.2)
        }
        add("slanted ") { $0.obliqueness = 0.2 }
        add("wide ") { $0.expansion = 0.25 }
        add("narrow\n") { $0.expansion = -0.2 }
        add("E = mc") { _ in }
        add("2") { $0.superscript = 1 }
        add(", H") { _ in }
        add("2") { $0.superscript = -1 }
        add("O, x") { _ in }
        add("n") { $0.superscript = 1 }
        add("\n") { _ in }
        for pattern in TextDecoration.Pattern.allCases {
            add(pattern.rawValue + " ") {
                $0.underline = TextDecoration(.single, pattern: pattern, color: Color(red: 0.1, green: 0.4, blue: 0.8))
            }
        }
        add("\nthick dashes by word") { $0.underline = TextDecoration(.thick, pattern: .dash, byWord: true) }
        let (canvas, layout) = try RenderFixtures.render(storage, width: 360)
        try Snapshot.check(canvas, layout: layout, name: "render_text_attributes")
    }
}

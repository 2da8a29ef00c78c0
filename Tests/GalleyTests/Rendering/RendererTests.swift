import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct RendererTests {
    @Test func inkFallsInsideEachLinesUsedRect() throws {
        let (canvas, layout) = try RenderFixtures.render(try SnapshotTests.storage("render_plain_english_paragraph"))
        // Side bearings let ink pass the advance box a little: 1.5 pt of slack horizontally.
        let slack = 1.5
        var inkPixels = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where RenderFixtures.isInk(canvas, x: x, y: y) {
                inkPixels += 1
                let point = Point(
                    x: (Double(x) + 0.5) / canvas.scale + canvas.origin.x,
                    y: (Double(y) + 0.5) / canvas.scale + canvas.origin.y)
                let inside = layout.lineFragments.contains { fragment in
                    point.y >= fragment.rect.minY && point.y <= fragment.rect.maxY
                        && point.x >= fragment.usedRect.minX - slack && point.x <= fragment.usedRect.maxX + slack
                }
                #expect(inside, "ink at pixel (\(x), \(y)) is outside every line's used rect")
                if !inside { return }
            }
        }
        #expect(inkPixels > 5_000)
    }

    @Test func noInkFallsInsideAnExclusionPath() throws {
        let circle = BezierPath.circle(center: Point(x: 160, y: 110), radius: 60)
        let storage = TextStorage(
            LayoutFixtures.english + " " + LayoutFixtures.english, attributes: TextAttributes(font: .textStyle(.body)))
        let (canvas, _) = try RenderFixtures.render(storage, exclusions: [circle])
        let tester = LayoutFixtures.PathTester(circle)
        var checked = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                // Pixels wholly inside the circle: their centre at least one pixel's diagonal from the edge.
                let point = Point(
                    x: (Double(x) + 0.5) / canvas.scale + canvas.origin.x,
                    y: (Double(y) + 0.5) / canvas.scale + canvas.origin.y)
                let dx = point.x - 160, dy = point.y - 110
                guard (dx * dx + dy * dy).squareRoot() < 60 - 1 / canvas.scale, tester.contains(point) else { continue }
                checked += 1
                #expect(!RenderFixtures.isInk(canvas, x: x, y: y), "ink inside the exclusion at (\(x), \(y))")
            }
        }
        #expect(checked > 40_000)
        #expect(RenderFixtures.inkBounds(canvas, rows: 0..<canvas.height) != nil)
    }

    @Test func letterpressAddsPixelsLighterThanThePaperBelowGlyphsAndPlainTextDoesNot() throws {
        func lighterPixels(_ effect: TextEffect?) throws -> Int {
            let storage = TextStorage(
                "Pressed",
                attributes: TextAttributes(
                    font: .textStyle(.title1), foregroundColor: Color(red: 0.5, green: 0.45, blue: 0.4),
                    textEffect: effect))
            let (canvas, _) = try RenderFixtures.render(storage)
            let paper = [RenderFixtures.paper.red, RenderFixtures.paper.green, RenderFixtures.paper.blue].map {
                Int(($0 * 255).rounded())
            }
            var count = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let pixel = canvas.pixel(x: x, y: y)
                    if Int(pixel.r) > paper[0] + 6 && Int(pixel.g) > paper[1] + 6 && Int(pixel.b) > paper[2] + 6 {
                        count += 1
                        // The light pixels sit just below ink: one to three pixels above them is glyph colour.
                        if effect != nil {
                            let above = (1...3).contains {
                                y - $0 >= 0 && RenderFixtures.isInk(canvas, x: x, y: y - $0)
                                    && canvas.pixel(x: x, y: y - $0).r < pixel.r
                            }
                            #expect(above)
                        }
                    }
                }
            }
            return count
        }
        #expect(try lighterPixels(.letterpress) > 200)
        #expect(try lighterPixels(nil) == 0)
    }

    @Test func glyphInkLinesUpAtScalesOneAndThree() throws {
        let storage = TextStorage(
            "Scale test: Hamburgefonstiv 中文 0123 galley", attributes: TextAttributes(font: .textStyle(.body)))
        let (one, layout) = try RenderFixtures.render(storage, scale: 1)
        let (three, _) = try RenderFixtures.render(storage, scale: 3)
        let band = try #require(layout.lineFragments.first).rect
        /// Stretches of inked columns in the line's band, split at gaps of at least 4.2 points (word spaces), in points.
        func words(_ canvas: Canvas) -> [(Double, Double)] {
            let scale = canvas.scale
            let rows = Int((band.minY + 16) * scale)..<Int((band.maxY + 16) * scale)
            let inked = (0..<canvas.width).map { x in rows.contains { RenderFixtures.isInk(canvas, x: x, y: $0) } }
            var result: [(Double, Double)] = []
            var start: Int?, lastInk = -1000
            for x in 0..<canvas.width where inked[x] {
                if let open = start, Double(x - lastInk) >= 4.2 * scale {
                    result.append((Double(open) / scale, Double(lastInk + 1) / scale))
                    start = x
                } else if start == nil {
                    start = x
                }
                lastInk = x
            }
            if let open = start { result.append((Double(open) / scale, Double(lastInk + 1) / scale)) }
            return result
        }
        let atOne = words(one), atThree = words(three)
        #expect(atOne.count >= 4)
        try #require(atOne.count == atThree.count, "\(atOne) vs \(atThree)")
        for (a, b) in zip(atOne, atThree) {
            #expect(abs(a.0 - b.0) <= 1 && abs(a.1 - b.1) <= 1, "word ink at scale 1 \(a), at scale 3 \(b)")
        }
    }

    @Test func halfTransparentTextBlendsWithTheBackground() throws {
        let storage = TextStorage(
            "I",
            attributes: TextAttributes(
                font: .font(try TestFonts.bundled.font(family: "Inter", size: 200)),
                foregroundColor: Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        let (canvas, layout) = try RenderFixtures.render(
            storage, scale: 1, background: Color(red: 1, green: 0, blue: 0))
        let run = try #require(layout.lineFragments.first?.runs.first)
        let ink = try #require(run.glyphRun.font.inkBounds(of: run.glyphRun.glyphs[0].glyphID))
        let x = Int(run.origin.x + ink.x + ink.width / 2 + 16), y = Int(run.origin.y + ink.y + ink.height / 2 + 16)
        let pixel = canvas.pixel(x: x, y: y)
        #expect(abs(Int(pixel.r) - 128) <= 1 && pixel.g == 0 && abs(Int(pixel.b) - 128) <= 1 && pixel.a == 255)
    }

    @Test func fullCoverageInAnOpaqueColourReplacesThePixelAndPartialCoverageBlends() throws {
        var canvas = try Canvas(width: 3, height: 1, background: Color(red: 1, green: 1, blue: 1))
        let color = Color(red: 0.2, green: 0.4, blue: 0.6)
        var blends = BlendTable()
        canvas.composite(color, coverage: [255, 128, 0], width: 3, height: 1, left: 0, top: 0, blends: &blends)
        #expect(canvas.pixel(x: 0, y: 0) == (51, 102, 153, 255))
        // Half coverage keeps half the white: 255 × 0.5 + the colour × 0.5, rounded.
        let half = Float(128) / 255
        let blended = [Float(0.2), 0.4, 0.6].map { UInt8($0 * half * 255 + 255 * (1 - half) + 0.5) }
        let pixel = canvas.pixel(x: 1, y: 0)
        #expect([pixel.r, pixel.g, pixel.b] == blended && pixel.a == 255)
        #expect(canvas.pixel(x: 2, y: 0) == (255, 255, 255, 255))
        // A translucent colour at full coverage still blends.
        canvas.composite(
            Color(red: 0, green: 0, blue: 0, alpha: 0.5), coverage: [255], width: 1, height: 1, left: 2, top: 0,
            blends: &blends)
        #expect(canvas.pixel(x: 2, y: 0) == (128, 128, 128, 255))
    }

    /// Glyphs drawn one after another keep the blends they worked out over the page's colour: the pixels are those
    /// of blending each glyph afresh, for every coverage, over the page and over pixels earlier glyphs drew, in
    /// colours that change (opaque and translucent) and come back.
    @Test func blendsKeptAcrossGlyphsGiveTheSamePixels() throws {
        let colors = [
            Color(red: 0.1, green: 0.2, blue: 0.3), Color(red: 0.9, green: 0.1, blue: 0.4, alpha: 0.6),
            Color(red: 0.1, green: 0.2, blue: 0.3),
        ]
        let coverage: [UInt8] = (0..<512).map { (index: Int) -> UInt8 in UInt8((index * 37 + index / 7) % 256) }
        var kept = try Canvas(width: 64, height: 16, background: Color(red: 0.98, green: 0.96, blue: 0.9))
        var blended = kept
        var blends = BlendTable()
        for (step, color) in (colors + colors).enumerated() {
            let (left, top) = (step * 5 % 40, step % 8)
            kept.composite(color, coverage: coverage, width: 32, height: 16, left: left, top: top, blends: &blends)
            // The same glyph as a mask, blended pixel by pixel.
            var mask = CoverageMask(left: left, top: top, width: 32, height: 16)
            mask.values = coverage.map { Float($0) / 255 }
            blended.composite(color, mask: mask)
        }
        for y in 0..<16 {
            for x in 0..<64 { #expect(kept.pixel(x: x, y: y) == blended.pixel(x: x, y: y), "pixel \(x), \(y)") }
        }
    }

    /// (A hang guard: the runner's time limit, not a clock in the test.)
    @Test(.timeLimit(.minutes(1))) func aHugeImageIsRefusedQuicklyWithTheLimitNamed() throws {
        let limits = Limits()
        #expect(
            throws: RenderError.imageTooLarge(
                width: 100_000, height: 100_000, limit: limits.imagePixels, sideLimit: limits.imageSide)
        ) {
            try Canvas(width: 100_000, height: 100_000)
        }
        #expect {
            try RenderFixtures.render(TextStorage("x"), width: 100_000, height: 100_000, scale: 1)
        } throws: { error in
            "\(error)".contains("\(limits.imagePixels)")
        }
        #expect(throws: RenderError.self) { try Canvas(covering: Rect(x: 0, y: 0, width: 10, height: 10), scale: .nan) }
    }

    /// Image limits travel with the work: one render may be held to a small image, another allowed a larger one
    /// than the default, and neither changes the other.
    @Test func aRenderKeepsToItsOwnImageLimits() throws {
        let manager = LayoutManager(
            textStorage: TextStorage("Limits travel with the work"), fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 200))
        var small = RenderOptions(scale: 2)
        small.limits.imagePixels = 10_000
        #expect {
            try Renderer().render(manager, options: small)
        } throws: { error in
            guard case RenderError.imageTooLarge(_, _, let limit, _) = error else { return false }
            return limit == 10_000 && "\(error)".contains("over the limit of 10000 pixels")
        }
        #expect(throws: RenderError.self) { try Renderer().renderPNG(manager, options: small) }
        #expect(throws: Never.self) { try Renderer().render(manager, options: RenderOptions(scale: 2)) }
        var wide = Limits()
        wide.imageSide = 100_000
        #expect(throws: Never.self) { try Canvas(width: 70_000, height: 1, limits: wide) }
        #expect(throws: RenderError.self) { try Canvas(width: 70_000, height: 1) }
    }

    @Test func pngsCarrySRGBAndAPhysicalSizeForTheScale() throws {
        let (canvas, _) = try RenderFixtures.render(TextStorage("PNG"), scale: 2)
        let data = try PNGWriter().encode(canvas)
        let bytes = [UInt8](data)
        #expect(Array(bytes.prefix(8)) == [137, 80, 78, 71, 13, 10, 26, 10])
        func chunk(_ name: String) -> [UInt8]? { PNGChunks.first(name, in: data).map { [UInt8]($0) } }
        #expect(chunk("sRGB") != nil)
        let phys = try #require(chunk("pHYs"))
        #expect(phys.prefix(4).reduce(0) { $0 << 8 | Int($1) } == 5669)
        let decoded = try PNGReader.decode(data, scale: 2)
        #expect(decoded.pixels == canvas.pixels)
        #expect(throws: RenderError.self) { try PNGReader.decode(Data("not a png".utf8)) }
    }

    @Test func aClipRectRendersOnlyItsWindow() throws {
        let storage = TextStorage(
            Array(repeating: LayoutFixtures.english, count: 6).joined(separator: "\n"),
            attributes: TextAttributes(font: .textStyle(.body)))
        let (full, _) = try RenderFixtures.render(storage, padding: 0)
        let clip = Rect(x: 0, y: 200, width: 320, height: 100)
        let (window, _) = try RenderFixtures.render(storage, clip: clip)
        #expect(window.width == 640 && window.height == 200)
        var differing = 0
        for y in 0..<window.height {
            for x in 0..<window.width where window.pixel(x: x, y: y) != full.pixel(x: x, y: y + 400) { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test func theGlyphCacheStaysWithinItsBound() throws {
        let cache = GlyphCache(byteLimit: 40_000)
        let storage = TextStorage(
            LayoutFixtures.english + LayoutFixtures.chinese, attributes: TextAttributes(font: .textStyle(.title1)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 320))
        _ = try Renderer(glyphCache: cache).render(manager, options: RenderOptions(scale: 3))
        #expect(cache.byteCount <= 40_000)
        #expect(cache.count > 0)
    }

    @Test func pathsFillThroughFreeTypeWithTheirFillRule() throws {
        var canvas = try Canvas(width: 100, height: 100, background: .white)
        let ring = try BezierPath(svgPathData: "M 10 10 H 90 V 90 H 10 Z M 30 30 H 70 V 70 H 30 Z", fillRule: .evenOdd)
        Renderer().fill(ring, color: .black, on: &canvas)
        #expect(canvas.pixel(x: 20, y: 50).r == 0)
        #expect(canvas.pixel(x: 50, y: 50).r == 255)
        Renderer().stroke(.rect(Rect(x: 40, y: 40, width: 20, height: 20)), lineWidth: 4, color: .black, on: &canvas)
        #expect(canvas.pixel(x: 40, y: 50).r == 0)
        #expect(canvas.pixel(x: 50, y: 50).r == 255)
    }

    /// A subpath that never leaves its point (FuzzPath's `M 10 33 10 33`, on which FreeType's stroker crashed) is
    /// stroked as nothing, beside one that has length.
    @Test func aSubpathOfNoLengthStrokesAsNothing() throws {
        var canvas = try Canvas(width: 100, height: 100, background: .white)
        let path = try BezierPath(svgPathData: "M 10 33 10 33 M 50 10 L 50 90")
        Renderer().stroke(path, lineWidth: 4, color: .black, on: &canvas)
        #expect(canvas.pixel(x: 10, y: 33).r == 255)
        #expect(canvas.pixel(x: 50, y: 50).r == 0)
    }
}

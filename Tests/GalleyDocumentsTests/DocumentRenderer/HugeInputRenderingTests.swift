import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Glyphs, shadows and texts at the edges of what the limits allow: drawn in time and memory bounded by the image
/// (a huge glyph is rasterized only where it meets the canvas), or refused at once with an error naming the limit.
@Suite struct HugeInputRenderingTests {
    /// Where Inter's "I" stem is, in points from the line's origin per point of font size: found by drawing it at
    /// 100 pt, where the whole glyph is rasterized the ordinary way.
    private static let stem: Result<(center: Point, halfWidth: Double), any Error> = Result {
        let storage = TextStorage("I", attributes: TextAttributes(font: .font(try Self.inter(size: 100))))
        let (canvas, _) = try RenderFixtures.render(storage, width: 400, scale: 1, padding: 0)
        let ink = try #require(RenderFixtures.inkBounds(canvas, rows: 0..<canvas.height))
        let center = Point(
            x: (Double(ink.minX + ink.maxX + 1) / 2 + canvas.origin.x) / 100,
            y: (Double(ink.minY + ink.maxY + 1) / 2 + canvas.origin.y) / 100)
        return (center, Double(ink.maxX + 1 - ink.minX) / 2 / 100)
    }

    private static func inter(size: Double) throws -> Font { try TestFonts.bundled.font(family: "Inter", size: size) }

    /// "I" at `size` points and `scale`, drawn through a clip `side` points square centred `dx` em right of the
    /// stem's centre, with a cache of its own.
    private func patch(
        size: Double, scale: Double, dx: Double = 0, side: Double = 10, attributes: TextAttributes = TextAttributes()
    ) throws -> (canvas: Canvas, cache: GlyphCache) {
        let stem = try Self.stem.get()
        var attributes = attributes
        attributes.font = .font(try Self.inter(size: size))
        let storage = TextStorage("I", attributes: attributes)
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: size * 2))
        let center = Point(x: (stem.center.x + dx) * size, y: stem.center.y * size)
        let clip = Rect(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
        let cache = GlyphCache(byteLimit: 64 << 20)
        let canvas = try Renderer(glyphCache: cache).render(
            manager, options: RenderOptions(scale: scale, background: RenderFixtures.paper, clip: clip))
        return (canvas, cache)
    }

    private func inkFraction(_ canvas: Canvas) -> Double {
        var ink = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where RenderFixtures.isInk(canvas, x: x, y: y) { ink += 1 }
        }
        return Double(ink) / Double(canvas.width * canvas.height)
    }

    /// (Each is milliseconds; it was minutes and gigabytes: the runner's time limit guards it, not a clock.)
    @Test(
        .timeLimit(.minutes(1)),
        arguments: [(2_500.0, 8.0, true), (9_000, 3, true), (10_000, 8, true), (500, 2, false)])
    func aGlyphOfAnyAllowedSizeIsDrawnWhereItMeetsTheImage(_ size: Double, _ scale: Double, _ clipped: Bool) throws {
        // 20,000 px and more used to be dropped without a word; 80,000 px passes FreeType's 16-bit ppem.
        let inside = try patch(size: size, scale: scale)
        #expect(inkFraction(inside.canvas) == 1, "the stem's middle is solid ink")
        let stem = try Self.stem.get()
        let beside = try patch(size: size, scale: scale, dx: stem.halfWidth + 0.05)
        #expect(inkFraction(beside.canvas) == 0, "just right of the stem is paper")
        // A glyph bigger than the whole-bitmap budget is drawn clipped and not cached; small ones are cached.
        #expect(inside.cache.count == (clipped ? 0 : 1) && beside.cache.count == inside.cache.count)
    }

    @Test(.timeLimit(.minutes(1))) func hugeShadowsAndLetterpressBlurOnlyWhatReachesTheImage() throws {
        // A 2,000 pt letter with a 200 pt shadow blur took 111 s and 3.3 GB when the glyph and its mask were made
        // whole; through a 40 pt window both stay the window's size (plus the blur's reach).
        let shadow = Shadow(offsetX: 0, offsetY: 0, blurRadius: 200, color: .black)
        let shadowed = try patch(size: 2_000, scale: 2, side: 40, attributes: TextAttributes(shadow: shadow))
        #expect(inkFraction(shadowed.canvas) == 1)
        let stem = try Self.stem.get()
        // 20 pt right of the stem, the blurred shadow still darkens the paper.
        let glow = try patch(
            size: 2_000, scale: 2, dx: stem.halfWidth + 0.02, side: 10, attributes: TextAttributes(shadow: shadow))
        #expect(inkFraction(glow.canvas) == 1)
        let pressed = try patch(size: 2_000, scale: 3, side: 40, attributes: TextAttributes(textEffect: .letterpress))
        #expect(inkFraction(pressed.canvas) > 0.9)
    }

    @Test(.timeLimit(.minutes(1))) func aTextTooTallToDrawFailsOnceItsLinesPassTheImageLimit() throws {
        // 100,000 lines at 100 pt and scale 3 would make an image ~6,000,000 px tall; the layout stops at the
        // drawable height (65,535 px per side at scale 3, less the margins: 21,813 points) and says so, instead of
        // laying out everything first.
        let lines = String(repeating: "a\n", count: 100_000)
        var document = try NoteReader.read(lines, defaults: TextAttributes())
        document.width = 100
        document.render.scale = 3
        let renderer = DocumentRenderer(document: document, library: try TestFonts.bundled)
        #expect {
            try renderer.render()
        } throws: { error in
            guard case RenderError.textTooTall(let width, let height, let limit, _) = error else { return false }
            return width == 396 && height == 21_813 && limit == Limits().imagePixels
                && "\(error)".contains("the text is taller than the")
        }
        let layout = try renderer.layout()
        #expect(layout.unlaidCharacterRange.isEmpty, "layout alone is not bounded by the image")
    }

    @Test(.timeLimit(.minutes(1))) func fallbackForManyDistinctCharactersAgreesWithFontconfig() throws {
        // Each character needing a system font used to cost fontconfig a sort of every face (~1 ms); the order is
        // now sorted once per request and each character is a walk of character-set lookups.
        let library = try FontLibrary(includeSystemFonts: true)
        let font = try library.font(family: "Inter", size: 17)
        let blocks = [0x0E01..<0x0E5B, 0x1200..<0x1380, 0x0B82..<0x0BFA, 0x0981..<0x09FE, 0x1780..<0x17F9]
        let scalars = blocks.flatMap { $0.compactMap(Unicode.Scalar.init) }
        let answers = scalars.map { library.fallbackFont(for: $0, replacing: font)?.face.path }
        // The first covering face in the sorted order is fontconfig's best match with the character in the pattern.
        let fcMatch = try #require(ExternalTool.find("fc-match"))
        for (scalar, answer) in zip(scalars, answers) where scalar.value % 23 == 0 {
            guard let answer else { continue }
            let pattern = "weight=80:slant=0:scalable=True:charset=\(String(scalar.value, radix: 16))"
            let best = try ExternalTool.run(fcMatch, ["-f", "%{file}", pattern])
            #expect(best == answer, "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
    }

    @Test func freeTypeErrorsAreNamed() throws {
        let truncated = GalleyCommand.temporary("truncated.ttf")
        let whole = try Data(contentsOf: URL(fileURLWithPath: TestFonts.fontFile("Inter/Inter-roman.var.ttf")))
        try whole.prefix(3_000).write(to: URL(fileURLWithPath: truncated))
        #expect {
            try FontFace(path: truncated, index: 0, isBundled: false)
        } throws: { error in
            "\(error)".contains("FreeType error") && !"\(error)".contains("unknown error")
        }
    }

    @Test func aTruncatedPNGIsAnErrorAndFreesWhatItDecoded() throws {
        // libpng leaves by longjmp; the shim's buffers are volatile so they are freed (Scripts/sanitize address
        // reports the leak otherwise; found by FuzzPNG).
        let picture = try Data(contentsOf: TestFonts.repositoryRoot.appendingPathComponent("Examples/flower.png"))
        for length in [40, 200, picture.count / 2, picture.count - 20] {
            #expect(throws: RenderError.self) { try PNGReader.decode(picture.prefix(length)) }
        }
    }
}

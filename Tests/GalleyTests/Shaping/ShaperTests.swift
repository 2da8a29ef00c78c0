import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct ShaperTests {
    /// Noto Color Emoji's bitmaps are 136 px wide at 109 ppem where `hmtx` says 2550/2048 em: an emoji advances as
    /// its strike says, as Chromium measures it (21.211 px at 17 px, not 21.167), a skin-tone sequence as one.
    @Test func colourBitmapEmojiAdvanceAsTheirStrike() throws {
        let library = try TestFonts.system
        let inter = try library.font(family: "Inter", size: 17)
        for text in ["😀", "👃🏻", "☝🏽"] {
            let shaped = try TestFonts.shape(text, attributes: TextAttributes(font: .font(inter)), library: library)
            let run = try #require(shaped.runs.first { $0.font.face.hasBitmapStrikes }, "\(text) in an emoji font")
            #expect(shaped.runs.count == 1 && run.glyphs.count == 1, "\(text)")
            #expect(abs(run.width - 136.0 / 109 * 17) < 1e-6, "\(text): \(run.width)")
        }
    }

    /// Where a paragraph keeps monospace cells (notes' code blocks), text asking for a monospaced font keeps to its
    /// cells where other faces draw for it, as terminals set text: an ideograph (1 em) takes two 0.6-em cells,
    /// centred, as does an isolated beh (0.79 em); the columns after stay on the grid. Without it (the default, as
    /// browsers), fallback glyphs keep their own widths.
    @Test func fallbackGlyphsInMonospacedCodeTakeWholeCells() throws {
        let library = try TestFonts.bundled
        let mono = try library.font(family: "JetBrains Mono", size: 20)
        let cell = mono.advance(of: try #require(mono.glyph(for: " ")))
        #expect(mono.face.isFixedPitch && abs(cell - 12) < 1e-9)
        var code = ParagraphStyle()
        code.keepsMonospaceCells = true
        let text = "ab中文:ب;"
        let shaped = try TestFonts.shape(
            text, attributes: TextAttributes(font: .font(mono), paragraphStyle: code), library: library)
        var x = 0.0
        for run in shaped.runs {
            for glyph in run.glyphs {
                // Every glyph starts on a cell boundary and is a whole number of cells wide.
                let cells = glyph.advance / cell
                #expect(abs(cells - cells.rounded()) < 1e-9 && cells >= 1, "\(run.font.face.familyName): \(cells)")
                #expect(abs(x / cell - (x / cell).rounded()) < 1e-9)
                if run.font.face.familyName.contains("CJK") {
                    // An ideograph: two cells, its 1-em glyph centred in them.
                    #expect(abs(glyph.advance - 2 * cell) < 1e-9 && abs(glyph.xOffset - (2 * cell - 20) / 2) < 1e-9)
                }
                x += glyph.advance
            }
        }
        #expect(abs(x - 10 * cell) < 1e-9, "\(x / cell) cells")  // a, b, 中 ×2, 文 ×2, :, ب ×2, ;
        let browser = try TestFonts.shape(text, attributes: TextAttributes(font: .font(mono)), library: library)
        let ideographs = try #require(browser.runs.first { $0.font.face.familyName.contains("CJK") })
        #expect(abs(ideographs.width - 40) < 1e-9, "two 1-em ideographs: \(ideographs.width)")
    }

    @Test func kerningPairsAreApplied() throws {
        let font = try TestFonts.bundled.font(family: "Inter", size: 100)
        let kerned = try TestFonts.shape("AV", attributes: TextAttributes(font: .font(font))).runs[0]
        let plain = try TestFonts.shape(
            "AV", attributes: TextAttributes(font: .font(font), fontFeatures: [FontFeature("kern", 0)])
        ).runs[0]
        #expect(kerned.width < plain.width - 1)
    }

    @Test func kernAndTrackingAddSpaceAfterEveryCluster() throws {
        let font = try TestFonts.bundled.font(family: "Inter", size: 20)
        let plain = try TestFonts.shape("abcd", attributes: TextAttributes(font: .font(font))).width
        let kerned = try TestFonts.shape("abcd", attributes: TextAttributes(font: .font(font), kern: 1.5)).width
        let tracked = try TestFonts.shape("abcd", attributes: TextAttributes(font: .font(font), tracking: -0.5)).width
        #expect(abs(kerned - plain - 6) < 1e-9)
        #expect(abs(tracked - plain + 2) < 1e-9)
    }

    @Test func codeLigaturesFormAndCanBeTurnedOff() throws {
        let mono = try TestFonts.bundled.font(family: "JetBrains Mono", size: 14)
        let ligated = try TestFonts.shape("a -> b", attributes: TextAttributes(font: .font(mono))).runs[0]
        let plain = try TestFonts.shape(
            "a -> b", attributes: TextAttributes(font: .font(mono), fontFeatures: [FontFeature("calt", 0)])
        ).runs[0]
        #expect(ligated.glyphs.map(\.glyphID) != plain.glyphs.map(\.glyphID))
        // Monospaced: the ligature keeps the cell width, so the advances sum to the same.
        #expect(abs(ligated.width - plain.width) < 1e-9)
    }

    @Test func rightToLeftRunsComeBackInVisualOrderWithLogicalClusters() throws {
        let run = try TestFonts.shape("שלום").runs[0]
        #expect(run.isRightToLeft)
        #expect(run.glyphs.map(\.cluster) == [3, 2, 1, 0])
    }

    @Test func clustersAreUTF16OffsetsInTheParagraph() throws {
        let shaped = try TestFonts.shape("a😀中b", library: try TestFonts.system)
        let clusters = shaped.runs.flatMap { $0.glyphs.map(\.cluster) }
        #expect(clusters == [0, 1, 3, 4])
    }

    @Test func anEmptyParagraphShapesToNothing() throws {
        let shaped = try TestFonts.shape("")
        #expect(shaped.runs.isEmpty)
        #expect(shaped.width == 0)
    }

    @Test func advancesScaleLinearlyWithSize() throws {
        let library = try TestFonts.bundled
        let small = try TestFonts.shape(
            "Galley", attributes: TextAttributes(font: .font(library.font(family: "Inter", size: 10))))
        let large = try TestFonts.shape(
            "Galley", attributes: TextAttributes(font: .font(library.font(family: "Inter", size: 30))))
        #expect(abs(large.width - 3 * small.width) < 1e-9)
    }

    @Test func wordsComeFromTheCacheWithTheSameGlyphsAndTheCacheKeepsItsBound() throws {
        let mono = try TestFonts.bundled.font(family: "JetBrains Mono", size: 14)
        #expect(mono.face.shapingFacts.shapesWordByWord)
        let cache = ShapeCache(entryLimit: 10)
        let text = (0..<40).map { "word\($0)" }.joined(separator: " ")
        let paragraph = Paragraph(text, attributes: TextAttributes(font: .font(mono)))
        let itemizer = Itemizer(fontLibrary: try TestFonts.bundled)
        let cached = try Shaper(shapeCache: cache).shape(paragraph, itemizer: itemizer)
        let again = try Shaper(shapeCache: cache).shape(paragraph, itemizer: itemizer)
        let whole = try Shaper(shapeCache: nil).shape(paragraph, itemizer: itemizer)
        #expect(cache.count <= 10 && cache.count > 0)
        #expect(cached.runs.flatMap(\.glyphs) == whole.runs.flatMap(\.glyphs))
        #expect(again.runs.flatMap(\.glyphs) == whole.runs.flatMap(\.glyphs))
    }
}

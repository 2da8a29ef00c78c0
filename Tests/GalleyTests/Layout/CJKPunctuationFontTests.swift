import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The punctuation Chinese and Japanese share with Western text (`“ ” ‘ ’ … — ·`) drawn from the CJK face beside CJK
/// characters, as CLREQ and JLREQ set it, and from the run's Latin font where CSS's matching is asked for (web
/// metrics, or `punctuationFont: .css`) and away from CJK characters.
@Suite struct CJKPunctuationFontTests {
    static let size = 20.0

    /// Each glyph of a one-line layout of `text` in Inter (the CJK face filling in), by cluster: its font family,
    /// advance, and ink bounds.
    private func glyphs(
        _ text: String, language: String = "zh-Hans", font: ParagraphStyle.PunctuationFont = .automatic,
        metrics: ParagraphStyle.LineHeightMetrics = .exact
    ) throws -> [Int: (family: String, advance: Double, ink: GlyphBounds?)] {
        var style = ParagraphStyle()
        style.punctuationFont = font
        style.lineHeightMetrics = metrics
        var attributes = TextAttributes(
            font: .font(try TestFonts.bundled.font(family: "Inter", size: Self.size)), paragraphStyle: style)
        attributes.language = language
        let (layout, _) = try LayoutFixtures.layout(text, attributes: attributes, container: TextContainer(width: 2000))
        var result: [Int: (family: String, advance: Double, ink: GlyphBounds?)] = [:]
        for run in layout.lineFragments[0].runs {
            let font = run.glyphRun.font
            for glyph in run.glyphRun.glyphs {
                result[glyph.cluster] = (font.face.familyName, glyph.advance, font.inkBounds(of: glyph.glyphID))
            }
        }
        return result
    }

    @Test func anEllipsisInChineseIsTwoCentredEms() throws {
        let text = "他说……中"
        let glyphs = try self.glyphs(text)
        let dots = [glyphs[2]!, glyphs[3]!]
        for dot in dots {
            #expect(dot.family == "Noto Sans CJK SC")
            #expect(abs(dot.advance - Self.size) < 0.01, "each … a full em")
        }
        // On the ideographic centre line: the middle of 中's ink, not Inter's baseline dots.
        let centre = { (ink: GlyphBounds) in ink.y + ink.height / 2 }
        let ideograph = try #require(glyphs[4]?.ink)
        let dot = try #require(dots[0].ink)
        #expect(abs(centre(dot) - centre(ideograph)) < 0.08 * Self.size, "\(centre(dot)) vs \(centre(ideograph))")
        let latin = try self.glyphs(text, font: .css)
        #expect(latin[2]?.family == "Inter")
        #expect(abs(centre(try #require(latin[2]?.ink)) - centre(ideograph)) > 0.2 * Self.size)
    }

    @Test func quotesAroundChineseAreFullWidthAndTrimmedAsCLREQSays() throws {
        let glyphs = try self.glyphs("“你好”。")
        #expect(glyphs[0]?.family == "Noto Sans CJK SC")
        #expect(glyphs[3]?.family == "Noto Sans CJK SC")
        // An opening quote starting the paragraph keeps its full em; a closing quote before 。 loses its blank half.
        #expect(abs(glyphs[0]!.advance - Self.size) < 0.01)
        #expect(abs(glyphs[3]!.advance - Self.size / 2) < 0.01)
        // Japanese too; Latin text in a Chinese paragraph keeps Inter's quotes.
        #expect(try self.glyphs("「これ」と“それ”", language: "ja")[5]?.family == "Noto Sans CJK SC")
        let english = try self.glyphs("他说 “hello”…")
        #expect(english[3]?.family == "Inter")
        #expect(english[10]?.family == "Inter")
    }

    @Test func anExclamationBeforeAClosingQuoteIsSetInOneAndAHalfEms() throws {
        // CLREQ: “好！” — the exclamation mark's blank right half goes before the closing quote.
        let clreq = try self.glyphs("他说“好！”")
        #expect(abs(clreq[4]!.advance - Self.size / 2) < 0.01)
        #expect(abs(clreq[4]!.advance + clreq[5]!.advance - 1.5 * Self.size) < 0.01)
        #expect(abs(try self.glyphs("真的？”")[2]!.advance - Self.size / 2) < 0.01)
        // Before an ideograph it keeps its em; with CSS's rules (Chromium) it is never trimmed.
        #expect(abs(try self.glyphs("好！他")[1]!.advance - Self.size) < 0.01)
        #expect(abs(try self.glyphs("他说“好！”", font: .css)[4]!.advance - Self.size) < 0.01)
    }

    @Test func webMetricsAndCSSKeepTheRunsFont() throws {
        for (font, metrics) in [
            (ParagraphStyle.PunctuationFont.automatic, ParagraphStyle.LineHeightMetrics.web),
            (.css, .exact),
        ] {
            let glyphs = try self.glyphs("“你好”", font: font, metrics: metrics)
            #expect(glyphs[0]?.family == "Inter", "\(font) \(metrics)")
            #expect(glyphs[0]!.advance < Self.size / 2)
        }
        let forced = try self.glyphs("“你好”", font: .cjk, metrics: .web)
        #expect(forced[0]?.family == "Noto Sans CJK SC")
        // A paragraph in English is not touched.
        #expect(try self.glyphs("“你好”", language: "en")[0]?.family == "Inter")
    }
}

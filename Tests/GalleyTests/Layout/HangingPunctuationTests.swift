import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Hanging punctuation (CSS `hanging-punctuation`, ``ParagraphStyle/hangingPunctuation``), checked on where glyphs
/// are drawn: hung marks pass the line's edge, nothing else does, and lines fit, align and justify without them.
@Suite struct HangingPunctuationTests {
    static let size = 20.0
    static let chinese =
        "排版引擎要把每一行排满，标点不能出现在行首，也不能让行尾留下难看的空白。我们在 Linux 上用 Swift 写排版，"
        + "用 HarfBuzz 塑形，用 ICU 断行，每个字都按规则落在网格上。读者看不见这些规则，却能感觉到版面是否整齐、"
        + "是否舒服。好的排版让人忘记排版的存在，只留下文字本身。"

    /// One glyph as laid out: its character (UTF-16 offset into the storage), the x its pen starts and ends at,
    /// and its line's used rect and free segment.
    struct PlacedGlyph {
        var offset: Int
        var start: Double
        var end: Double
        var line: LineFragment
    }

    static func glyphs(
        _ text: String, width: Double, hanging: ParagraphStyle.HangingPunctuation,
        alignment: ParagraphStyle.Alignment = .justified, family: String = "Noto Sans CJK SC"
    ) throws -> (glyphs: [PlacedGlyph], units: [UInt16], lines: [LineFragment]) {
        var style = ParagraphStyle()
        style.alignment = alignment
        style.hangingPunctuation = hanging
        let font = try TestFonts.bundled.font(family: family, size: size)
        let (layout, storage) = try LayoutFixtures.layout(
            text, attributes: TextAttributes(font: .font(font), language: "zh-Hans", paragraphStyle: style),
            container: TextContainer(width: width))
        var result: [PlacedGlyph] = []
        for line in layout.lineFragments {
            for run in line.runs {
                for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) {
                    result.append(
                        PlacedGlyph(
                            offset: line.paragraphStart + glyph.cluster, start: x, end: x + glyph.advance, line: line))
                }
            }
        }
        return (result, Array(storage.string.utf16), layout.lineFragments)
    }

    /// The last character of `line` that is not white space.
    static func lastContent(_ line: LineFragment, _ units: [UInt16]) -> Int {
        var offset = line.characterRange.upperBound - 1
        while offset > line.characterRange.lowerBound, [0x20, 0x0A].contains(units[offset]) { offset -= 1 }
        return offset
    }

    @Test func lineEndCommasPassTheEdgeAndNothingElseDoes() throws {
        var hung = 0
        for width in stride(from: 150.0, through: 330, by: 7) {
            let (glyphs, units, lines) = try Self.glyphs(Self.chinese, width: width, hanging: .init(end: .allow))
            let right = lines[0].rect.maxX
            for glyph in glyphs where glyph.end > right + 0.01 && units[glyph.offset] != 0x20 {
                let isLineEnd = glyph.offset == Self.lastContent(glyph.line, units)
                #expect(
                    isLineEnd && ParagraphStyle.HangingPunctuation.isStopOrComma(units[glyph.offset]),
                    "at \(width) pt: \(Character(UnicodeScalar(units[glyph.offset])!)) passes the edge")
                // The mark hangs from within the line; on a justified line (all but the last) the text before it
                // reaches the edge.
                #expect(glyph.start <= right + 0.01, "at \(width) pt")
                if glyph.line.rect != lines[lines.count - 1].rect {
                    #expect(abs(glyph.start - right) < 0.01, "at \(width) pt")
                }
                hung += 1
            }
            // Without hanging, nothing passes the edge.
            let (plain, _, _) = try Self.glyphs(Self.chinese, width: width, hanging: .none)
            #expect(plain.allSatisfy { $0.end <= right + 0.01 || units[$0.offset] == 0x20 }, "at \(width) pt")
        }
        #expect(hung >= 5)
    }

    @Test func aMarkHangsOnlyWhenTheLineWouldNotFitOtherwiseUnlessForced() throws {
        for width in stride(from: 150.0, through: 330, by: 7) {
            for end in [ParagraphStyle.HangingPunctuation.End.allow, .force] {
                let (glyphs, units, lines) = try Self.glyphs(
                    Self.chinese, width: width, hanging: .init(end: end), alignment: .left)
                for line in lines.dropLast() {
                    let last = Self.lastContent(line, units)
                    guard ParagraphStyle.HangingPunctuation.isStopOrComma(units[last]),
                        let mark = glyphs.first(where: { $0.offset == last && $0.line.rect == line.rect })
                    else { continue }
                    let hangs = abs(line.usedRect.maxX - mark.start) < 0.01
                    if end == .force {
                        #expect(hangs, "at \(width) pt")
                    } else {
                        // allowEnd: hung exactly when the mark would pass the edge.
                        #expect(hangs == (mark.end > line.rect.maxX + 0.01), "at \(width) pt")
                    }
                }
            }
        }
    }

    @Test func quotesHangAtTheParagraphsStartAndEnd() throws {
        let text = "“Hanging quotes keep the text's edge straight,” she said, “and the marks sit in the margin.”"
        let both = ParagraphStyle.HangingPunctuation(first: true, last: true)
        let (glyphs, units, lines) = try Self.glyphs(
            text, width: 200, hanging: both, alignment: .right, family: "Inter")
        let first = try #require(glyphs.first)
        #expect(units[first.offset] == 0x201C)
        #expect(abs(first.end - lines[0].usedRect.minX) < 0.01)
        // Right-aligned, the last line's closing quote starts at the edge and passes it.
        let last = try #require(glyphs.last { units[$0.offset] == 0x201D })
        #expect(abs(last.start - lines[lines.count - 1].rect.maxX) < 0.01)
        // Quotes inside the paragraph do not hang.
        let (plain, _, _) = try Self.glyphs(text, width: 200, hanging: .none, alignment: .right, family: "Inter")
        #expect(plain.allSatisfy { $0.end <= lines[0].rect.maxX + 0.01 || units[$0.offset] == 0x20 })
        #expect(
            glyphs.filter { $0.end > lines[0].rect.maxX + 0.01 && units[$0.offset] != 0x20 }.map(\.offset) == [
                last.offset
            ])
    }

    @Test func namesReadAndWriteAsCSSNamesThem() {
        #expect(ParagraphStyle.HangingPunctuation.allCases.count == 12)
        for value in ParagraphStyle.HangingPunctuation.allCases {
            #expect(ParagraphStyle.HangingPunctuation(rawValue: value.rawValue) == value)
        }
        #expect(
            ParagraphStyle.HangingPunctuation(rawValue: "last allowEnd first")
                == .init(first: true, end: .allow, last: true))
        #expect(ParagraphStyle.HangingPunctuation(rawValue: "allowEnd forceEnd") == nil)
        #expect(ParagraphStyle.HangingPunctuation(rawValue: "first first") == nil)
        #expect(ParagraphStyle.HangingPunctuation(rawValue: "") == nil)
    }
}

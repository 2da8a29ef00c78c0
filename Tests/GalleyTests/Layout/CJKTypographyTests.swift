import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Chinese typography: punctuation trimming, Han–Latin autospace, justification between ideographs and kinsoku
/// in every break, measured on glyph positions and line breaks.
@Suite struct CJKTypographyTests {
    static let size = 20.0

    private func attributes(
        trim: ParagraphStyle.PunctuationTrim = .normal, autospace: Bool = false,
        alignment: ParagraphStyle.Alignment = .natural, mode: ParagraphStyle.LineBreakMode = .wordWrap,
        chineseFirst: Bool = true
    ) throws -> TextAttributes {
        var style = ParagraphStyle()
        style.punctuationTrim = trim
        style.autospace = autospace
        style.alignment = alignment
        style.lineBreakMode = mode
        let family = chineseFirst ? "Noto Sans CJK SC" : "Inter"
        let font = try TestFonts.bundled.font(family: family, size: Self.size)
        return TextAttributes(font: .font(font), paragraphStyle: style)
    }

    /// Each glyph's pen x and the x its ink is drawn from, by cluster, for a one-line text.
    private func positions(_ text: String, _ attributes: TextAttributes) throws -> [Int: (pen: Double, drawn: Double)] {
        let (layout, _) = try LayoutFixtures.layout(text, attributes: attributes, container: TextContainer(width: 2000))
        var result: [Int: (pen: Double, drawn: Double)] = [:]
        for run in layout.lineFragments[0].runs {
            for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) {
                result[glyph.cluster] = (x, x + glyph.xOffset)
            }
        }
        return result
    }

    private func width(_ text: String, _ attributes: TextAttributes) throws -> Double {
        let (layout, _) = try LayoutFixtures.layout(text, attributes: attributes, container: TextContainer(width: 2000))
        return layout.lineFragments[0].usedRect.width
    }

    @Test func adjacentFullWidthPunctuationIsTrimmedByHalfAnEm() throws {
        // ” is followed by 、 (both closing: ” loses its blank right half); （ follows 、 (it loses its left half).
        let text = "好”、（好"
        let full = try width(text, try attributes(trim: .none))
        let trimmed = try width(text, try attributes())
        #expect(full == 5 * Self.size)
        #expect(full - trimmed == Self.size)
        let glyphs = try positions(text, try attributes())
        #expect(glyphs[2]!.pen - glyphs[1]!.pen == Self.size / 2)  // ” set half-width
        #expect(glyphs[3]!.pen - glyphs[2]!.pen == Self.size)  // 、 keeps its em
        #expect(glyphs[3]!.drawn == glyphs[3]!.pen - Self.size / 2)  // （ drawn half an em left
        #expect(glyphs[4]!.pen - glyphs[3]!.pen == Self.size / 2)
    }

    @Test func closingPunctuationBeforeAFullStopIsTrimmedAndASingleMarkIsNot() throws {
        #expect(try width("（好）。", try attributes()) == 3.5 * Self.size)
        #expect(try width("好，好", try attributes()) == 3 * Self.size)
        #expect(try width("“好”", try attributes()) == 3 * Self.size)  // opening at the line start keeps its em
    }

    @Test func aFontWithoutHaltCompressesNothing() throws {
        #expect(try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 10).face.hasHalfWidthPunctuation)
        #expect(try !TestFonts.bundled.font(family: "Inter", size: 10).face.hasHalfWidthPunctuation)
        // In Inter-first text the quotes are Inter's (narrow, no halt): trimming leaves them alone.
        let text = "好“（好）”"
        #expect(try width(text, try attributes(chineseFirst: false)) < width(text, try attributes(trim: .none)))
        let inter = try attributes(chineseFirst: false)
        var untrimmed = inter
        untrimmed.paragraphStyle?.punctuationTrim = .none
        #expect(try width("a“b”c", inter) == width("a“b”c", untrimmed))
    }

    @Test func aClosingBracketAtTheLineEndIsSetHalfWidthWhenThatMakesTheLineFit() throws {
        let text = "一二三四）五六七八"
        let container = TextContainer(width: 4.5 * Self.size)
        let (trimmedLayout, storage) = try LayoutFixtures.layout(
            text, attributes: try attributes(), container: container)
        #expect(LayoutFixtures.lines(trimmedLayout, storage).first == "一二三四）")
        #expect(trimmedLayout.lineFragments[0].usedRect.width == 4.5 * Self.size)
        let (fullLayout, fullStorage) = try LayoutFixtures.layout(
            text, attributes: try attributes(trim: .none), container: container)
        #expect(LayoutFixtures.lines(fullLayout, fullStorage).first == "一二三")  // ） may not start a line
        // Chromium does not do it for 。、，: the full stop goes down with the character before it.
        let (stopLayout, stopStorage) = try LayoutFixtures.layout(
            "一二三四。五六七八", attributes: try attributes(), container: container)
        #expect(LayoutFixtures.lines(stopLayout, stopStorage).first == "一二三")
    }

    @Test func autospacePutsAnEighthEmBetweenHanAndLatin() throws {
        let text = "中文Swift中文 2024 年"
        let plain = try width(text, try attributes(chineseFirst: false))
        let spaced = try width(text, try attributes(autospace: true, chineseFirst: false))
        #expect(abs(spaced - plain - 2 * Self.size / 8) < 1e-9)  // 文|S and t|中; none beside the spaces
        let glyphs = try positions(text, try attributes(autospace: true, chineseFirst: false))
        let plainGlyphs = try positions(text, try attributes(chineseFirst: false))
        #expect(abs(glyphs[2]!.pen - plainGlyphs[2]!.pen - Self.size / 8) < 1e-9)
    }

    /// In a vertical line, digits combined into one upright em (tate-chu-yoko) stand as an ideograph: no
    /// autospace beside them (`4月2日` is set tight, as Chromium sets it), while digits set sideways keep theirs.
    @Test func noAutospaceBesideACombinedGroup() throws {
        func length(_ combine: TextCombineUpright, autospace: Bool) throws -> Double {
            var style = ParagraphStyle()
            style.writingMode = .verticalRL
            style.textCombineUpright = combine
            style.autospace = autospace
            let font = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: Self.size)
            let attributes = TextAttributes(font: .font(font), language: "ja", paragraphStyle: style)
            let (layout, _) = try LayoutFixtures.layout(
                "年4月2日", attributes: attributes, container: TextContainer(size: Size(width: 200, height: 2000)))
            return layout.lineFragments[0].usedRect.width
        }
        #expect(try length(.digits(2), autospace: true) == (try length(.digits(2), autospace: false)))
        #expect(
            abs(try length(.none, autospace: true) - (try length(.none, autospace: false)) - 4 * Self.size / 8) < 1e-9)
    }

    @Test func autospaceIsNotShownAtALineEnd() throws {
        let attributes = try attributes(autospace: true, chineseFirst: false)
        let (layout, storage) = try LayoutFixtures.layout(
            "中文中文Galley", attributes: attributes, container: TextContainer(width: 4 * Self.size + 1))
        #expect(LayoutFixtures.lines(layout, storage) == ["中文中文", "Galley"])
        #expect(layout.lineFragments[0].usedRect.width == 4 * Self.size)
    }

    @Test func justifiedChineseSpreadsTheSlackOverTheGapsBetweenIdeographs() throws {
        let text = "text 也应当处理好中文的两端对齐问题，也应当处理好中文的两端对齐问题。"
        let width = 260.0
        let (layout, storage) = try LayoutFixtures.layout(
            text, attributes: try attributes(alignment: .justified), container: TextContainer(width: width))
        let lines = LayoutFixtures.lines(layout, storage)
        #expect(lines.count >= 2)
        let first = layout.lineFragments[0]
        #expect(abs(first.usedRect.maxX - width) < 1e-6)
        // Every gap after an ideograph on the first line grew by the same amount; the letters of "text" did not.
        let run = try #require(first.runs.first { $0.glyphRun.glyphs.contains { $0.cluster == 6 } })
        let positions = Dictionary(uniqueKeysWithValues: zip(run.glyphRun.glyphs.map(\.cluster), run.glyphPositions))
        let gaps = (6..<10).map { positions[$0 + 1]! - positions[$0]! - Self.size }
        #expect(gaps.allSatisfy { abs($0 - gaps[0]) < 1e-9 } && gaps[0] > 1e-6, "\(gaps)")
        // The letters of "text" keep their natural spacing: only the space after them and the ideograph gaps grow.
        let latin = try #require(first.runs.first { $0.glyphRun.glyphs.contains { $0.cluster == 0 } })
        let natural = try TestFonts.shape("text", attributes: try attributes())
        let letters = latin.glyphPositions[3] - latin.glyphPositions[0]
        #expect(abs(letters - natural.runs[0].glyphs[0..<3].reduce(0) { $0 + $1.advance }) < 1e-9)
        // The last line is not justified.
        #expect(layout.lineFragments.last!.usedRect.maxX < width - 1)
    }

    /// A justified line whose characters would stand more than half an em apart is left ragged (a short Chinese
    /// line before a word that cannot break), while its neighbours are justified; a Latin line keeps CSS's wide word
    /// spaces, which no limit bounds.
    @Test func aLineThatWouldSpreadItsCharactersPastHalfAnEmIsLeftRagged() throws {
        let width = 260.0
        let text = "一行很短 TextMeasurer.prepareEverythingNow() 之后的中文继续排下去，直到这一段结束为止，也应当两端对齐。"
        let (layout, storage) = try LayoutFixtures.layout(
            text, attributes: try attributes(alignment: .justified), container: TextContainer(width: width))
        let lines = LayoutFixtures.lines(layout, storage)
        #expect(lines.count >= 4 && lines[0] == "一行很短 ", "\(lines)")
        let (first, third) = (layout.lineFragments[0], layout.lineFragments[2])
        #expect(first.usedRect.maxX < width / 2, "the short line is not spread: \(first.usedRect)")
        #expect(abs(third.usedRect.maxX - width) < 1e-6, "a full line is justified: \(third.usedRect)")
        // Latin words alone spread as CSS spreads them, however wide their spaces grow.
        let (latin, latinStorage) = try LayoutFixtures.layout(
            "Two words Supercalifragilisticexpialidocious", attributes: try attributes(alignment: .justified),
            container: TextContainer(width: width))
        #expect(LayoutFixtures.lines(latin, latinStorage).first == "Two words ")
        #expect(abs(latin.lineFragments[0].usedRect.maxX - width) < 1e-6)
    }

    /// JLREQ's expansion rules: no space before a closing mark or after an opening one, none between the halves of
    /// `——` and `……`; the other gaps take the slack.
    @Test func justificationPutsNoSpaceBeforeClosingOrAfterOpeningMarks() throws {
        let text = "他说（这是好事），排，数字2026，还有——破折号和……省略号。《书名》很长很长很长很长很长很长很长很长很长很长"
        for width in [150.0, 210, 260, 330] {
            let (justified, storage) = try LayoutFixtures.layout(
                text, attributes: try attributes(alignment: .justified), container: TextContainer(width: width))
            let (natural, _) = try LayoutFixtures.layout(
                text, attributes: try attributes(), container: TextContainer(width: width))
            let units = Array(storage.utf16)
            #expect(LayoutFixtures.lines(justified, storage) == LayoutFixtures.lines(natural, storage))
            var stretched = 0
            for (line, plain) in zip(justified.lineFragments.dropLast(), natural.lineFragments) {
                func advances(_ fragment: LineFragment) -> [Int: Double] {
                    var result: [Int: Double] = [:]
                    for run in fragment.runs {
                        for glyph in run.glyphRun.glyphs { result[glyph.cluster, default: 0] += glyph.advance }
                    }
                    return result
                }
                let wide = advances(line), narrow = advances(plain)
                let clusters = wide.keys.sorted()
                for (here, next) in zip(clusters, clusters.dropFirst()) {
                    guard let a = Unicode.Scalar(units[here]), let b = Unicode.Scalar(units[next]) else { continue }
                    let grew = wide[here]! - narrow[here]!
                    if JustificationGaps.keepsTogether(a.value, b.value) {
                        #expect(abs(grew) < 1e-9, "\(a)\(b) at \(width) pt grew \(grew)")
                    } else if grew > 1e-6 {
                        stretched += 1
                    }
                }
            }
            #expect(stretched > 0, "other gaps take the slack at \(width) pt")
        }
        #expect(JustificationGaps.keepsTogether(0x4E2D, 0xFF0C) && JustificationGaps.keepsTogether(0xFF08, 0x4E2D))
        #expect(JustificationGaps.keepsTogether(0x2014, 0x2014) && !JustificationGaps.keepsTogether(0x4E2D, 0x6587))
    }

    @Test(arguments: [ParagraphStyle.LineBreakMode.wordWrap, .charWrap])
    func narrowColumnsKeepKinsoku(mode: ParagraphStyle.LineBreakMode) throws {
        let text = "他说（这是），中文。标点（不能）在行首。"
        // From 2.5 ems up every line of this text can keep the rules (at 2.25 ems “是），” cannot: 。 and ， are not trimmed at a line end).
        for width in [50.0, 70, 90] {
            let (layout, storage) = try LayoutFixtures.layout(
                text, attributes: try attributes(mode: mode), container: TextContainer(width: width))
            let lines = LayoutFixtures.lines(layout, storage)
            #expect(lines.joined() == text)
            for line in lines.dropFirst() {
                #expect(!"，。）、".contains(line.first!), "\(mode) at \(width): \(lines)")
            }
            for line in lines.dropLast() where line.count > 1 {
                #expect(line.last != "（", "\(mode) at \(width): \(lines)")
            }
        }
    }

    /// An overlong word cut in an emergency keeps kinsoku in exact metrics (the word is cut a letter earlier);
    /// web metrics cut it as Chromium does, at the last cluster that fits, even before `）`.
    @Test func emergencyBreaksKeepKinsokuExceptInWebMetrics() throws {
        let text = "中文supercalifragilisticexpialidocious）」们要"
        for metrics in ParagraphStyle.LineHeightMetrics.allCases {
            var attributes = try attributes(chineseFirst: false)
            attributes.paragraphStyle?.lineHeightMetrics = metrics
            var starts: [Character] = []
            for width in stride(from: 60.0, through: 140, by: 2) {
                let (layout, storage) = try LayoutFixtures.layout(
                    text, attributes: attributes, container: TextContainer(width: width))
                starts += LayoutFixtures.lines(layout, storage).dropFirst().compactMap(\.first)
            }
            let closing = starts.filter { "）」".contains($0) }
            #expect(metrics == .web ? !closing.isEmpty : closing.isEmpty, "\(metrics): \(starts)")
        }
    }
}

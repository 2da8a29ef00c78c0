import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct LayoutManagerTests {
    private func layout(_ text: String, width: Double, height: Double = 0, attributes: TextAttributes? = nil)
        throws -> (TextLayout, TextStorage)
    {
        try LayoutFixtures.layout(
            text, attributes: attributes ?? TextAttributes(font: .textStyle(.body)),
            container: TextContainer(width: width, height: height))
    }

    // MARK: Line breaking

    @Test(arguments: Array(stride(from: 90.0, through: 330, by: 12)))
    func chineseLinesNeverStartWithClosingOrEndWithOpeningPunctuation(_ width: Double) throws {
        let (result, storage) = try layout(LayoutFixtures.chinese, width: width)
        let closing = Set("，。、；：？！」』）》”’")
        let opening = Set("「『（《“‘")
        let lines = LayoutFixtures.lines(result, storage)
        #expect(lines.count > 2)
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if let first = trimmed.first { #expect(!closing.contains(first), "line starts with \(first): \(line)") }
            if let last = trimmed.last { #expect(!opening.contains(last), "line ends with \(last): \(line)") }
        }
    }

    @Test(arguments: [120.0, 160, 200, 260])
    func mixedChineseAndEnglishBreaksBetweenWordsNotInsideThem(_ width: Double) throws {
        let (result, storage) = try layout(LayoutFixtures.chinese, width: width)
        let units = storage.utf16
        for fragment in result.lineFragments.dropLast() {
            let end = fragment.characterRange.upperBound
            guard end > 0, end < units.count else { continue }
            let before = Unicode.Scalar(units[end - 1]).map(Character.init)
            let after = Unicode.Scalar(units[end]).map(Character.init)
            let splitsWord =
                (before?.isASCII == true && before?.isLetter == true)
                && (after?.isASCII == true && after?.isLetter == true)
            #expect(!splitsWord, "a line ends inside an English word at \(end)")
        }
    }

    @Test func aWordLongerThanTheLineBreaksBetweenClustersAndNeverOverflows() throws {
        let word = String(repeating: "abcdefghij", count: 8)
        let (result, _) = try layout(word, width: 100)
        #expect(result.lineFragments.count > 3)
        for fragment in result.lineFragments { #expect(fragment.usedRect.width <= 100 + 1e-9) }
        #expect(result.lineFragments.map(\.characterRange.count).reduce(0, +) == word.utf16.count)
    }

    @Test func breaksMatchTheHandCheckedWordWidths() throws {
        // `galley shape` gives Inter 17: "The quick brown fox jumps" = 215.78 pt, "jumps over the lazy dog." = 196.56 pt,
        // so at 200 pt the line must break after "fox ".
        let (result, _) = try layout("The quick brown fox jumps over the lazy dog.", width: 200)
        #expect(result.lineFragments.map(\.characterRange.lowerBound) == [0, 20])
    }

    // MARK: Heights

    /// Five hand-checked heights at 320 pt. Inter 17 pt: ascender 1984/2048·17, descender 494/2048·17, no gap:
    /// 20.57 pt, raised to body's leading of 22 pt. Noto Sans CJK SC 17 pt: (1160 + 288)/1000·17 = 24.616 pt,
    /// above 22. Line counts from the word widths `galley shape` prints: "The quick brown fox jumps over the lazy" is
    /// 323.9 pt, over 320, so the twice-told sentence takes three lines.
    @Test(arguments: [
        ("Hello, world.", 1, 22.0), ("你好，世界。", 1, 24.616), ("", 1, 22.0), ("Hello\n你好", 2, 46.616),
        ("The quick brown fox jumps over the lazy dog. The quick brown fox jumps over the lazy dog.", 3, 66.0),
    ])
    func heightsMatchHandCheckedValues(_ text: String, _ lines: Int, _ height: Double) throws {
        let measurement = try TextMeasurer(fontLibrary: try TestFonts.bundled)
            .measure(text, attributes: TextAttributes(font: .textStyle(.body)), width: 320)
        #expect(measurement.lineCount == lines)
        #expect(abs(measurement.height - height) < 1e-6, "\(text): \(measurement.height)")
    }

    /// Twenty paragraphs: English sentences, Chinese sentences, and mixtures of both.
    static let paragraphs: [String] = {
        let english = LayoutFixtures.english.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) + "." }
        let chinese = LayoutFixtures.chinese.split(separator: "。").map { String($0) + "。" }
        let sentences = english + chinese
        return (0..<20).map { index in
            index < sentences.count
                ? sentences[index]
                : sentences[index % sentences.count] + " " + sentences[(index * 3 + 1) % sentences.count]
        }
    }()

    @Test(arguments: [200.0, 320])
    func twentyParagraphsKeepTheirLinesAtTheirOwnMeasuredWidth(_ width: Double) throws {
        #expect(Self.paragraphs.count == 20)
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let body = TextAttributes(font: .textStyle(.body))
        for paragraph in Self.paragraphs {
            let first = try measurer.measure(paragraph, attributes: body, width: width)
            let again = try measurer.measure(paragraph, attributes: body, width: width)
            #expect(first == again)
            #expect(first.width <= width + 1e-9)
            // Laying out again at the width the text used gives the same lines (wrap stability).
            let tight = try measurer.measure(paragraph, attributes: body, width: first.width + 1e-9)
            #expect(tight.utf16LineStarts == first.utf16LineStarts, "\(paragraph)")
            #expect(first.height >= 22 * Double(first.lineCount) - 1e-9)
        }
    }

    @Test func pixelAlignedHeightsRoundUpToWholePixels() {
        let measurement = TextMeasurement(height: 46.616, width: 10, lineCount: 2, utf16LineStarts: [0, 6])
        #expect(measurement.pixelAlignedHeight(scale: 1) == 47)
        #expect(measurement.pixelAlignedHeight(scale: 2) == 47)
        #expect(measurement.pixelAlignedHeight(scale: 3) == 140.0 / 3)
    }

    // MARK: Truncation and limits

    @Test(arguments: [ParagraphStyle.LineBreakMode.truncateTail, .truncateHead, .truncateMiddle])
    func aThreeLineLimitEndsInAnEllipsisInsideTheWidth(_ mode: ParagraphStyle.LineBreakMode) throws {
        let container = TextContainer(size: Size(width: 200, height: 0), maximumNumberOfLines: 3, lineBreakMode: mode)
        let (result, storage) = try LayoutFixtures.layout(LayoutFixtures.english, container: container)
        #expect(result.lineCount() == 3)
        let last = try #require(result.lineFragments.last)
        #expect(last.isTruncated)
        let ellipsis = try #require(last.runs.first { $0.characterRange.isEmpty })
        #expect(ellipsis.glyphRun.glyphs.count == 1)
        #expect(ellipsis.glyphRun.glyphs[0].glyphID == ellipsis.glyphRun.font.glyph(for: "…"))
        for run in last.runs { #expect(run.origin.x + run.width <= 200 + 1e-6) }
        #expect(!result.unlaidCharacterRange.isEmpty)
        #expect(result.unlaidCharacterRange.upperBound == storage.length)
    }

    @Test func aTruncatingParagraphStaysOnOneLine() throws {
        var style = ParagraphStyle()
        style.lineBreakMode = .truncateTail
        let (result, _) = try layout(
            LayoutFixtures.english, width: 150,
            attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        #expect(result.lineFragments.count == 1)
        #expect(result.lineFragments[0].isTruncated)
        #expect(result.lineFragments[0].usedRect.maxX <= 150 + 1e-6)
    }

    @Test func textFlowsFromOneContainerIntoTheNext() throws {
        let storage = TextStorage(LayoutFixtures.english, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 150, height: 66))
        manager.addTextContainer(TextContainer(width: 150, height: 66))
        let result = try manager.layout()
        #expect(result.lineCount(inContainer: 0) == 3)
        #expect(result.lineCount(inContainer: 1) == 3)
        let ranges = result.containerCharacterRanges
        #expect(ranges[0].lowerBound == 0)
        #expect(ranges[0].upperBound == ranges[1].lowerBound)
        #expect(result.unlaidCharacterRange.lowerBound == ranges[1].upperBound)
        #expect(result.unlaidCharacterRange.upperBound == storage.length)
    }

    // MARK: Bad input

    @Test(arguments: [0.0, -10, .nan, .infinity, 2e6])
    func unusableWidthsAreErrors(_ width: Double) throws {
        #expect(throws: LayoutError.self) { try layout("text", width: width) }
    }

    /// A paragraph over the manager's limit is refused before it is shaped; the limit is the manager's own, so a
    /// small one is reached without a huge text, and raising it lays the same text out.
    @Test func aParagraphOverTheLimitIsRefusedBeforeItIsShaped() throws {
        let text = String(repeating: "word ", count: 200)
        let manager = LayoutManager(textStorage: TextStorage(text), fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 0)))
        manager.limits.paragraphLength = 999
        let work = WorkCounter(manager)
        #expect(throws: LayoutError.paragraphTooLong(length: 1_000, limit: 999)) { try manager.layout() }
        #expect(work.shaped == 0)
        manager.limits.paragraphLength = 1_000
        #expect(try manager.layout().unlaidCharacterRange.isEmpty)
        #expect(Limits().paragraphLength == 1 << 20)
    }

    @Test func aContainerWithoutRoomForALineHoldsNothing() throws {
        let (result, storage) = try layout("Some text", width: 300, height: 5)
        #expect(result.lineFragments.isEmpty)
        #expect(result.unlaidCharacterRange == 0..<storage.length)
    }

    // MARK: Paragraph style

    @Test func alignmentPlacesLinesInTheirSegment() throws {
        func usedRect(_ alignment: ParagraphStyle.Alignment, _ text: String = "Short line") throws -> Rect {
            var style = ParagraphStyle()
            style.alignment = alignment
            let (result, _) = try layout(
                text, width: 300, attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
            return result.lineFragments[0].usedRect
        }
        #expect(try usedRect(.left).minX == 0)
        #expect(abs(try usedRect(.right).maxX - 300) < 1e-9)
        let centered = try usedRect(.center)
        #expect(abs(centered.minX - (300 - centered.maxX)) < 1e-9)
        #expect(abs(try usedRect(.natural, "שלום עולם").maxX - 300) < 1e-9)
    }

    @Test func justifiedLinesFillTheWidthExceptTheLast() throws {
        var style = ParagraphStyle()
        style.alignment = .justified
        let (result, _) = try layout(
            LayoutFixtures.english, width: 250,
            attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        for fragment in result.lineFragments.dropLast() { #expect(abs(fragment.usedRect.maxX - 250) < 1e-6) }
        #expect(result.lineFragments.last!.usedRect.maxX < 249)
        let (chinese, _) = try layout(
            LayoutFixtures.chinese, width: 250,
            attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        #expect(abs(chinese.lineFragments[0].usedRect.maxX - 250) < 1e-6)
    }

    @Test func indentsSpacingAndLineHeightApply() throws {
        var style = ParagraphStyle()
        style.firstLineHeadIndent = 30
        style.headIndent = 10
        style.tailIndent = -20
        style.lineHeightMultiple = 1.5
        style.paragraphSpacing = 8
        style.lineSpacing = 4
        let (result, _) = try layout(
            LayoutFixtures.english + "\nNext.", width: 300,
            attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        let fragments = result.lineFragments
        #expect(fragments[0].usedRect.minX == 30)
        #expect(fragments[1].usedRect.minX == 10)
        #expect(fragments.allSatisfy { $0.usedRect.maxX <= 280 + 1e-9 })
        #expect(abs(fragments[0].rect.height - 33) < 1e-9)
        #expect(abs(fragments[1].rect.minY - 37) < 1e-9)
        let lastOfFirst = fragments[fragments.count - 2]
        #expect(abs(fragments.last!.rect.minY - (lastOfFirst.rect.maxY + 8)) < 1e-9)
    }

    // MARK: Queries

    @Test func caretsAndHitTestingAgree() throws {
        let (result, storage) = try layout(LayoutFixtures.english, width: 240)
        for index in stride(from: 0, to: storage.length, by: 7) {
            let caret = try #require(result.caret(at: TextPosition(index))?.rect)
            let hit = result.characterIndex(at: Point(x: caret.midXForTest + 0.01, y: caret.minY + caret.height / 2))
            #expect(hit == index, "caret at \(index) hit-tests to \(hit)")
        }
        #expect(result.characterIndex(at: Point(x: -50, y: -50)) == 0)
        #expect(result.characterIndex(at: Point(x: 500, y: 10_000)) == storage.length)
    }

    @Test func boundingRectsCoverTheirCharacters() throws {
        let (result, _) = try layout("Hello wide world", width: 300)
        let hello = try #require(result.boundingRect(forCharacterRange: 0..<5))
        let world = try #require(result.boundingRect(forCharacterRange: 11..<16))
        #expect(hello.minX == 0 && hello.maxX < world.minX)
        #expect(abs(world.maxX - result.usedRect().maxX) < 1e-9)
        #expect(result.lineFragment(forCharacterAt: 3)?.characterRange == 0..<16)
    }

    @Test func bidiLinesAreInVisualOrder() throws {
        let (result, storage) = try layout("abc אבג def", width: 300)
        let runs = try #require(result.lineFragments.first).runs
        let texts = runs.map { String(decoding: storage.utf16[$0.characterRange], as: UTF16.self) }
        #expect(texts.first?.hasPrefix("abc") == true)
        #expect(texts.last?.trimmingCharacters(in: .whitespaces) == "def")
        let hebrew = try #require(runs.first { $0.glyphRun.isRightToLeft })
        #expect(hebrew.origin.x > runs[0].origin.x)
    }
}

extension Rect {
    fileprivate var midXForTest: Double { minX + width / 2 }
}

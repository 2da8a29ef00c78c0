import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Soft hyphens and automatic hyphenation: libhyphen's points, TextKit's factor, a hyphen drawn and measured.
@Suite struct HyphenationTests {
    /// libhyphen's own answers for the prose's words (Scripts/hyphenation-reference).
    static let reference: [(word: String, hyphenated: String)] = {
        let text = (try? String(contentsOf: TestFonts.fixture("hyphenation/en-US.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }
    }()

    static let prose: [String] = {
        let text = (try? String(contentsOf: TestFonts.fixture("hyphenation/prose-en.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }()

    static func attributes(factor: Double, language: String? = "en-US") throws -> TextAttributes {
        var style = ParagraphStyle()
        style.hyphenationFactor = factor
        return TextAttributes(
            font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)), language: language,
            paragraphStyle: style)
    }

    @Test func pointsEqualLibhyphensOwnOutput() throws {
        try #require(Hyphenator.hasDictionary(for: "en-US"), "hyphen-en-us is not installed (Scripts/setup)")
        try #require(Self.reference.count > 100)
        for (word, hyphenated) in Self.reference {
            let points = Hyphenator.hyphenationPoints(in: ArraySlice(Array(word.utf16)), language: "en-US")
            var expected: [Int] = []
            var offset = 0
            for character in hyphenated {
                if character == "-" { expected.append(offset) } else { offset += 1 }
            }
            #expect(points == expected, "\(word): \(hyphenated)")
        }
    }

    @Test func aLanguageWithoutADictionaryIsNotHyphenatedAndIsNoError() throws {
        #expect(!Hyphenator.hasDictionary(for: "ja"))
        for word in ["中华人民共和国万岁", "مستشفياتهم", "internat中ionalization"] {
            #expect(Hyphenator.hyphenationPoints(in: ArraySlice(Array(word.utf16)), language: "en-US").isEmpty)
        }
        #expect(
            Hyphenator.hyphenationPoints(in: ArraySlice(Array("internationalization".utf16)), language: "ja").isEmpty)
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let text = Self.prose[2]
        let plain = try measurer.measure(text, attributes: try Self.attributes(factor: 0), width: 120)
        let japanese = try measurer.measure(
            text, attributes: try Self.attributes(factor: 1, language: "ja"), width: 120)
        #expect(plain == japanese)
    }

    /// Each line's slack (unused width, points) over the prose at `width`.
    static func slack(factor: Double, width: Double) throws -> [Double] {
        let manager = LayoutManager(
            textStorage: TextStorage(Self.prose.joined(separator: "\n"), attributes: try attributes(factor: factor)),
            fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: width))
        let fragments = try manager.layout().lineFragments
        // A paragraph's last line is as short as its text: only wrapped lines count.
        let wrapped = zip(fragments, fragments.dropFirst()).filter { $0.0.paragraphIndex == $0.1.paragraphIndex }.map(
            \.0)
        for fragment in wrapped { #expect(fragment.usedRect.width <= width + 1e-6) }
        return wrapped.map { width - $0.usedRect.width }
    }

    @Test func hyphenationMakesNarrowLinesFuller() throws {
        try #require(Hyphenator.hasDictionary(for: "en-US"))
        let without = try Self.slack(factor: 0, width: 120)
        let with = try Self.slack(factor: 1, width: 120)
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        let summary =
            "hyphenation at 120 pt over \(Self.prose.count) paragraphs: lines \(without.count) → \(with.count), "
            + "mean slack \(mean(without)) → \(mean(with)) pt, worst \(without.max()!) → \(with.max()!) pt"
        #expect(mean(with) < mean(without) * 0.7, "\(summary)")
        #expect(with.max()! < without.max()!, "\(summary)")
        #expect(with.count < without.count, "\(summary)")
    }

    @Test func hyphenatedLinesEndAtLibhyphensPointsWithAHyphenGlyph() throws {
        let text = Self.prose[2]
        let (layout, storage) = try LayoutFixtures.layout(
            text, attributes: try Self.attributes(factor: 1), container: TextContainer(width: 120))
        let hyphen = try #require(try TestFonts.bundled.font(family: "Inter", size: 17).hyphen)
        let lines = LayoutFixtures.lines(layout, storage)
        var hyphenated = 0
        for (fragment, line) in zip(layout.lineFragments, lines) {
            let last = try #require(fragment.runs.last?.glyphRun.glyphs.last)
            guard let lastCharacter = line.last, lastCharacter.isLetter else { continue }
            hyphenated += 1
            #expect(last.glyphID == hyphen.glyph, "\(line) ends inside a word without a hyphen")
            let head = String(line.split(separator: " ").last!)
            let tail = lines[lines.firstIndex(of: line)! + 1].prefix { $0.isLetter }
            let entry = try #require(Self.reference.first { $0.word == head + tail }, "\(head + tail)")
            let points = entry.hyphenated.split(separator: "-").dropLast().reduce(into: [Int]()) {
                $0.append(($0.last ?? 0) + $1.count)
            }
            #expect(points.contains(head.count), "\(head)- is not a libhyphen point of \(entry.hyphenated)")
        }
        #expect(hyphenated >= 3)
    }

    @Test func theFactorHyphenatesOnlyLinesLessFullThanIt() throws {
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        // "The" fills a quarter of the line before "incomprehensibilities" overflows it.
        let text = "The incomprehensibilities"
        let low = try measurer.measure(text, attributes: try Self.attributes(factor: 0.1), width: 130)
        let high = try measurer.measure(text, attributes: try Self.attributes(factor: 0.9), width: 130)
        #expect(low.utf16LineStarts[1] == 4)
        #expect(high.utf16LineStarts[1] > 4)
    }

    @Test func aSoftHyphenBreakDrawsExactlyAsAHyphenWrittenByHand() throws {
        let attributes = TextAttributes(font: .textStyle(.body))
        let (soft, softLayout) = try RenderFixtures.render(
            TextStorage("incomprehensibili\u{AD}ties", attributes: attributes), width: 160)
        let (manual, _) = try RenderFixtures.render(
            TextStorage("incomprehensibili\u{2010}\nties", attributes: attributes), width: 160)
        #expect(softLayout.lineFragments.map(\.characterRange) == [0..<18, 18..<22])
        #expect(soft.width == manual.width && soft.height == manual.height)
        #expect(soft.pixels == manual.pixels)
        // Not at a break, the soft hyphen is invisible and takes no room.
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        #expect(
            try measurer.measure("ab\u{AD}cd", width: 400).width == (try measurer.measure("abcd", width: 400).width))
    }

    /// A word many lines long is hyphenated once, as a whole: every line ends at one of libhyphen's points for the
    /// whole word (not of what is left of it), as long as fits, and the lines rebuild the word.
    @Test func aWordManyLinesLongBreaksAtTheWholeWordsPoints() throws {
        try #require(Hyphenator.hasDictionary(for: "en-US"), "hyphen-en-us is not installed (Scripts/setup)")
        let word = String(repeating: "extraordinarily", count: 40)
        let points = Set(Hyphenator.hyphenationPoints(in: ArraySlice(Array(word.utf16)), language: "en-US"))
        var attributes = try Self.attributes(factor: 1)
        attributes.paragraphStyle?.maximumConsecutiveHyphenatedLines = 0  // every line may end at a hyphen
        let (layout, storage) = try LayoutFixtures.layout(
            word, attributes: attributes, container: TextContainer(width: 90))
        let lines = layout.lineFragments
        #expect(lines.count > 20)
        for line in lines.dropLast() {
            #expect(points.contains(line.characterRange.upperBound), "\(line.characterRange)")
            #expect(line.usedRect.width <= 90 + LineBreaker.fitTolerance)
            // The next point would not have fitted: the line is as long as it can be.
            if let next = points.filter({ $0 > line.characterRange.upperBound }).min() {
                let units = Array(word.utf16)
                let longer = String(decoding: units[line.characterRange.lowerBound..<next], as: UTF16.self) + "\u{2010}"
                let width = try TestFonts.shape(longer, attributes: try Self.attributes(factor: 0)).width
                #expect(width > 90, "\(longer) fits")
            }
        }
        #expect(LayoutFixtures.lines(layout, storage).joined() == word)
    }
}

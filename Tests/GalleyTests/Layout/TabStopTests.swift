import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Tab characters advance to the paragraph's tab stops and draw nothing; measuring agrees with layout.
@Suite struct TabStopTests {
    static func inter17(_ style: ParagraphStyle = ParagraphStyle()) throws -> TextAttributes {
        TextAttributes(font: .font(try TestFonts.bundled.font(family: "Inter", size: 17)), paragraphStyle: style)
    }

    static func width(_ text: String, _ attributes: TextAttributes) throws -> Double {
        try TestFonts.shape(text, attributes: attributes).width
    }

    /// The x of the first glyph drawing the character at UTF-16 offset `offset`, in container coordinates.
    static func x(ofCharacterAt offset: Int, in layout: TextLayout) -> Double? {
        for fragment in layout.lineFragments {
            for run in fragment.runs {
                for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions)
                where glyph.cluster + fragment.paragraphStart == offset {
                    return x
                }
            }
        }
        return nil
    }

    @Test func aTabAdvancesToTheNextMultipleOf28Points() throws {
        let attributes = try Self.inter17()
        let (layout, _) = try LayoutFixtures.layout(
            "a\tb\tc", attributes: attributes, container: TextContainer(width: 400))
        let b = try #require(Self.x(ofCharacterAt: 2, in: layout))
        let c = try #require(Self.x(ofCharacterAt: 4, in: layout))
        #expect(abs(b - 28) < 1e-9)
        #expect(abs(c - 56) < 1e-9)
        let measured = try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(
            "a\tb", attributes: attributes, width: 400)
        #expect(abs(measured.width - (28 + (try Self.width("b", attributes)))) < 1e-9)
    }

    @Test func rightCenterAndDecimalStopsAlignTheTextAfterTheTab() throws {
        var style = ParagraphStyle()
        try style.setTabStops([
            TextTab(.right, location: 100), TextTab(.center, location: 200), TextTab(.decimal, location: 300),
        ])
        let attributes = try Self.inter17(style)
        let text = "a\tright\tmid\t12.50"
        let (layout, _) = try LayoutFixtures.layout(text, attributes: attributes, container: TextContainer(width: 400))
        let rightStart = try #require(Self.x(ofCharacterAt: 2, in: layout))
        #expect(abs(rightStart + (try Self.width("right", attributes)) - 100) < 1e-6)
        let midStart = try #require(Self.x(ofCharacterAt: 8, in: layout))
        #expect(abs(midStart + (try Self.width("mid", attributes)) / 2 - 200) < 1e-6)
        let numberStart = try #require(Self.x(ofCharacterAt: 12, in: layout))
        #expect(abs(numberStart + (try Self.width("12", attributes)) - 300) < 1e-6)
        // Past the last stop, tabs continue on the default 28 pt grid.
        let (after, _) = try LayoutFixtures.layout(
            "a\tb\tc\td\te", attributes: attributes, container: TextContainer(width: 600))
        let e = try #require(Self.x(ofCharacterAt: 8, in: after))
        #expect(abs(e - 308) < 1e-6)
    }

    @Test func stopsAreMeasuredFromTheLeadingEdgeNotTheIndent() throws {
        var style = ParagraphStyle()
        style.firstLineHeadIndent = 10
        let (layout, _) = try LayoutFixtures.layout(
            "a\tb", attributes: try Self.inter17(style), container: TextContainer(width: 400))
        #expect(abs((try #require(Self.x(ofCharacterAt: 2, in: layout))) - 28) < 1e-9)
        let padded = TextContainer(width: 400)
        padded.lineFragmentPadding = 5
        let (inPadding, _) = try LayoutFixtures.layout("a\tb", attributes: try Self.inter17(), container: padded)
        #expect(abs((try #require(Self.x(ofCharacterAt: 2, in: inPadding))) - 33) < 1e-9)
    }

    @Test func aRightToLeftParagraphMeasuresStopsFromTheRight() throws {
        let attributes = try Self.inter17()
        let (layout, _) = try LayoutFixtures.layout(
            "שלום\tעולם", attributes: attributes, container: TextContainer(width: 300))
        let fragment = try #require(layout.lineFragments.first)
        // The word after the tab begins (on its right) at the first 28 pt stop past the first word, counted from
        // the right edge.
        let stop = ((try Self.width("שלום", attributes)) / 28).rounded(.up) * 28
        let run = try #require(fragment.runs.first { $0.characterRange.contains(5) })
        let glyph = try #require(zip(run.glyphRun.glyphs, run.glyphPositions).first { $0.0.cluster == 5 })
        #expect(abs(glyph.1 + glyph.0.advance - (300 - stop)) < 1e-6)
    }

    @Test func aTabWrapsLikeAnyWideSpaceAndMeasuringAgreesWithLayout() throws {
        let attributes = try Self.inter17()
        let text = "name\tvalue\tanother\tcolumn\tand\tmore\ttext"
        for width in [90.0, 130, 200] {
            let storage = TextStorage(text, attributes: attributes)
            let measured = try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(storage, width: width)
            let laidOut = try TextMeasurerTests.measureByLayout(storage, width: width)
            #expect(
                measured.utf16LineStarts == laidOut.utf16LineStarts && measured.height == laidOut.height, "at \(width)")
            #expect(abs(measured.width - laidOut.width) < 1e-9)
            #expect(measured.lineCount > 1)
        }
    }

    @Test func badTabLocationsAreRefused() {
        var style = ParagraphStyle()
        for location in [-1, .nan, .infinity, 1e9] {
            #expect(throws: ParagraphStyleError.self) { try style.setTabStops([TextTab(location: location)]) }
        }
    }

    /// The next stop is found by bisection over thousands of stops, with the answers a walk through them gives.
    @Test func theNextStopAmongThousandsIsTheFirstBeyondThePen() throws {
        var style = ParagraphStyle()
        let stops = (1...6_000).map { TextTab(location: Double($0) * 16) }
        try style.setTabStops(stops)
        let defaults = style.defaultTabStops(space: 4)
        for position in stride(from: -3.0, through: 96_100, by: 7.5) {
            let walked = stops.first { $0.location > position + 1e-6 }?.location
            let found = style.nextTabStop(after: position, defaults: defaults).location
            #expect(found == walked ?? ((position + 1e-6) / 28).rounded(.down) * 28 + 28, "\(position)")
        }
    }

    /// The tab widths a series of candidate line ends reuses equal a fresh count for every end: growing, shrinking
    /// and jumping ends, left, right, centre and decimal stops, default stops after them, several line starts.
    @Test func tabWidthsReusedAcrossCandidateEndsEqualFreshOnes() throws {
        var random = SeededGenerator(state: 42)
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        for trial in 0..<20 {
            var style = ParagraphStyle()
            let alignments: [TextTab.Alignment] = [.left, .right, .center, .decimal]
            try style.setTabStops(
                (1...Int.random(in: 1...12, using: &random)).map {
                    TextTab(alignments.randomElement(using: &random)!, location: Double($0) * 37)
                })
            let pieces = ["a", "bb ", "12.5", "\t", "\t", " ", "word", "3.25\t"]
            let text = (0..<60).map { _ in pieces.randomElement(using: &random)! }.joined()
            let shaped = try TestFonts.shape(text, attributes: TextAttributes(font: .font(font), paragraphStyle: style))
            let breaker = try LineBreaker(shaped)
            let length = text.utf16.count
            for start in [0, length / 3, length / 2] {
                var walk: TabWalk? = nil
                var ends = Array((start + 1)...length)
                if trial % 2 == 1 { ends.shuffle(using: &random) }
                for end in ends {
                    let reused = breaker.lineEnd(start..<end, mandatory: false, hyphenated: false, tabWalk: &walk)
                    // What drawing the line gives its tabs (`tabAdvances`), before the content's end.
                    let content = reused.contentEnd
                    let drawn =
                        breaker.prefixWidths[content] + breaker.width(of: start..<content, inLine: start..<end)
                        - (breaker.prefixWidths[content] - breaker.prefixWidths[start])
                    #expect(
                        abs(reused.widthBeforeContentEnd - drawn) < 1e-9, "\(text.debugDescription) \(start)..<\(end)")
                }
            }
        }
    }
}

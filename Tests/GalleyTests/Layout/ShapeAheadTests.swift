import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Paragraphs shaped ahead of the typesetter on several processors lay out exactly as when each is shaped in turn.
@Suite struct ShapeAheadTests {
    static let text = (0..<24).map { index in
        [LayoutFixtures.english, LayoutFixtures.chinese, "Code `let x = 1` and emoji 😀 مرحبا"][index % 3]
    }.joined(separator: "\n")

    /// Each line's characters, frame, glyph ids and pen positions.
    static func summary(_ layout: TextLayout) -> [String] { summary(layout.lineFragments) }

    static func summary(_ lines: [LineFragment]) -> [String] {
        lines.map { line in
            "\(line.characterRange) \(line.rect) "
                + line.runs.map { "\($0.glyphRun.glyphs.map(\.glyphID)) \($0.glyphPositions)" }.joined(separator: " ")
        }
    }

    @Test func paragraphsShapedAheadLayOutAsParagraphsShapedInTurn() throws {
        #expect(Self.text.utf16.count >= LayoutManager.shapeAheadLength)
        let storage = TextStorage(Self.text, attributes: TextAttributes(font: .textStyle(.body)))
        let ahead = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        ahead.addTextContainer(TextContainer(width: 280))
        let inTurn = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        inTurn.addTextContainer(TextContainer(width: 280))
        inTurn.loadParagraphs()
        for index in inTurn.paragraphCache.entries.indices { _ = try inTurn.shapedParagraph(at: index) }
        #expect(ahead.paragraphCache.entries.allSatisfy { $0.shaped == nil })
        let expected = Self.summary(try inTurn.layout())
        #expect(Self.summary(try ahead.layout()) == expected)
        #expect(expected.count > 24)
        // Shaped ahead: every paragraph was shaped, in one window.
        #expect(ahead.paragraphCache.entries.allSatisfy { $0.shaped != nil })
    }
}

/// A layout that stops early (a short container) reads only the paragraphs it reaches from the storage, and edits
/// before, inside and after what it read leave it laying out exactly as a manager made afresh.
@Suite struct PartialParagraphLoadingTests {
    static func text(paragraphs: Int) -> String {
        (0..<paragraphs).map { "Paragraph \($0) 段落" + ($0 % 7 == 0 ? "\r\n" : "\n") }.joined()
    }

    @Test func aShortContainerReadsOnlyTheParagraphsItShows() throws {
        let storage = TextStorage(Self.text(paragraphs: 3 * LayoutManager.paragraphLoadBatch))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 100)))
        let layout = try manager.layout()
        #expect(layout.lineFragments.count >= 3)
        #expect(manager.paragraphCache.entries.count == LayoutManager.paragraphLoadBatch)
        #expect(!manager.paragraphCache.isLoaded)
    }

    @Test func editsOfAPartlyReadStorageLayOutAsAFreshManager() throws {
        let count = LayoutManager.paragraphLoadBatch + 50
        let storage = TextStorage(Self.text(paragraphs: count))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(size: Size(width: 200, height: 400)))
        var generator = SeededGenerator(state: 11)
        let batchEnd = manager.textStorage.length * LayoutManager.paragraphLoadBatch / count
        for step in 0..<40 {
            _ = try manager.layout()
            let length = storage.length
            // Near the start (what is laid out), around the end of the first batch, and past it.
            let anchors = [0, 30, batchEnd - 5, batchEnd, batchEnd + 40, length - 3]
            let at = min(length, max(0, anchors[step % anchors.count] + Int(generator.next() % 7)))
            let end = min(length, at + Int(generator.next() % 12))
            let insertions = ["", "x", "\n", "\r", "\n\n新", "\u{2029}"]
            try storage.replaceCharacters(
                in: at..<end, with: insertions[Int(generator.next() % UInt64(insertions.count))])
            let fresh = LayoutManager(textStorage: TextStorage(copying: storage), fontLibrary: try TestFonts.bundled)
            fresh.addTextContainer(TextContainer(size: Size(width: 200, height: 400)))
            #expect(
                ShapeAheadTests.summary(try manager.layout()) == ShapeAheadTests.summary(try fresh.layout()),
                "after edit \(step) at \(at)..<\(end)")
        }
    }
}

/// Laying out line by line (`enumerateLineFragments`, which `galley layout` prints from) gives exactly the lines of
/// `layout()`, in order, in every kind of container chain: unbounded, columns, exclusions, a line limit with
/// truncation, and list numbering that runs across batches of paragraphs.
@Suite struct LineByLineLayoutTests {
    static func containers() -> [[TextContainer]] {
        [
            [TextContainer(width: 260)],
            [TextContainer(width: 180, height: 120), TextContainer(width: 180, height: 200)],
            [
                TextContainer(
                    size: Size(width: 300, height: 0),
                    exclusionPaths: [BezierPath.circle(center: Point(x: 150, y: 80), radius: 50)])
            ],
            [TextContainer(size: Size(width: 200, height: 0), maximumNumberOfLines: 5, lineBreakMode: .truncateTail)],
        ]
    }

    @Test func linesComeOutAsTheWholeLayoutHasThem() throws {
        var list = ParagraphStyle()
        list.textLists = [TextList(markerFormat: .decimal)]
        let paragraphs = LayoutManager.paragraphLoadBatch + 40
        let storage = TextStorage("")
        storage.beginEditing()
        for index in 0..<paragraphs {
            let text = index % 500 == 0 ? LayoutFixtures.english + " " + LayoutFixtures.chinese : "item \(index) 项"
            storage.append(
                text + "\n",
                attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: index > 4_000 ? list : nil))
        }
        storage.endEditing()
        for chain in Self.containers() {
            let whole = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
            let streamed = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
            for container in chain {
                whole.addTextContainer(container)
                streamed.addTextContainer(container)
            }
            var lines: [LineFragment] = []
            try streamed.enumerateLineFragments { lines.append($0) }
            // Nothing is kept for later: the paragraphs went with their batch.
            #expect(streamed.paragraphCache.entries.isEmpty)
            let expected = try whole.layout().lineFragments
            #expect(lines.count == expected.count)
            #expect(ShapeAheadTests.summary(lines) == ShapeAheadTests.summary(expected))
            #expect(lines.map(\.listMarker?.itemNumber) == expected.map(\.listMarker?.itemNumber))
        }
    }
}

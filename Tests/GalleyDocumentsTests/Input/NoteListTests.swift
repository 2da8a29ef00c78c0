import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Lists (``ParagraphStyle/textLists``): markers in the hanging indent at every level and in both directions,
/// numbering across nested items, numbering kept right through edits, and the marker formats' texts.
@Suite struct ListTests {
    static let decimal = TextList(markerFormat: .decimal)
    static let alpha = TextList(markerFormat: .lowerAlpha)
    static let roman = TextList(markerFormat: .lowerRoman)

    /// Paragraphs of `items` (text, lists), in the body style, `direction` as given.
    static func storage(
        _ items: [(String, [TextList])], direction: ParagraphStyle.WritingDirection = .natural
    ) -> TextStorage {
        let storage = TextStorage("", attributes: TextAttributes(font: .textStyle(.body)))
        for (index, (text, lists)) in items.enumerated() {
            var style = ParagraphStyle()
            style.textLists = lists
            style.baseWritingDirection = direction
            style.headIndent = 10
            style.firstLineHeadIndent = 10
            storage.append(
                (index > 0 ? "\n" : "") + text,
                attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        }
        return storage
    }

    static func layout(width: Double, _ storage: TextStorage) throws -> (TextLayout, TextStorage) {
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: width))
        return (try manager.layout(), storage)
    }

    static func firstLines(_ layout: TextLayout) -> [LineFragment] {
        var seen = Set<Int>()
        return layout.lineFragments.filter { seen.insert($0.paragraphIndex).inserted }
    }

    static let threeLevels: [(String, [TextList])] = [
        ("Top level item", [decimal]),
        ("Second level item", [decimal, alpha]),
        ("Third level item", [decimal, alpha, roman]),
        ("Second level again", [decimal, alpha]),
        ("Top level again", [decimal]),
    ]

    @Test(arguments: [ParagraphStyle.WritingDirection.leftToRight, .rightToLeft])
    func markersSitInTheHangingIndentAtEveryLevel(_ direction: ParagraphStyle.WritingDirection) throws {
        let width = 320.0
        let (layout, _) = try Self.layout(width: width, Self.storage(Self.threeLevels, direction: direction))
        let font = try TestFonts.bundled.font(for: .textStyle(.body), settings: DynamicTypeSettings())
        let lines = Self.firstLines(layout)
        let expected = ["1.", "a.", "i.", "b.", "2."]
        for (line, (text, lists)) in zip(lines, Self.threeLevels) {
            let marker = try #require(line.listMarker, "\(text)")
            let indent = 10 + Double(lists.count) * ParagraphStyle().listIndent
            #expect(marker.level == lists.count)
            if direction == .leftToRight {
                // The text starts at the indent; the marker ends 0.3 em before it.
                #expect(abs(line.usedRect.minX - indent) < 1e-9, "\(text)")
                #expect(abs(marker.frame.maxX - (indent - 0.3 * font.size)) < 1e-9, "\(text)")
            } else {
                #expect(abs(line.rect.maxX - (width - indent)) < 1e-9, "\(text)")
                #expect(abs(marker.frame.minX - (width - indent + 0.3 * font.size)) < 1e-9, "\(text)")
            }
            #expect(marker.frame.maxY > line.baselineY && marker.frame.minY < line.baselineY)
            #expect(abs(marker.runs[0].origin.y - line.baselineY) < 1e-9)
        }
        #expect(lines.compactMap(\.listMarker).map(\.kind) == expected.map { .text($0) })
    }

    /// Items 1 to `count` of one list marked in `format`.
    static func list(_ format: TextList.MarkerFormat, count: Int) -> [(String, [TextList])] {
        (1...count).map { ("item \($0)", [TextList(markerFormat: format)]) }
    }

    /// Where each first line's text starts and its marker's leading and trailing edges sit, in points from the
    /// container's leading edge (the right edge in a right-to-left paragraph).
    static func edges(_ layout: TextLayout, width: Double, rightToLeft: Bool) throws -> [(
        text: Double, markerStart: Double, markerEnd: Double
    )] {
        try firstLines(layout).map { line in
            let marker = try #require(line.listMarker)
            return rightToLeft
                ? (width - line.rect.maxX, width - marker.frame.maxX, width - marker.frame.minX)
                : (line.usedRect.minX, marker.frame.minX, marker.frame.maxX)
        }
    }

    @Test(arguments: [ParagraphStyle.WritingDirection.leftToRight, .rightToLeft])
    func noMarkerSticksOutOfItsListsColumn(_ direction: ParagraphStyle.WritingDirection) throws {
        let width = 320.0
        let font = try TestFonts.bundled.font(for: .textStyle(.body), settings: DynamicTypeSettings())
        // 1. to 11. fit the 28 pt column; 一、 to 十一、 (十一、 is 2.5 em with its halved comma) do not.
        for format in [TextList.MarkerFormat.decimal, .chinese] {
            let storage = Self.storage(Self.list(format, count: 11), direction: direction)
            let (layout, _) = try Self.layout(width: width, storage)
            let edges = try Self.edges(layout, width: width, rightToLeft: direction == .rightToLeft)
            #expect(edges.count == 11)
            let text = edges[0].text
            for edge in edges {
                // One text edge for the list; markers end 0.3 em before it and start inside the column, which
                // begins at the head indent (10 pt).
                #expect(abs(edge.text - text) < 1e-9, "\(format)")
                #expect(abs(edge.markerEnd - (text - 0.3 * font.size)) < 1e-9, "\(format)")
                #expect(edge.markerStart >= 10 - 1e-9, "\(format)")
            }
            // The column is the list indent, or the widest marker and its gap where that is wider.
            let widest = edges.map { $0.markerEnd - $0.markerStart }.max()!
            #expect(abs(text - 10 - max(28, widest + 0.3 * font.size)) < 1e-9, "\(format)")
            if format == .chinese {
                #expect(abs(widest - 2.5 * font.size) < 0.5)
                #expect(abs(edges.map(\.markerStart).min()! - 10) < 1e-9)
            }
        }
    }

    @Test func aListItemsIndentsAreMeasuredFromItsTextEdge() throws {
        let font = try TestFonts.bundled.font(for: .textStyle(.body), settings: DynamicTypeSettings())
        var style = ParagraphStyle()
        style.textLists = [Self.decimal]
        style.firstLineHeadIndent = 20
        style.headIndent = 6
        let storage = TextStorage(
            "An item long enough to wrap onto a second line of its own in a narrow container",
            attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        let (layout, _) = try Self.layout(width: 200, storage)
        let lines = layout.lineFragments
        #expect(lines.count > 1)
        // As on a plain paragraph, the first-line indent moves the first line (and its marker with it), the head
        // indent the others, both from the edge past the list's column.
        #expect(abs(lines[0].usedRect.minX - (28 + 20)) < 1e-9)
        #expect(abs(lines[1].usedRect.minX - (28 + 6)) < 1e-9)
        let marker = try #require(lines[0].listMarker)
        #expect(abs(marker.frame.maxX - (28 + 20 - 0.3 * font.size)) < 1e-9)
    }

    @Test func anItemThatWidensItsListMovesEveryItemIncrementallyToo() throws {
        let storage = Self.storage(Self.list(.chinese, count: 10))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 300))
        func textEdges() throws -> [Double] {
            try manager.lineFragments(intersecting: Rect(x: 0, y: 0, width: 300, height: 2_000)).map(\.usedRect.minX)
        }
        let narrow = try textEdges()
        // An eleventh item, 十一、, needs a wider column: the first ten items move with it.
        var style = ParagraphStyle()
        style.textLists = [TextList(markerFormat: .chinese)]
        style.headIndent = 10
        style.firstLineHeadIndent = 10
        try storage.replaceCharacters(
            in: storage.length..<storage.length, with: "\nitem 11",
            attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        let wide = try textEdges()
        #expect(wide.count == 11 && Set(wide).count == 1 && wide[0] > narrow[0] + 10)
        #expect(try manager.layout().lineFragments.map(\.usedRect.minX) == wide)
        try storage.replaceCharacters(in: (storage.length - 8)..<storage.length, with: "")
        #expect(try textEdges() == narrow)
    }

    @Test func aListLookedAheadAcrossReadingBatchesIsLaidOutAsAWhole() throws {
        // The list starts just before the 4,096-paragraph reading batch of a streamed layout ends.
        let plain = Array(repeating: ("x", [TextList]()), count: LayoutManager.paragraphLoadBatch - 5)
        let storage = Self.storage(plain + Self.list(.chinese, count: 11))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 300))
        var streamed: [LineFragment] = []
        try manager.enumerateLineFragments { streamed.append($0) }
        let whole = try manager.layout().lineFragments
        #expect(streamed.count == whole.count)
        #expect(streamed.map(\.usedRect) == whole.map(\.usedRect))
        #expect(streamed.map { $0.listMarker?.frame } == whole.map { $0.listMarker?.frame })
        #expect(Set(whole.suffix(11).map(\.usedRect.minX)).count == 1)
    }

    @Test func aRightToLeftMarkerReadsFromTheRight() throws {
        let (layout, _) = try Self.layout(width: 300, Self.storage([("عنصر", [Self.decimal])], direction: .rightToLeft))
        let marker = try #require(layout.lineFragments.first?.listMarker)
        // "1." in a right-to-left paragraph: the full stop is on the left of the digit, as browsers draw it.
        let glyphs = marker.runs.flatMap(\.glyphRun.glyphs)
        let font = marker.runs[0].glyphRun.font
        #expect(glyphs.map(\.glyphID) == [font.glyph(for: ".")!, font.glyph(for: "1")!])
    }

    @Test func nestedItemsDoNotInterruptTheirParentsCount() throws {
        let items: [(String, [TextList])] = [
            ("one", [Self.decimal]), ("one a", [Self.decimal, Self.alpha]), ("one b", [Self.decimal, Self.alpha]),
            ("two", [Self.decimal]), ("two a", [Self.decimal, Self.alpha]), ("three", [Self.decimal]),
            ("a paragraph ends the list", []), ("one again", [Self.decimal]),
            ("from five", [TextList(markerFormat: .decimal, startingItemNumber: 5)]),
        ]
        let (layout, _) = try Self.layout(width: 300, Self.storage(items))
        let numbers = Self.firstLines(layout).map { $0.listMarker?.itemNumber }
        #expect(numbers == [1, 1, 2, 2, 1, 3, nil, 1, 5])
    }

    @Test func anIncrementalLayoutRenumbersAfterAnEdit() throws {
        let storage = Self.storage([("one", [Self.decimal]), ("two", [Self.decimal]), ("three", [Self.decimal])])
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 300))
        #expect(manager.layoutIsIncremental)
        func markers() throws -> [Int?] {
            try manager.lineFragments(intersecting: Rect(x: 0, y: 0, width: 300, height: 1_000))
                .map { $0.listMarker?.itemNumber }
        }
        #expect(try markers() == [1, 2, 3])
        var style = ParagraphStyle()
        style.textLists = [Self.decimal]
        try storage.replaceCharacters(
            in: 0..<0, with: "zero\n", attributes: TextAttributes(font: .textStyle(.body), paragraphStyle: style))
        #expect(try markers() == [1, 2, 3, 4])
        // The incremental answer equals a full layout's.
        #expect(try manager.layout().lineFragments.map { $0.listMarker?.itemNumber } == [1, 2, 3, 4])
    }

    @Test func listMembershipSurvivesTypingAndSplittingAnItem() throws {
        let storage = Self.storage([("first item", [Self.decimal]), ("second item", [Self.decimal])])
        // Typing inside an item, and a return in the middle of it (the new text in plain attributes, as typed).
        try storage.replaceCharacters(in: 5..<5, with: " typed", attributes: TextAttributes(font: .textStyle(.body)))
        try storage.replaceCharacters(in: 11..<11, with: "\n", attributes: TextAttributes(font: .textStyle(.body)))
        let (layout, _) = try Self.layout(width: 300, storage)
        #expect(storage.paragraphs.map(\.string) == ["first typed", " item", "second item"])
        #expect(storage.paragraphs.map { $0.style.textLists } == Array(repeating: [Self.decimal], count: 3))
        #expect(Self.firstLines(layout).map { $0.listMarker?.itemNumber } == [1, 2, 3])
    }

    @Test func checkBoxesAreSquaresOnTheCapHeight() throws {
        let items: [(String, [TextList])] = [
            ("to do", [TextList(markerFormat: .uncheckedBox)]), ("done", [TextList(markerFormat: .checkedBox)]),
        ]
        let (layout, _) = try Self.layout(width: 300, Self.storage(items))
        let font = try TestFonts.bundled.font(for: .textStyle(.body), settings: DynamicTypeSettings())
        let markers = layout.lineFragments.compactMap(\.listMarker)
        #expect(markers.map(\.kind) == [.checkbox(isChecked: false), .checkbox(isChecked: true)])
        for (marker, line) in zip(markers, layout.lineFragments) {
            #expect(abs(marker.frame.width - 0.8 * font.size) < 1e-9 && marker.frame.width == marker.frame.height)
            #expect(abs(marker.frame.midY - (line.baselineY - font.capHeight / 2)) < 1e-9)
        }
        let (canvas, _) = try RenderFixtures.render(Self.storage(items), width: 300)
        // The checked box is filled: its centre is inked; the empty one's centre is paper.
        for (marker, filled) in zip(markers, [false, true]) {
            let (x, y) = canvas.pixelPoint(Point(x: marker.frame.midX - 1.2, y: marker.frame.midY - 2))
            #expect(RenderFixtures.isInk(canvas, x: Int(x), y: Int(y)) == filled)
        }
        // The tick is a stroke of two segments, not a closed triangle: where its open side would run, the box's
        // dark fill shows; at its corner, the white tick.
        let box = markers[1].frame
        func dark(_ u: Double, _ v: Double) -> Bool {
            let (x, y) = canvas.pixelPoint(Point(x: box.minX + u * box.width, y: box.minY + v * box.height))
            return canvas.pixel(x: Int(x), y: Int(y)).r < 128
        }
        #expect(dark(0.505, 0.42), "no stroke closes the tick")
        #expect(!dark(0.43, 0.68), "the tick's corner is white")
    }

    @Test func nestingPastTheLimitIsAnError() throws {
        let limit = ParagraphStyle.listNestingLimit
        let deep = Array(repeating: Self.decimal, count: limit + 1)
        #expect(throws: ParagraphStyleError.listNestingTooDeep(limit + 1, limit: limit)) {
            try Self.layout(width: 300, Self.storage([("deep", deep)]))
        }
    }

    @Test func markerTexts() {
        func marker(_ format: TextList.MarkerFormat, _ number: Int) -> String {
            TextList(markerFormat: format).marker(forItemNumber: number)
        }
        #expect(
            [1, 4, 9, 14, 40, 1994].map { marker(.upperRoman, $0) } == ["I.", "IV.", "IX.", "XIV.", "XL.", "MCMXCIV."])
        #expect(marker(.lowerRoman, 4) == "iv." && marker(.lowerRoman, 4_000) == "4000.")
        #expect([1, 26, 27, 52, 703].map { marker(.lowerAlpha, $0) } == ["a.", "z.", "aa.", "az.", "aaa."])
        #expect(marker(.upperAlpha, 3) == "C." && marker(.decimal, 12) == "12.")
        #expect(
            [1, 10, 11, 20, 21, 100, 105, 110, 1_000, 1_001, 10_010].map { marker(.chinese, $0) }
                == ["一、", "十、", "十一、", "二十、", "二十一、", "一百、", "一百零五、", "一百一十、", "一千、", "一千零一、", "一万零一十、"])
        #expect([1, 2, 3, 9].map { TextList.MarkerFormat.bullet(forLevel: $0) } == [.disc, .circle, .square, .square])
    }

    @Test func notesReadBulletsStepsCheckBoxesAndNesting() throws {
        let note = """
            - bullet
              - nested bullet
                1. deeper step
            1. step
            2. step
            - [ ] open
            - [x] done
            一、第一
            二、第二
            Plain paragraph
            """
        let storage = try NoteReader.read(note, defaults: TextAttributes()).storage
        let lists = storage.paragraphs.map { $0.style.textLists.map(\.markerFormat) }
        #expect(
            lists == [
                [.disc], [.disc, .circle], [.disc, .circle, .decimal], [.decimal], [.decimal], [.uncheckedBox],
                [.checkedBox], [.chinese], [.chinese], [],
            ])
        #expect(
            storage.paragraphs.map(\.string) == [
                "bullet", "nested bullet", "deeper step", "step", "step", "open", "done", "第一", "第二", "Plain paragraph",
            ])
        // Each level indented to the text of the item above, as CommonMark nests lists.
        let levels = (0...ParagraphStyle.listNestingLimit).map {
            String(repeating: "  ", count: $0) + "- level \($0 + 1)"
        }
        #expect(throws: InputError.self) {
            try NoteReader.read(levels.joined(separator: "\n"), defaults: TextAttributes())
        }
        let deepest = try NoteReader.read(levels.dropLast().joined(separator: "\n"), defaults: TextAttributes())
        #expect(deepest.storage.paragraphs.last?.style.textLists.count == ParagraphStyle.listNestingLimit)
    }
}

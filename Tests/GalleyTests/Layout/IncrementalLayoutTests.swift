import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A layout manager keeps each paragraph as the last layout placed it, so an edit re-shapes and re-places only
/// what it changed, in any containers: with exclusions and a chain of two, the paragraphs before an edit and those
/// that the text reaches where it reached them before are taken as they were, and the layout equals a fresh one.
@Suite struct IncrementalLayoutTests {
    private static let paragraphs = (0..<24).map { index in
        index % 3 == 0
            ? "第\(index)段：我们在 Linux 上用 Swift 写排版引擎，文字绕过圆形和星形流动，每一行都与浏览器一致。"
            : "Paragraph \(index) flows around a circle and a star, in two containers chained one after the other."
    }

    private static func manager(_ text: String) throws -> LayoutManager {
        let storage = TextStorage(text, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(
            TextContainer(
                size: Size(width: 300, height: 600),
                exclusionPaths: [.circle(center: Point(x: 230, y: 120), radius: 60)]))
        manager.addTextContainer(
            TextContainer(
                size: Size(width: 260, height: 0), exclusionPaths: [.circle(center: Point(x: 40, y: 80), radius: 45)]))
        return manager
    }

    @Test(arguments: [
        ("same length", "段", "節"), ("longer", "段", "段落"), ("taller", "段", String(repeating: "很长的", count: 30)),
    ])
    func anEditReshapesAndReplacesOnlyWhatItChanged(_ name: String, _ target: String, _ replacement: String) throws {
        let text = Self.paragraphs.joined(separator: "\n")
        let manager = try Self.manager(text)
        let work = WorkCounter(manager)
        let before = try manager.layout()
        #expect(before.textContainerRanges(count: 2).allSatisfy { !$0.isEmpty }, "text reaches both containers")
        let (shaped, placed) = (work.shaped, work.placed)
        #expect(shaped == Self.paragraphs.count && placed == Self.paragraphs.count)

        // Paragraph 9 (in the first container, beside the circle) is edited.
        let paragraphStart = Self.paragraphs[..<9].reduce(0) { $0 + $1.utf16.count + 1 }
        let offset =
            paragraphStart
            + Self.paragraphs[9].utf16.distance(
                from: Self.paragraphs[9].utf16.startIndex,
                to: try #require(Self.paragraphs[9].range(of: target)).lowerBound.samePosition(
                    in: Self.paragraphs[9].utf16)!)
        try manager.textStorage.replaceCharacters(in: offset..<(offset + target.utf16.count), with: replacement)
        let after = try manager.layout()
        #expect(work.shaped - shaped == 1, "\(name): only the edited paragraph is shaped again")
        let replaced = work.placed - placed
        if name == "taller" {
            // The paragraphs below move: they are placed again (their lines beside the shapes change).
            #expect(replaced > 1)
        } else {
            #expect(replaced == 1, "\(name): \(replaced) paragraphs placed again")
        }
        let fresh = try Self.manager(manager.textStorage.string).layout()
        #expect(Snapshot.describe(after) == Snapshot.describe(fresh))
        #expect(Snapshot.describe(after) != Snapshot.describe(before))
    }

    /// In one container of unbounded height without exclusions a paragraph's lines do not depend on how far down it
    /// is: after an edit that makes a paragraph taller, the ones below are moved, not placed again; windows and full
    /// layouts keep and take the same records.
    @Test func belowATallerParagraphTheOthersMoveAndWindowsShareTheRecords() throws {
        let text = Self.paragraphs.joined(separator: "\n")
        let storage = TextStorage(text, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(size: Size(width: 300, height: 0)))
        let work = WorkCounter(manager)
        _ = try manager.layout()
        let placed = work.placed
        // A window after the layout takes its records: nothing is placed again.
        let window = try manager.lineFragments(intersecting: Rect(x: 0, y: 200, width: 300, height: 300))
        #expect(!window.isEmpty)
        #expect(work.placed == placed)
        let offset = Self.paragraphs[..<3].reduce(0) { $0 + $1.utf16.count + 1 } + 2
        try storage.replaceCharacters(in: offset..<offset, with: String(repeating: "更长的一段文字", count: 12))
        let after = try manager.layout()
        #expect(work.placed - placed == 1, "only the edited paragraph is placed again")
        let fresh = LayoutManager(
            textStorage: TextStorage(storage.string, attributes: TextAttributes(font: .textStyle(.body))),
            fontLibrary: try TestFonts.bundled)
        fresh.addTextContainer(TextContainer(size: Size(width: 300, height: 0)))
        #expect(Snapshot.describe(after) == Snapshot.describe(try fresh.layout()))
        // The window below the edit is the layout's fragments there.
        let below = try manager.lineFragments(intersecting: Rect(x: 0, y: 600, width: 300, height: 100))
        let expected = after.lineFragments.filter { $0.rect.maxY >= 600 && $0.rect.minY <= 700 }
        #expect(below.map(\.characterRange) == expected.map(\.characterRange))
        // Asked to, the manager forgets every placed paragraph.
        let beforeInvalidation = work.placed
        manager.invalidateLayout()
        _ = try manager.layout()
        #expect(work.placed - beforeInvalidation == Self.paragraphs.count)
        #expect(zip(below, expected).allSatisfy { abs($0.rect.minY - $1.rect.minY) < 1e-9 })
    }
}

extension TextLayout {
    fileprivate func textContainerRanges(count: Int) -> [Range<Int>] {
        (0..<count).map { containerCharacterRanges[$0] }
    }
}

/// Counts the paragraphs a layout manager shapes and places, through its probe.
final class WorkCounter {
    private(set) var shaped = 0
    private(set) var placed = 0

    init(_ manager: LayoutManager) {
        manager.probe = { [unowned self] work in
            switch work {
            case .shapedParagraph: shaped += 1
            case .placedParagraph: placed += 1
            }
        }
    }
}

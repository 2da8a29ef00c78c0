import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Inline padding (``TextAttributes/inlinePadding``, CSS `padding-inline` on an inline box) widens a stretch by its
/// padding at each end, once, in the logical start and end of the stretch whatever the direction, and its
/// background covers the padding; a stretch broken over two lines keeps the start padding on the first and the end
/// padding on the second.
@Suite struct InlinePaddingTests {
    static let size = 20.0

    /// `before`, then `padded` with 0.25 em of padding on a tint, then `after`, as one paragraph.
    static func storage(_ before: String, _ padded: String, _ after: String) throws -> TextStorage {
        let font = try TestFonts.bundled.font(family: "Inter", size: size)
        let storage = TextStorage(before, attributes: TextAttributes(font: .font(font)))
        storage.append(
            padded,
            attributes: TextAttributes(
                font: .font(font), backgroundColor: Color(red: 0.9, green: 0.9, blue: 0.9), inlinePadding: 0.25))
        storage.append(after, attributes: TextAttributes(font: .font(font)))
        return storage
    }

    /// The glyph advances of `storage`'s single paragraph, by cluster.
    static func advances(_ storage: TextStorage) throws -> [Int: Double] {
        let shaped = try Shaper().shape(
            storage.paragraphs[0], itemizer: Itemizer(fontLibrary: try TestFonts.bundled))
        var advances: [Int: Double] = [:]
        for run in shaped.runs { for glyph in run.glyphs { advances[glyph.cluster, default: 0] += glyph.advance } }
        return advances
    }

    @Test(arguments: [("a ", "code", " b"), ("مرحبا ", "كود", " عالم")])
    func aStretchWidensByItsPaddingAtEachEndOnce(_ before: String, _ padded: String, _ after: String) throws {
        let plain = try Self.advances(
            TextStorage(
                before + padded + after,
                attributes: TextAttributes(
                    font: .font(try TestFonts.bundled.font(family: "Inter", size: Self.size)))))
        let widened = try Self.advances(try Self.storage(before, padded, after))
        let pad = 0.25 * Self.size
        let start = before.utf16.count, end = start + padded.utf16.count
        for (cluster, advance) in widened {
            let added = advance - (plain[cluster] ?? 0)
            let expected = (cluster == start ? pad : 0) + (cluster == end - 1 ? pad : 0)
            #expect(abs(added - expected) < 1e-9, "cluster \(cluster): \(added) added")
        }
    }

    @Test func aStretchBrokenOverTwoLinesKeepsEachEndsPaddingOnItsLine() throws {
        let storage = try Self.storage("Run ", "swift build --configuration release", " now")
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: 200))
        let lines = try manager.layout().lineFragments
        try #require(lines.count >= 2)
        let pad = 0.25 * Self.size
        let start = 4, end = 4 + "swift build --configuration release".utf16.count
        // The tint begins `pad` before the stretch's first glyph, on the first line only.
        let first = try #require(lines.first { $0.characterRange.contains(start) })
        let firstRun = try #require(first.runs.first { $0.glyphRun.glyphs.contains { $0.cluster == start } })
        let startGlyph = try #require(firstRun.glyphRun.glyphs.firstIndex { $0.cluster == start })
        #expect(abs(firstRun.glyphRun.glyphs[startGlyph].xOffset - pad) < 1e-9)
        // Each line's glyphs: the padding counted once over the paragraph.
        let total = lines.flatMap(\.runs).flatMap(\.glyphRun.glyphs).reduce(0) { $0 + $1.advance }
        let plain = try TestFonts.shape(
            "Run swift build --configuration release now",
            attributes: TextAttributes(font: .font(try TestFonts.bundled.font(family: "Inter", size: Self.size)))
        ).width
        #expect(abs(total - plain - 2 * pad) < 0.5, "\(total) against \(plain) + 2 × \(pad)")
        #expect(lines.contains { $0.characterRange.contains(end - 1) })
    }
}

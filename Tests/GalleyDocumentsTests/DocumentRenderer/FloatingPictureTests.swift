import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A note's picture floated to a side (`![alt](leaf.png){float=right width=80}`) stands beside the paragraph it
/// was written before, text flowing around its outline; it is kept clear of the date badge.
@Suite struct FloatingPictureTests {
    private static let access = FileAccess(
        baseDirectory: TestFonts.repositoryRoot.appendingPathComponent("Examples").path)
    private static let prose = String(
        repeating: "The garden wakes slowly in April, the crocuses first and then the daffodils along the path. ",
        count: 3)

    private static func note(_ markdown: String) throws -> Document {
        try NoteReader.read(markdown, defaults: TextAttributes(font: .textStyle(.body)), access: access)
    }

    @Test(arguments: FloatingPicture.Side.allCases)
    func textFlowsBesideAFloatedPicture(_ side: FloatingPicture.Side) throws {
        let document = try Self.note(
            "# Spring\n\n![a leaf](leaf.png){float=\(side.rawValue) width=80}\n\n\(Self.prose)\n\n\(Self.prose)")
        // The picture is no character of the text, and its line alone writes no paragraph.
        #expect(!document.storage.string.contains(TextAttachment.character))
        #expect(document.storage.paragraphs.count == 3)
        #expect(document.floats.count == 1 && document.floats[0].size.width == 80)
        let layout = try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        let paragraphs = Dictionary(grouping: layout.lineFragments, by: \.paragraphIndex)
        let beside = try #require(paragraphs[1]).prefix(3)
        let after = try #require(paragraphs[2])
        // Lines keep clear of the leaf's outline, not of its box: its transparent corners let them in a little.
        for line in beside {
            if side == .right {
                #expect(line.usedRect.maxX < 360 - 40, "\(line.usedRect)")
            } else {
                #expect(line.usedRect.minX > 40, "\(line.usedRect)")
            }
        }
        // Past the picture lines take the whole width again.
        #expect(after.contains { $0.usedRect.width > 360 - 80 })
    }

    /// A picture floated where the date badge stands is moved down under it rather than drawn over it.
    @Test func aFloatIsKeptClearOfTheBadge() throws {
        let document = try Self.note(
            "---\ndate: 2026-04-12\n---\n![a leaf](leaf.png){float=right width=60}\n\n\(Self.prose)")
        var renderDocument = document
        renderDocument.render.background = .white
        let canvas = try DocumentRenderer(document: renderDocument, library: try TestFonts.bundled).render()
        let badge = DateBadge(date: "2026-04-12").exclusion(containerWidth: 360).shape.bounds
        // The leaf's green (and no other green on the page): its topmost row in points, less the margin.
        let scale = renderDocument.render.scale, margin = renderDocument.render.margin
        var topmost: Int?
        for y in 0..<canvas.height where topmost == nil {
            for x in 0..<canvas.width {
                let pixel = (y * canvas.width + x) * 4
                let (red, green, blue) = (canvas.pixels[pixel], canvas.pixels[pixel + 1], canvas.pixels[pixel + 2])
                if green > 100, Int(green) > Int(red) + 40, Int(green) > Int(blue) + 40 {
                    topmost = y
                    break
                }
            }
        }
        let top = Double(try #require(topmost, "the leaf is drawn")) / scale - margin
        #expect(top >= badge.maxY, "leaf at \(top), badge to \(badge.maxY)")
    }

    @Test func floatsArePlacedAtMostSixteenTimes() throws {
        let many = String(repeating: "![a leaf](leaf.png){float=left width=20}\n\n", count: 17) + "text"
        #expect {
            try Self.note(many)
        } throws: { error in
            "\(error)" == "line 33: more than 16 floating pictures in a note"
        }
    }

    @Test func verticalTextRefusesAFloat() throws {
        var document = try Self.note("![a leaf](leaf.png){float=right}\n\n縦書きの文章です。")
        try document.storage.modifyAttributes(in: 0..<document.storage.length) {
            var attributes = $0
            var style = attributes.paragraphStyle ?? ParagraphStyle()
            style.writingMode = .verticalRL
            attributes.paragraphStyle = style
            return attributes
        }
        document.height = 300
        #expect {
            try DocumentRenderer(document: document, library: try TestFonts.bundled).layout()
        } throws: { error in
            "\(error)".contains("needs horizontal text")
        }
    }
}

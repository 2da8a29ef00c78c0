import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Attachments (U+FFFC with ``TextAttributes/attachment``): their bounds give the line its height and the
/// attachment its place, they break like ideographs, measure as they render, and take a caret only before or after.
@Suite struct AttachmentTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// "word￼word" with a 40 × 30 pt red image hanging `offset` points below the baseline.
    static func storage(
        offset: Double = -5, text: (String, String) = ("word", "word"), image: (any PixelImage)? = nil
    ) throws -> TextStorage {
        let image = try image ?? Canvas(width: 8, height: 6, background: red)
        let attachment = try TextAttachment(image: image, bounds: Rect(x: 0, y: offset, width: 40, height: 30))
        let body = TextAttributes(font: .textStyle(.body))
        let storage = TextStorage(text.0, attributes: body)
        var attached = body
        attached.attachment = attachment
        storage.append(String(TextAttachment.character), attributes: attached)
        storage.append(text.1, attributes: body)
        return storage
    }

    static func manager(_ storage: TextStorage, width: Double) throws -> LayoutManager {
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: width))
        return manager
    }

    @Test(arguments: [-5.0, 0, 12, -40])
    func theBoundsGiveTheLineItsHeightAndTheAttachmentItsPlace(_ offset: Double) throws {
        let manager = try Self.manager(try Self.storage(offset: offset), width: 400)
        let layout = try manager.layout()
        let line = try #require(layout.lineFragments.first)
        #expect(layout.lineFragments.count == 1)
        let font = try TestFonts.bundled.font(for: .textStyle(.body), settings: DynamicTypeSettings())
        // TextKit's rule: the line holds the font's ascent and descent and the attachment's reach above and below
        // the baseline (its bounds are y-up, relative to the baseline).
        let ascent = max(font.ascender, offset + 30), descent = max(-font.descender, -offset)
        let natural = ascent + descent + font.lineGap
        let height = max(natural, DynamicTypeSettings().leading(of: .body))
        #expect(abs(line.height - height) < 1e-9)
        #expect(abs(line.baselineY - (height - descent - font.lineGap)) < 1e-9)
        let placement = try #require(line.attachments.first)
        #expect(placement.characterIndex == 4)
        #expect(abs(placement.frame.maxY - (line.baselineY - offset)) < 1e-9)
        #expect(abs(placement.frame.minY - (line.baselineY - offset - 30)) < 1e-9)
        #expect(placement.frame.width == 40 && placement.frame.height == 30)
        // The pen reaches the attachment after "word" and moves 40 pt past it.
        let word = try #require(line.runs.first).width
        #expect(abs(placement.frame.minX - word) < 1e-9)
        #expect(abs(line.usedRect.width - (2 * word + 40)) < 1e-6)
    }

    @Test func anAttachmentBreaksLikeAnIdeographOnBothSides() throws {
        let storage = try Self.storage()
        let word = try Self.manager(storage, width: 400).layout().lineFragments[0].runs[0].width
        // Room for the word and the attachment, not the next word: the break comes after the attachment.
        var starts = try Self.manager(storage, width: word + 45).layout().lineFragments.map(\.characterRange.lowerBound)
        #expect(starts == [0, 5])
        // Room for the word alone: the attachment moves to the next line, which breaks after it again.
        starts = try Self.manager(storage, width: word + 10).layout().lineFragments.map(\.characterRange.lowerBound)
        #expect(starts == [0, 4, 5])
    }

    @Test(arguments: [80.0, 120, 160, 400])
    func measuringEqualsLayoutWithAttachments(_ width: Double) throws {
        let storage = try Self.storage(offset: -8, text: ("Pictures sit in lines: ", " and flow with the text 中文。"))
        let layout = try Self.manager(storage, width: width).layout()
        let measured = try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(storage, width: width)
        #expect(measured.utf16LineStarts == layout.lineFragments.map(\.characterRange.lowerBound))
        #expect(abs(measured.height - layout.usedRect().maxY) < 1e-9)
    }

    @Test func aCaretGoesBeforeOrAfterAnAttachmentNeverInside() throws {
        let manager = try Self.manager(try Self.storage(), width: 400)
        let frame = try #require(try manager.layout().lineFragments.first?.attachments.first).frame
        for fraction in stride(from: 0.02, through: 0.98, by: 0.08) {
            let point = Point(x: frame.minX + frame.width * fraction, y: frame.midY)
            let position = try manager.position(at: point)
            #expect(position.offset == (fraction < 0.5 ? 4 : 5), "at \(fraction) of the attachment")
        }
        let before = try #require(try manager.caret(at: TextPosition(4)))
        let after = try #require(try manager.caret(at: TextPosition(5)))
        #expect(abs(before.rect.midX - frame.minX) < 1e-6)
        #expect(abs(after.rect.midX - frame.maxX) < 1e-6)
    }

    @Test func theImageIsDrawnScaledIntoItsFrame() throws {
        let (canvas, layout) = try RenderFixtures.render(try Self.storage(), width: 400, scale: 2)
        let frame = try #require(layout.lineFragments.first?.attachments.first).frame
        func pixel(_ x: Double, _ y: Double) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
            let (px, py) = canvas.pixelPoint(Point(x: x, y: y))
            return canvas.pixel(x: Int(px), y: Int(py))
        }
        for (x, y) in [(frame.midX, frame.midY), (frame.minX + 1, frame.minY + 1), (frame.maxX - 1, frame.maxY - 1)] {
            let inside = pixel(x, y)
            #expect(inside.r == 255 && inside.g == 0 && inside.b == 0, "(\(x), \(y)) inside the frame")
        }
        let outside = pixel(frame.maxX + 2, frame.midY)
        #expect(outside.g > 200, "no red past the frame's right edge")
    }

    @Test func badBoundsAreRefused() throws {
        let image = try Canvas(width: 2, height: 2)
        for bounds in [
            Rect(x: 0, y: 0, width: -1, height: 10), Rect(x: 0, y: .nan, width: 1, height: 1),
            Rect(x: 0, y: 0, width: 20_000, height: 1),
        ] {
            #expect(throws: AttachmentError.self) {
                try TextAttachment(image: image, bounds: bounds)
            }
        }
    }

    /// A picture of the caller's own type: premultiplied RGBA bytes and a size.
    struct Picture: PixelImage {
        var width: Int, height: Int, scale = 1.0
        var pixels: [UInt8]
    }

    @Test func aPictureOfTheCallersOwnTypeDrawsAsACanvasOfItsPixels() throws {
        let canvas = try Canvas(width: 8, height: 6, background: Self.red)
        let picture = Picture(width: 8, height: 6, pixels: canvas.pixels)
        let drawn = try RenderFixtures.render(try Self.storage(image: canvas), width: 400, scale: 2).0
        let fromPicture = try RenderFixtures.render(try Self.storage(image: picture), width: 400, scale: 2).0
        #expect(fromPicture.pixels == drawn.pixels)
        #expect(drawn.pixels.contains(255), "the picture is drawn")
    }

    @Test func aPictureWhosePixelsDoNotFillItIsRefused() throws {
        let pictures = [
            Picture(width: 2, height: 2, pixels: [0, 0, 0]), Picture(width: 0, height: 2, pixels: []),
            Picture(width: 2, height: 2, scale: 0, pixels: [UInt8](repeating: 0, count: 16)),
        ]
        for picture in pictures {
            let malformed = PixelImageError.malformed(
                width: picture.width, height: picture.height, scale: picture.scale, bytes: picture.pixels.count)
            #expect(throws: malformed) { try TextAttachment(image: picture) }
            #expect(throws: malformed) { try ExclusionPath(image: picture) }
        }
        let message = PixelImageError.malformed(width: 2, height: 2, scale: 1, bytes: 3).description
        #expect(message.contains("2 × 2 px") && message.contains("3 bytes"))
    }
}

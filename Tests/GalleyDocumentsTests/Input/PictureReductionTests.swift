import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A picture shown far smaller than its pixels is reduced once for that size, so every reference draws a small
/// image (200 references of a 2000² picture at one point wide took 24 s to render, each box-filtering it whole),
/// and the reduced picture draws as the original does, within a few levels on a photograph-like picture.
struct PictureReductionTests {
    static func picture(side: Int) throws -> Canvas {
        var canvas = try Canvas(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                let index = (y * side + x) * 4
                // A photograph's smoothness: gradients, and a disc with a soft edge.
                let distance = Double((x - side / 2) * (x - side / 2) + (y - side / 3) * (y - side / 3)).squareRoot()
                let disc = max(0, min(1, (Double(side) / 4 - distance) / 8))
                canvas.pixels[index] = UInt8(x * 255 / side)
                canvas.pixels[index + 1] = UInt8(y * 255 / side)
                canvas.pixels[index + 2] = UInt8(80 + disc * 175)
                canvas.pixels[index + 3] = 255
            }
        }
        return canvas
    }

    @Test func aPictureShownSmallIsReducedOnceForItsSize() throws {
        let folder = TemporaryFolder.make("reduction")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try PNGWriter().write(try Self.picture(side: 1_024), to: folder + "/big.png")
        let note = "# Pictures\n\n" + Array(repeating: "![a](big.png){width=1}", count: 50).joined(separator: " ")
        let document = try NoteReader.read(note, defaults: TextAttributes(), access: FileAccess(baseDirectory: folder))
        let images = document.storage.paragraphs.flatMap(\.attributeRuns).compactMap { $0.attributes.attachment?.image }
        #expect(images.count == 50)
        // One point wide: reduced to the pixels kept per shown point, once for all fifty.
        let kept = Int(DocumentFiles.pixelsPerShownPoint)
        #expect(images.allSatisfy { $0.width <= kept && $0.height <= kept && $0.pixels == images[0].pixels })
    }

    @Test func aReducedPictureDrawsAsTheOriginal() throws {
        let original = try Self.picture(side: 1_200)
        let rect = Rect(x: 1.3, y: 2.7, width: 3, height: 3)
        let reduced = original.reduced(
            keepingAtLeast: Int(3 * DocumentFiles.pixelsPerShownPoint), Int(3 * DocumentFiles.pixelsPerShownPoint))
        #expect(reduced.width < original.width)
        for scale in [1.0, 2, 3, 8] {
            var fromOriginal = try Canvas(width: Int(6 * scale), height: Int(6 * scale), scale: scale)
            var fromReduced = fromOriginal
            fromOriginal.draw(original, in: rect)
            fromReduced.draw(reduced, in: rect)
            let largest = zip(fromOriginal.pixels, fromReduced.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 6, "scale \(scale): a channel differs by \(largest)")
        }
    }
}

/// A fresh folder under the temporary directory.
enum TemporaryFolder {
    static func make(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "galley-documents-\(name)-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

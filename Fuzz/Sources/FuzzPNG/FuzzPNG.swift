import Foundation
import FuzzSupport
import Galley

/// Picture decoding (attachments and the pictures text wraps around), PNG, JPEG, WebP and GIF told apart by their
/// first bytes: any bytes are decoded or refused with an error, within the pixel limit; decoded pictures become an attachment laid out and drawn, and an outline to wrap around.
/// Each decoded picture is written again, in whichever colour type its pixels take, on one thread and on three, and
/// read back to the same pixels.
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    var limits = Limits()
    limits.imagePixels = 1 << 20
    limits.inputImagePixels = 1 << 20
    guard let picture = try? PictureReader.read(data: Data(input), named: "input", limits: limits),
        let library = try? FontLibrary.standard,
        let attachment = try? TextAttachment(image: picture)
    else { return }
    guard let once = try? PNGWriter(threads: 1).encode(picture),
        let thrice = try? PNGWriter(threads: 3).encode(picture),
        once == thrice, (try? PNGReader.decode(once, limits: limits))?.pixels == picture.pixels
    else { fatalError("a decoded picture did not survive writing and reading again") }
    let storage = TextStorage("a \u{FFFC} b", attributes: TextAttributes())
    try? storage.setAttributes(TextAttributes(attachment: attachment), range: 2..<3)
    let manager = LayoutManager(textStorage: storage, fontLibrary: library)
    let outline = try? ExclusionPath(
        image: picture, origin: Point(x: 10, y: 0), size: Size(width: 60, height: 60), margin: 2)
    manager.addTextContainer(TextContainer(size: Size(width: 120, height: 0), exclusions: outline.map { [$0] } ?? []))
    var options = RenderOptions(scale: 1)
    options.limits = limits
    _ = try? Renderer().render(manager, options: options)
}

import Foundation
import FuzzSupport
import Galley
import GalleyDocuments

/// JSON documents: parsing never crashes; documents that parse are laid out and drawn at scale 1.
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    guard let library = try? FontLibrary.standard,
        var document = try? DocumentReader.read(text, defaults: TextAttributes(), library: library)
    else { return }
    document.render.scale = min(document.render.scale, 1)
    document.width = min(document.width, 400)
    document.height = min(document.height, 400)
    _ = try? DocumentRenderer(document: document, library: library).render()
}

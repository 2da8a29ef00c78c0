import Foundation
import FuzzSupport
import Galley
import GalleyDocuments

/// Notes (.md): any text reads, lays out at 200 pt and draws at scale 1 without crashing.
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    // Pictures a note names are looked for in the working directory; a missing one is an error, not a crash.
    guard var document = try? NoteReader.read(text, defaults: TextAttributes(font: .textStyle(.body))) else { return }
    document.width = 200
    document.render.scale = 1
    if let library = try? FontLibrary.standard {
        _ = try? DocumentRenderer(document: document, library: library).render()
    }
}

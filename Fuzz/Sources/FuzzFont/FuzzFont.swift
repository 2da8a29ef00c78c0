import Foundation
import FuzzSupport
import Galley

/// Font files: any bytes written as a font file either fail to load with an error or load, shape and draw.
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let path = FuzzFontFile.path
    guard FileManager.default.createFile(atPath: path, contents: Data(input)),
        let library = try? FontLibrary(bundledFonts: .none, includeSystemFonts: false)
    else { return }
    for index in 0..<2 {
        guard let font = try? library.font(path: path, index: index, size: 24) else { continue }
        let storage = TextStorage("Hello 世界 office ffi", attributes: TextAttributes(font: .font(font)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: library)
        manager.addTextContainer(TextContainer(width: 120))
        if let canvas = try? Renderer().render(manager, options: RenderOptions(scale: 1)) {
            _ = canvas.width
        }
        for glyph in 0..<min(UInt32(font.face.glyphCount), 64) {
            _ = font.outline(of: glyph)
            _ = font.inkBounds(of: glyph)
        }
    }
}

enum FuzzFontFile {
    static let path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-fuzz-font-\(getpid()).ttf")
        .path
}

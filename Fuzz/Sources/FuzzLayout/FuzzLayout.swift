import Foundation
import FuzzSupport
import Galley

/// Attributed text in small containers with random exclusion circles: the first bytes choose the width, the
/// circles, the attributes and the break mode; the rest is the text (any bytes, as UTF-8 with repairs).
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    guard bytes.count > 8, let library = try? FontLibrary.standard else { return }
    let width = Double(bytes[0]) + 1
    var style = ParagraphStyle()
    style.alignment = ParagraphStyle.Alignment.allCases[Int(bytes[1]) % ParagraphStyle.Alignment.allCases.count]
    style.lineBreakMode = ParagraphStyle.LineBreakMode.allCases[Int(bytes[2]) % ParagraphStyle.LineBreakMode.allCases.count]
    style.baseWritingDirection = ParagraphStyle.WritingDirection.allCases[Int(bytes[3]) % 3]
    style.lineHeightMultiple = Double(bytes[4] % 4) * 0.5
    style.firstLineHeadIndent = Double(bytes[5] % 40)
    let styles = TextStyle.allCases
    let attributes = TextAttributes(
        font: .textStyle(styles[Int(bytes[6]) % styles.count]), kern: Double(Int(bytes[7]) - 128) / 32,
        underline: bytes[7] & 1 == 1 ? TextDecoration(.double) : nil,
        shadow: bytes[6] & 1 == 1 ? Shadow(blurRadius: 2) : nil, textEffect: bytes[5] & 1 == 1 ? .letterpress : nil,
        paragraphStyle: style)
    let circles = (0..<Int(bytes[8] % 3)).map { index -> BezierPath in
        let seed = Double(bytes[(9 + index) % bytes.count])
        return .circle(center: Point(x: seed.truncatingRemainder(dividingBy: width), y: seed / 2), radius: seed / 8 + 1)
    }
    let text = String(decoding: bytes.dropFirst(9), as: UTF8.self)
    let storage = TextStorage(text, attributes: attributes)
    let manager = LayoutManager(textStorage: storage, fontLibrary: library)
    let container = TextContainer(size: Size(width: width, height: Double(bytes[8]) * 2), exclusionPaths: circles)
    container.maximumNumberOfLines = Int(bytes[4] % 5)
    container.lineBreakMode = .truncateTail
    manager.addTextContainer(container)
    manager.addTextContainer(TextContainer(width: width))
    guard let layout = try? manager.layout() else { return }
    _ = layout.characterIndex(at: Point(x: width / 2, y: 10))
    _ = layout.caretRect(at: storage.length / 2)
    _ = layout.boundingRect(forCharacterRange: 0..<storage.length)
    if var canvas = try? Renderer().makeCanvas(for: layout, containerSize: Size(width: width, height: 0), options: RenderOptions(scale: 1)) {
        Renderer().draw(layout, storage: storage, on: &canvas)
    }
}

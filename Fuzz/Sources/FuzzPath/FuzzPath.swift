import Foundation
import FuzzSupport
import Galley

/// SVG path data: parsing never crashes; paths that parse exclude text in a small container and are filled.
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    for rule in BezierPath.FillRule.allCases {
        guard let path = try? BezierPath(svgPathData: text, fillRule: rule), let library = try? FontLibrary.standard
        else { return }
        // A storage per input: a long-lived one would keep the weak-reference side tables of every manager's
        // observation, which LeakSanitizer cannot see through and reports.
        let storage = TextStorage(
            "Text flows around the path 中文排版 مرحبا and more words.",
            attributes: TextAttributes(font: .textStyle(.caption1)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: library)
        manager.addTextContainer(TextContainer(size: Size(width: 120, height: 200), exclusionPaths: [path]))
        guard let layout = try? manager.layout(), var canvas = try? Canvas(width: 120, height: 200) else { return }
        Renderer().fill(path, color: .black, on: &canvas)
        Renderer().stroke(path, lineWidth: 1.5, color: .black, on: &canvas)
        Renderer().draw(layout, on: &canvas)
    }
}

import Foundation

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// Helpers for layout tests: laying text out with bundled fonts, reading lines back, and an independent
/// point-in-path test for checking exclusions.
enum LayoutFixtures {
    static let english = """
        Typography is the craft of arranging type to make written language legible, readable and appealing when \
        displayed. The arrangement of type involves selecting typefaces, point sizes, line lengths, line spacing \
        and letter spacing, and adjusting the space between pairs of letters. Text that flows around a shape \
        must never touch it, and every line should use as much of the free space as the words allow.
        """
    static let chinese = """
        排版是指将文字、图片、图形等可视化信息元素在版面布局上调整位置、大小，使版面布局条理化的过程。\
        中文排版有许多规则：句号、逗号、顿号等标点符号不能出现在行首；“引号”和（括号）的开始部分不能出现在行尾。\
        我们用 Swift 写了一个名为 Galley 的排版引擎，它支持 HarfBuzz 和 ICU。
        """

    /// Lays `text` out with the bundled fonts in one container.
    static func layout(
        _ text: String, attributes: TextAttributes = TextAttributes(font: .textStyle(.body)),
        container: TextContainer, settings: DynamicTypeSettings = DynamicTypeSettings()
    ) throws -> (TextLayout, TextStorage) {
        let storage = TextStorage(text, attributes: attributes)
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled, settings: settings)
        manager.addTextContainer(container)
        return (try manager.layout(), storage)
    }

    /// The text of each fragment, in order.
    static func lines(_ layout: TextLayout, _ storage: TextStorage) -> [String] {
        layout.lineFragments.map { String(decoding: storage.utf16[$0.characterRange], as: UTF16.self) }
    }

    /// Every glyph's ink box in container coordinates.
    static func glyphBoxes(_ layout: TextLayout) -> [Rect] {
        layout.lineFragments.flatMap { fragment in
            fragment.runs.flatMap { run in
                zip(run.glyphRun.glyphs, run.glyphPositions).compactMap { glyph, x -> Rect? in
                    guard let ink = run.glyphRun.font.inkBounds(of: glyph.glyphID) else { return nil }
                    return Rect(
                        x: x + glyph.xOffset + ink.x, y: run.origin.y + glyph.yOffset + ink.y, width: ink.width,
                        height: ink.height)
                }
            }
        }
    }

    /// Whether a point is inside a path (by its fill rule), from a fine flattening and winding numbers: a check
    /// written apart from the layout's own band geometry.
    struct PathTester {
        let polygons: [[Point]]
        let rule: BezierPath.FillRule
        let bounds: Rect

        init(_ path: BezierPath) {
            polygons = path.flattened(tolerance: 0.001)
            rule = path.fillRule
            bounds = path.bounds
        }

        func contains(_ point: Point) -> Bool {
            var winding = 0
            for polygon in polygons {
                for (index, a) in polygon.enumerated() {
                    let b = polygon[(index + 1) % polygon.count]
                    let cross = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
                    if a.y <= point.y {
                        if b.y > point.y, cross > 0 { winding += 1 }
                    } else if b.y <= point.y, cross < 0 {
                        winding -= 1
                    }
                }
            }
            return rule == .nonZero ? winding != 0 : winding & 1 != 0
        }

        /// Whether any point of a grid over `box` (edges included) lies inside the path.
        func touches(_ box: Rect, steps: Int = 6) -> Bool {
            let grown = Rect(x: bounds.minX - 1, y: bounds.minY - 1, width: bounds.width + 2, height: bounds.height + 2)
            guard grown.intersects(box) else { return false }
            for i in 0...steps {
                for j in 0...steps {
                    let point = Point(
                        x: box.minX + box.width * Double(i) / Double(steps),
                        y: box.minY + box.height * Double(j) / Double(steps))
                    if contains(point) { return true }
                }
            }
            return false
        }
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Six golden images at scale 2, each with a layout dump (see ``Snapshot`` for the tolerance).
@Suite struct SnapshotTests {
    static let ink = Color(red: 0.2, green: 0.2, blue: 0.22)

    static func storage(_ name: String) throws -> TextStorage {
        let body = TextAttributes(font: .textStyle(.body), foregroundColor: ink)
        switch name {
        case "render_plain_english_paragraph":
            return TextStorage(LayoutFixtures.english, attributes: body)
        case "render_chinese_note":
            let storage = TextStorage("", attributes: body)
            storage.append("排版笔记\n", attributes: TextAttributes(font: .textStyle(.headline), foregroundColor: ink))
            storage.append(LayoutFixtures.chinese, attributes: body)
            return storage
        case "render_bidi_line":
            return TextStorage("Galley draws مرحبا بالعالم and שלום עולם, then 123 in one line.", attributes: body)
        case "render_decorations":
            let storage = TextStorage("", attributes: body)
            storage.append(
                "Single underline, ",
                attributes: TextAttributes(
                    font: .textStyle(.body), foregroundColor: ink, underline: TextDecoration(.single)))
            storage.append(
                "double in red, ",
                attributes: TextAttributes(
                    font: .textStyle(.body), foregroundColor: ink,
                    underline: TextDecoration(.double, color: Color(red: 0.8, green: 0.1, blue: 0.1))))
            storage.append(
                "thick, ",
                attributes: TextAttributes(
                    font: .textStyle(.body), foregroundColor: ink, underline: TextDecoration(.thick)))
            storage.append(
                "struck through",
                attributes: TextAttributes(
                    font: .textStyle(.body), foregroundColor: ink, strikethrough: TextDecoration()))
            storage.append(
                " and highlighted 中文.",
                attributes: TextAttributes(
                    font: .textStyle(.body), foregroundColor: ink,
                    backgroundColor: Color(red: 1, green: 0.93, blue: 0.5)))
            return storage
        case "render_shadow":
            return TextStorage(
                "Shadowed title",
                attributes: TextAttributes(
                    font: .textStyle(.largeTitle), foregroundColor: Color(red: 0.15, green: 0.35, blue: 0.7),
                    shadow: Shadow(offsetX: 1.5, offsetY: 2, blurRadius: 3, color: Color.black.withAlpha(0.45))))
        default:
            return TextStorage(
                "Letterpress heading",
                attributes: TextAttributes(
                    font: .textStyle(.title1), foregroundColor: Color(red: 0.54, green: 0.48, blue: 0.4),
                    textEffect: .letterpress))
        }
    }

    @Test(arguments: [
        "render_plain_english_paragraph", "render_chinese_note", "render_bidi_line", "render_decorations",
        "render_shadow",
        "render_letterpress_heading",
    ])
    func rendersMatchTheirGoldens(_ name: String) throws {
        let (canvas, layout) = try RenderFixtures.render(try Self.storage(name))
        try Snapshot.check(canvas, layout: layout, name: name)
    }
}

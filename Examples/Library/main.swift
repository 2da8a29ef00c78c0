import Galley

let library = try FontLibrary.standard                      // compiled-in fonts first, then fontconfig
let environment = DynamicTypeEnvironment(settings: DynamicTypeSettings(category: .extraLarge))  // the app's choice
let storage = TextStorage("Galley 排版 — مرحبا", attributes: TextAttributes(font: .textStyle(.body)))
try storage.addAttributes(TextAttributes(underline: TextDecoration(.double)), range: 0..<6)   // UTF-16 offsets

let manager = LayoutManager(textStorage: storage, fontLibrary: library, environment: environment)
manager.addTextContainer(TextContainer(size: Size(width: 320, height: 0),
                                       exclusionPaths: [.circle(center: Point(x: 280, y: 30), radius: 28)]))
let layout = try manager.layout()            // line fragments, used rects, bounding rects

// Editing geometry: grapheme-safe positions with affinity, carets, selections, movement.
let click = try manager.position(at: Point(x: 120, y: 30))             // TextPosition(offset, affinity)
let caret = try manager.caret(at: click)                               // rect (+ secondaryRect at bidi boundaries)
let selection = try manager.selectionRects(for: try manager.wordRange(at: click.offset))
let (next, goalX) = try manager.position(click, moved: .down)          // keep goalX for the next up/down
let canvas = try Renderer().render(manager, options: RenderOptions(scale: 2))
try PNGWriter().write(canvas, to: "out.png")
let pdf = try Renderer().renderPDF(manager, options: RenderOptions(scale: 2))  // a page per container, text kept
let svg = try Renderer().renderSVG(manager, options: RenderOptions(scale: 2))
print(pdf.count, svg.count)                                                     // bytes (Foundation's Data)

// A row's height without rendering, rounded up to whole pixels at scale 3, under the same environment:
let row = try TextMeasurer(fontLibrary: library, environment: environment).measure("一行文字 and English", width: 320)
print(row.height, row.pixelAlignedHeight(scale: 3))

// Thousands of rows on every core, in order, equal to measuring them one at a time (cancellable):
let heights = try await TextMeasurer.measure(
    [MeasuredRow("第一行"), MeasuredRow("Second row")], width: 320, fontLibrary: library)

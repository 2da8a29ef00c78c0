import Foundation
import FuzzSupport
import Galley

/// Attributed text in small containers with random exclusion circles: the first bytes choose the width, the
/// circles, the attributes and the break mode, tab stops, hyphenation, a language tag, list nesting, an attachment
/// in the middle of the text and an image outline to wrap around; the rest is the text (any bytes, as UTF-8 with
/// repairs).
@main
enum Target {
    static func main() {
        // German's dictionary takes seconds to load in libhyphen (longer under AddressSanitizer): loaded once here,
        // so the per-input timeout measures layout, not that one-time load.
        _ = Hyphenator.hyphenationPoints(in: Array("Silbentrennung".utf16)[...], language: "de")
        runFuzzer(fuzz)
    }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    guard bytes.count > 12, let library = try? FontLibrary.standard else { return }
    let width = Double(bytes[0]) + 1
    var style = ParagraphStyle()
    style.alignment = ParagraphStyle.Alignment.allCases[Int(bytes[1]) % ParagraphStyle.Alignment.allCases.count]
    style.lineBreakMode =
        ParagraphStyle.LineBreakMode.allCases[Int(bytes[2]) % ParagraphStyle.LineBreakMode.allCases.count]
    style.baseWritingDirection = ParagraphStyle.WritingDirection.allCases[Int(bytes[3]) % 3]
    style.lineHeightMultiple = Double(bytes[4] % 4) * 0.5
    style.firstLineHeadIndent = Double(bytes[5] % 40)
    let tabAlignments = TextTab.Alignment.allCases
    try? style.setTabStops(
        (0..<Int(bytes[9] % 4)).map {
            TextTab(
                tabAlignments[($0 + Int(bytes[10])) % tabAlignments.count],
                location: Double($0 * 37 + Int(bytes[11] % 50)))
        })
    style.defaultTabInterval = Double(bytes[10] % 60)
    style.hyphenationFactor = Double(bytes[11] % 3) / 2
    style.wordBreak = ParagraphStyle.WordBreak.allCases[Int(bytes[12]) % ParagraphStyle.WordBreak.allCases.count]
    let formats = TextList.MarkerFormat.allCases
    style.textLists = (0..<Int(bytes[9] >> 4)).map {
        TextList(markerFormat: formats[($0 + Int(bytes[12])) % formats.count], startingItemNumber: Int(bytes[10]) - 3)
    }
    let languages = [nil, "en-US", "zh-Hans", "ja", "ko", "de", "ar", "hi", "zh-Hant-HK", "x-bad-tag"]
    let styles = TextStyle.allCases
    let attributes = TextAttributes(
        font: .textStyle(styles[Int(bytes[6]) % styles.count]), kern: Double(Int(bytes[7]) - 128) / 32,
        language: languages[Int(bytes[11] >> 4) % languages.count],
        underline: bytes[7] & 1 == 1 ? TextDecoration(.double) : nil,
        shadow: bytes[6] & 1 == 1 ? Shadow(blurRadius: 2) : nil, textEffect: bytes[5] & 1 == 1 ? .letterpress : nil,
        paragraphStyle: style)
    let circles = (0..<Int(bytes[8] % 3)).map { index -> BezierPath in
        let seed = Double(bytes[(9 + index) % bytes.count])
        return .circle(center: Point(x: seed.truncatingRemainder(dividingBy: width), y: seed / 2), radius: seed / 8 + 1)
    }
    let text = String(decoding: bytes.dropFirst(13), as: UTF8.self)
    let storage = TextStorage(text, attributes: attributes)
    if bytes[12] & 0x80 != 0, let picture = try? Canvas(width: 4, height: 3),
        let attachment = try? TextAttachment(
            image: picture, bounds: Rect(x: 0, y: -2, width: Double(bytes[9] % 30), height: 9))
    {
        var pictureAttributes = attributes
        pictureAttributes.attachment = attachment
        try? storage.replaceCharacters(
            in: storage.length / 2..<storage.length / 2, with: "\u{FFFC}", attributes: pictureAttributes)
    }
    var outline = try? Canvas(width: 16, height: 16)
    if outline != nil {
        let blot = BezierPath.circle(center: Point(x: Double(bytes[9] % 16), y: 8), radius: Double(bytes[10] % 9))
        Renderer().fill(blot, color: .black, on: &outline!)
    }
    let pictureExclusion = outline.flatMap {
        try? ExclusionPath(
            image: $0, origin: Point(x: Double(bytes[10] % 100), y: 4), size: Size(width: 40, height: 40),
            margin: Double(bytes[11] % 8))
    }
    let manager = LayoutManager(textStorage: storage, fontLibrary: library)
    let container = TextContainer(
        size: Size(width: width, height: Double(bytes[8]) * 2), exclusionPaths: circles,
        exclusions: bytes[12] & 0x40 != 0 ? pictureExclusion.map { [$0] } ?? [] : [])
    container.maximumNumberOfLines = Int(bytes[4] % 5)
    container.lineBreakMode = .truncateTail
    manager.addTextContainer(container)
    manager.addTextContainer(TextContainer(width: width))
    guard let layout = try? manager.layout() else { return }
    _ = layout.characterIndex(at: Point(x: width / 2, y: 10))
    _ = layout.caret(at: TextPosition(storage.length / 2))
    _ = layout.boundingRect(forCharacterRange: 0..<storage.length)
    if var canvas = try? Renderer().makeCanvas(
        for: layout, containerSize: Size(width: width, height: 0), options: RenderOptions(scale: 1))
    {
        Renderer().draw(layout, on: &canvas)
    }
}

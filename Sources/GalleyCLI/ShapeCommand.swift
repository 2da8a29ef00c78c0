import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley shape`: itemizes and shapes text and prints the glyph runs, as `hb-shape` does for one font.
enum ShapeCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "shape",
            abstract: "Shape text and print its runs: font, script, direction and glyphs.",
            discussion: """
                Each run is one font, script and direction after fallback. Glyphs print as \
                id=cluster+advance (points), with @x,y offsets when non-zero; clusters are UTF-16 offsets.

                Examples:
                  galley shape "Hello 世界 مرحبا"
                  galley shape --font "JetBrains Mono" --features calt=0 "a -> b"
                  galley shape --json --style headline --category accessibilityLarge "Title"
                """,
            arguments: [
                .init(name: "text", count: .one, help: "The text to shape (one paragraph; '-' reads standard input).")
            ],
            options: [
                .init(name: "features", help: "OpenType features, comma-separated: liga=0, tnum, -kern."),
                .init(name: "json", takesValue: false, help: "Print JSON instead of text."),
            ],
            settings: .shape),
        run: { try run($0) })

    /// Shapes the text `parsed` gives and prints its runs.
    private static func run(_ parsed: ParsedCommandLine) throws {
        let options = try parsed.requestOptions(work: .shape)
        let features = try parseFeatures(parsed.value("features") ?? "")
        let text = parsed.argument("text")
        let library = try FontOptions.library(options)
        let input = text == "-" ? try InputReader.readText(path: "-") : text
        var attributes = TextAttributes(font: try options.fontSpecifier(library: library))
        attributes.fontFeatures = features
        attributes.language = options.textSettings.language
        let itemizer = Itemizer(fontLibrary: library, settings: options.dynamicTypeSettings)
        let shaper = Shaper()
        let storage = TextStorage(input, attributes: attributes)
        var output: [RunRecord] = []
        for paragraph in storage.paragraphs {
            let shaped = try shaper.shape(paragraph, itemizer: itemizer)
            for run in shaped.runs {
                output.append(RunRecord(run: run, paragraph: paragraph))
            }
        }
        if parsed.flag("json") {
            try StandardOutput.line(try JSONText.encoded(output))
        } else {
            for record in output { try StandardOutput.line(record.text) }
        }
    }

    private static func parseFeatures(_ text: String) throws -> [FontFeature] {
        try text.split(separator: ",").map { item in
            guard let feature = FontFeature(parsing: String(item)) else {
                throw UsageError("--features: \"\(item)\" is not a feature (like liga=0, tnum or -kern)")
            }
            return feature
        }
    }
}

/// One glyph run as `galley shape` prints it.
private struct RunRecord: Encodable {
    struct Glyph: Encodable {
        let id: UInt32
        let cluster: Int
        let advance: Double
        let dx: Double
        let dy: Double
    }

    let text: String
    let font: String
    let path: String
    let size: Double
    let script: String
    let direction: String
    let utf16Range: [Int]
    let width: Double
    let glyphs: [Glyph]

    init(run: GlyphRun, paragraph: Paragraph) {
        let units = paragraph.text
        let start = units.startIndex
        let runText = String(
            decoding: units[(start + run.utf16Range.lowerBound)..<(start + run.utf16Range.upperBound)], as: UTF16.self)
        font = "\(run.font.face.familyName) \(run.font.styleName)"
        path = run.font.face.path
        size = run.font.size
        script = run.script.iso15924
        direction = run.isRightToLeft ? "rtl" : "ltr"
        let offset = paragraph.utf16Range.lowerBound
        utf16Range = [offset + run.utf16Range.lowerBound, offset + run.utf16Range.upperBound]
        width = (run.width * 1000).rounded() / 1000
        glyphs = run.glyphs.map {
            Glyph(
                id: $0.glyphID, cluster: offset + $0.cluster, advance: ($0.advance * 1000).rounded() / 1000,
                dx: ($0.xOffset * 1000).rounded() / 1000, dy: ($0.yOffset * 1000).rounded() / 1000)
        }
        let glyphText = glyphs.map { glyph in
            let offsetText = glyph.dx != 0 || glyph.dy != 0 ? "@\(glyph.dx),\(glyph.dy)" : ""
            return "\(glyph.id)=\(glyph.cluster)\(offsetText)+\(glyph.advance)"
        }.joined(separator: "|")
        text = "\(runText.debugDescription) \(font) \(size)pt \(script) \(direction) width \(width)\n  [\(glyphText)]"
    }

    enum CodingKeys: String, CodingKey {
        case font, path, size, script, direction, width, glyphs
        case utf16Range = "utf16_range"
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// Golden-image comparison: a PNG and a text dump of the layout per case, in Tests/Snapshots.
///
/// Pixels are compared decoded, never as PNG bytes: a pixel differs when any channel is more than
/// ``channelTolerance`` away, and at most ``differingFraction`` of the pixels may differ. The text dump (lines,
/// positions to 0.01 pt, glyph ids) must match exactly; it does not depend on the rasterizer. Run
/// `Scripts/update-snapshots` to rewrite both after an intended change.
enum Snapshot {
    static let channelTolerance = 16
    static let differingFraction = 0.001
    static let directory = TestFonts.repositoryRoot.appendingPathComponent("Tests/Snapshots")
    static var updating: Bool { ProcessInfo.processInfo.environment["GALLEY_UPDATE_SNAPSHOTS"] == "1" }

    static func check(
        _ canvas: Canvas, layout: TextLayout, name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let imageURL = directory.appendingPathComponent("\(name).png")
        let textURL = directory.appendingPathComponent("\(name).txt")
        let dump = describe(layout)
        if updating {
            try PNGWriter().write(canvas, to: imageURL.path)
            try dump.write(to: textURL, atomically: false, encoding: .utf8)
            return
        }
        // The image as drawn, for a look when it differs; written only then, so a passing run leaves nothing.
        let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).actual.png")
        let expectedText = try #require(
            try? String(contentsOf: textURL, encoding: .utf8), "missing \(textURL.path); run Scripts/update-snapshots",
            sourceLocation: sourceLocation)
        #expect(dump == expectedText, "layout dump of \(name) differs", sourceLocation: sourceLocation)
        let expected = try PNGReader.decode(try Data(contentsOf: imageURL), scale: canvas.scale)
        if expected.width != canvas.width || expected.height != canvas.height {
            try? PNGWriter().write(canvas, to: actualURL.path)
        }
        try #require(
            expected.width == canvas.width && expected.height == canvas.height,
            "\(name): \(canvas.width)×\(canvas.height), golden \(expected.width)×\(expected.height)",
            sourceLocation: sourceLocation)
        let actual = try PNGReader.decode(try PNGWriter().encode(canvas), scale: canvas.scale)
        let differing = differingPixels(actual, expected)
        let allowed = Int(Double(canvas.width * canvas.height) * differingFraction)
        if differing > allowed || dump != expectedText { try? PNGWriter().write(canvas, to: actualURL.path) }
        #expect(
            differing <= allowed, "\(name): \(differing) pixels differ (allowed \(allowed)); see \(actualURL.path)",
            sourceLocation: sourceLocation)
    }

    /// How many pixels of two canvases of one size differ by more than ``channelTolerance`` in a channel.
    static func differingPixels(_ actual: Canvas, _ expected: Canvas) -> Int {
        var differing = 0
        for index in stride(from: 0, to: min(actual.pixels.count, expected.pixels.count), by: 4) {
            for channel in 0..<4
            where abs(Int(actual.pixels[index + channel]) - Int(expected.pixels[index + channel])) > channelTolerance {
                differing += 1
                break
            }
        }
        return differing
    }

    /// The layout as text: one line per fragment, one per run, positions to 0.01 pt.
    static func describe(_ layout: TextLayout) -> String {
        func number(_ value: Double) -> String { String(format: "%.2f", value) }
        var lines: [String] = []
        for fragment in layout.lineFragments {
            let rect = fragment.rect, used = fragment.usedRect
            lines.append(
                "line \(fragment.characterRange.lowerBound)..<\(fragment.characterRange.upperBound) rect \(number(rect.minX)),\(number(rect.minY)) "
                    + "\(number(rect.width))×\(number(rect.height)) used \(number(used.minX))…\(number(used.maxX)) baseline \(number(fragment.baselineY))"
            )
            for run in fragment.runs {
                let glyphs = run.glyphRun.glyphs.map { "\($0.glyphID)" }.joined(separator: " ")
                lines.append(
                    "  run \(run.glyphRun.font.face.familyName) \(number(run.glyphRun.font.size)) x \(number(run.origin.x)) [\(glyphs)]"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import Foundation
import Galley
import GalleyDocuments

/// `galley layout`'s answer, whoever asks for it (the command, the service's `/v1/layout`, the C library): every
/// line of a document as laid out, as text or as JSON.
package enum LayoutListing {
    /// Writes the lines of `document` laid out, as text or as JSON, through `output` in pieces of about 64 kB.
    package static func write(
        _ document: Document, library: FontLibrary, json: Bool, to output: (String) throws -> Void
    ) throws {
        let scalars = ScalarOffsets(document.storage.string)
        // Line by line as they are laid out, so a million lines never exist at once; the JSON is the same text as
        // encoding {"lines": [...]} whole (its one key needs no sorting).
        let encoder = JSONText.encoder()
        var pending = json ? #"{"lines":["# : ""
        var count = 0
        let tables = try DocumentRenderer(document: document, library: library).enumerateLineFragments { fragment in
            let record = LineRecord(fragment, scalars: scalars)
            count += 1
            if json {
                if count > 1 { pending += "," }
                pending += try JSONText.encoded(record, encoder: encoder)
            } else {
                pending += record.text(number: count) + "\n"
            }
            if pending.utf8.count >= 1 << 16 {
                try output(pending)
                pending = ""
            }
        }
        // The tables' edges follow the lines (their cells are among the lines).
        let records = tables.map(TableRecord.init)
        if json {
            pending += "]"
            if !records.isEmpty {
                pending +=
                    #","tables":["#
                    + (try records.map { try JSONText.encoded($0, encoder: encoder) })
                    .joined(separator: ",") + "]"
            }
            pending += "}\n"
        } else {
            for (index, record) in records.enumerated() { pending += record.text(number: index + 1) + "\n" }
        }
        try output(pending)
    }
}

/// JSON text from `Encodable` values, keys sorted, as every JSON answer of Galley's is written.
package enum JSONText {
    /// An encoder that sorts keys and leaves slashes unescaped.
    package static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` as JSON text.
    package static func encoded<Value: Encodable>(_ value: Value, encoder: JSONEncoder = encoder()) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

private func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// One table's edges as `galley layout` prints them: its container, its columns' left edges and last right edge,
/// its rows' top edges and last bottom edge, in points.
private struct TableRecord: Encodable {
    let container: Int
    let columns: [Double]
    let rows: [Double]

    init(_ frame: TableFrame) {
        container = frame.containerIndex
        columns = frame.columnEdges.map(rounded)
        rows = frame.rowEdges.map(rounded)
    }

    /// The table as a line of text.
    func text(number: Int) -> String {
        "table \(number) container \(container) columns \(columns) rows \(rows)"
    }
}

/// One line fragment as `galley layout` prints it.
private struct LineRecord: Encodable {
    struct Run: Encodable {
        struct Glyph: Encodable {
            let id: UInt32
            let cluster: Int
            let x: Double
            let y: Double
            let advance: Double
        }

        let font: String
        let path: String
        let size: Double
        let script: String
        let direction: String
        let range: [Int]
        let origin: [Double]
        let glyphs: [Glyph]
    }

    let container: Int
    let range: [Int]
    let rect: [Double]
    let usedRect: [Double]
    let baseline: Double
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case container, range, rect, baseline, runs
        case usedRect = "used_rect"
    }

    init(_ fragment: LineFragment, scalars: ScalarOffsets) {
        container = fragment.containerIndex
        range = [scalars[fragment.characterRange.lowerBound], scalars[fragment.characterRange.upperBound]]
        let box = { (rect: Rect) in [rect.minX, rect.minY, rect.width, rect.height].map(rounded) }
        rect = box(fragment.rect)
        usedRect = box(fragment.usedRect)
        baseline = rounded(fragment.baselineY)
        runs = fragment.runs.map { run in
            let glyphRun = run.glyphRun
            return Run(
                font: "\(glyphRun.font.face.familyName) \(glyphRun.font.styleName)", path: glyphRun.font.face.path,
                size: glyphRun.font.size, script: glyphRun.script.iso15924,
                direction: glyphRun.isRightToLeft ? "rtl" : "ltr",
                range: [scalars[run.characterRange.lowerBound], scalars[run.characterRange.upperBound]],
                origin: [rounded(run.origin.x), rounded(run.origin.y)],
                glyphs: zip(glyphRun.glyphs, run.glyphPositions).map { glyph, x in
                    Run.Glyph(
                        id: glyph.glyphID, cluster: scalars[fragment.paragraphStart + glyph.cluster],
                        x: rounded(x + glyph.xOffset), y: rounded(run.origin.y + glyph.yOffset),
                        advance: rounded(glyph.advance))
                })
        }
    }

    func text(number: Int) -> String {
        var lines = [
            "line \(number) container \(container) [\(range[0]), \(range[1])) rect \(rect) used \(usedRect) "
                + "baseline \(baseline)"
        ]
        for run in runs {
            let glyphs = run.glyphs.map { "\($0.id)=\($0.cluster)@\($0.x)+\($0.advance)" }.joined(separator: "|")
            lines.append(
                "  \(run.font) \(run.size)pt \(run.script) \(run.direction) [\(run.range[0]), \(run.range[1])) "
                    + "at \(run.origin)\n    [\(glyphs)]")
        }
        return lines.joined(separator: "\n")
    }
}

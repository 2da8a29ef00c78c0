/// The marker of a list item, placed beside the first line of its paragraph in the list's indent.
public struct ListMarker: Sendable {
    /// What the marker shows.
    public enum Kind: Hashable, Sendable {
        /// A bullet or a number with its punctuation ("•", "3.", "iv.", "十二、").
        case text(String)
        /// A check box, ticked or not.
        case checkbox(isChecked: Bool)
    }

    /// What the marker shows.
    public let kind: Kind
    /// The item's number in its list (counted for bullets and check boxes too).
    public let itemNumber: Int
    /// How deeply the item is nested: 1 for a top-level list.
    public let level: Int
    /// The marker's box in container coordinates (points): the text's advance and the line's height, or the
    /// check box's square.
    public let frame: Rect
    /// The glyphs of a text marker, in visual order, on the first line's baseline; clusters count UTF-16 offsets
    /// into the marker's own text. Empty for a check box.
    public let runs: [PositionedRun]

    /// The marker moved down by `y` points.
    func offset(y: Double) -> ListMarker {
        ListMarker(
            kind: kind, itemNumber: itemNumber, level: level,
            frame: Rect(x: frame.minX, y: frame.minY + y, width: frame.width, height: frame.height),
            runs: runs.map {
                PositionedRun(
                    glyphRun: $0.glyphRun, origin: Point(x: $0.origin.x, y: $0.origin.y + y),
                    characterRange: $0.characterRange)
            })
    }
}

extension Typesetter {
    /// The marker of item `number` of the paragraph's innermost list, its trailing edge 0.3 em before `textEdge`
    /// (the first line's leading edge, points), on the line whose top is `top` and baseline `baseline`; `font` is
    /// the paragraph's primary font (the marker's size and check box's). Nil when the marker cannot be shaped.
    ///
    /// A text marker is shaped in the paragraph's first character's font and direction (so a right-to-left list
    /// reads ".3" from the right); a check box is a square 0.8 em across, centred on the cap height.
    func listMarker(
        number: Int, lists: [TextList], attributes: TextAttributes, font: Font, rightToLeft: Bool, textEdge: Double,
        top: Double, baseline: Double, lineHeight: Double
    ) -> ListMarker? {
        guard let list = lists.last else { return nil }
        var markerAttributes = TextAttributes(
            font: attributes.font, foregroundColor: attributes.foregroundColor, language: attributes.language)
        // 一、: the enumeration comma's blank half would only widen the gap to the text.
        if list.markerFormat == .chinese { markerAttributes.fontFeatures = [FontFeature("halt")] }
        var direction = ParagraphStyle()
        direction.baseWritingDirection = rightToLeft ? .rightToLeft : .leftToRight
        markerAttributes.paragraphStyle = direction
        let gap = 0.3 * font.size
        if list.markerFormat.isCheckbox {
            let side = 0.8 * font.size
            let minX = rightToLeft ? textEdge + gap : textEdge - gap - side
            return ListMarker(
                kind: .checkbox(isChecked: list.markerFormat == .checkedBox), itemNumber: number, level: lists.count,
                frame: Rect(x: minX, y: baseline - font.capHeight / 2 - side / 2, width: side, height: side), runs: [])
        }
        let text = list.marker(forItemNumber: number)
        let key = MarkerShapes.Key(text: text, font: font, language: attributes.language, rightToLeft: rightToLeft)
        let runs: [GlyphRun]
        if let known = markerShapes.runs[key] {
            runs = known
        } else {
            guard
                let shaped = try? shaper.shape(
                    Paragraph(text, attributes: markerAttributes),
                    itemizer: Itemizer(fontLibrary: fontLibrary, settings: settings))
            else { return nil }
            runs = BidiParagraph.visualOrder(levels: shaped.runs.map(\.bidiLevel)).map { shaped.runs[$0] }
            // Bullets repeat and numbers recur across lists: one shaping per marker text in a layout pass.
            if markerShapes.runs.count < 4_096 { markerShapes.runs[key] = runs }
        }
        let width = runs.reduce(0) { $0 + $1.width }
        var pen = rightToLeft ? textEdge + gap : textEdge - gap - width
        let minX = pen
        var positioned: [PositionedRun] = []
        for run in runs {
            positioned.append(PositionedRun(glyphRun: run, origin: Point(x: pen, y: baseline), characterRange: 0..<0))
            pen += run.width
        }
        return ListMarker(
            kind: .text(text), itemNumber: number, level: lists.count,
            frame: Rect(x: minX, y: top, width: width, height: lineHeight), runs: positioned)
    }
}

/// The glyph runs of list markers shaped during one layout pass, by marker text, font, language and direction.
final class MarkerShapes {
    struct Key: Hashable {
        let text: String
        let font: Font
        let language: String?
        let rightToLeft: Bool
    }

    var runs: [Key: [GlyphRun]] = [:]
}

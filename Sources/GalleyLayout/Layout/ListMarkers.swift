@_spi(Stages) import GalleyText

/// Shapes and places list markers, and measures a list's marker column: one per layout pass, sharing its shapings
/// with the layout manager's other passes when it keeps them.
struct ListMarkers {
    let shaper: Shaper
    let fontLibrary: FontLibrary
    let settings: DynamicTypeSettings
    /// Markers already shaped.
    let shapes: MarkerShapes

    /// The gap between a marker's trailing edge and the text: 0.3 em of the paragraph's primary font.
    static func markerGap(_ font: Font) -> Double { 0.3 * font.size }
    /// The side of a check box: 0.8 em of the paragraph's primary font.
    static func checkboxSide(_ font: Font) -> Double { 0.8 * font.size }

    /// The marker of item `number` of the paragraph's innermost list, its trailing edge ``markerGap(_:)`` before
    /// `textEdge` (the first line's leading edge, points), on the line whose top is `top` and baseline
    /// `baseline`; `font` is the paragraph's primary font (the marker's size and check box's). Nil when the
    /// marker cannot be shaped.
    ///
    /// A text marker is shaped in the paragraph's first character's font and direction (so a right-to-left list
    /// reads ".3" from the right); a check box is a square ``checkboxSide(_:)`` across, centred on the cap height.
    func marker(
        number: Int, lists: [TextList], attributes: TextAttributes, font: Font, rightToLeft: Bool, textEdge: Double,
        top: Double, baseline: Double, lineHeight: Double
    ) -> ListMarker? {
        guard let list = lists.last else { return nil }
        let gap = Self.markerGap(font)
        if list.markerFormat.isCheckbox {
            let side = Self.checkboxSide(font)
            let minX = rightToLeft ? textEdge + gap : textEdge - gap - side
            return ListMarker(
                kind: .checkbox(isChecked: list.markerFormat == .checkedBox), itemNumber: number, level: lists.count,
                frame: Rect(x: minX, y: baseline - font.capHeight / 2 - side / 2, width: side, height: side), runs: [])
        }
        guard
            let runs = markerRuns(
                list: list, number: number, attributes: attributes, font: font, rightToLeft: rightToLeft)
        else { return nil }
        let width = runs.reduce(0) { $0 + $1.width }
        var pen = rightToLeft ? textEdge + gap : textEdge - gap - width
        let minX = pen
        var positioned: [PositionedRun] = []
        for run in runs {
            positioned.append(PositionedRun(glyphRun: run, origin: Point(x: pen, y: baseline), characterRange: 0..<0))
            pen += run.width
        }
        return ListMarker(
            kind: .text(list.marker(forItemNumber: number)), itemNumber: number, level: lists.count,
            frame: Rect(x: minX, y: top, width: width, height: lineHeight), runs: positioned)
    }

    /// The glyph runs of item `number`'s text marker in `list`, in visual order: shaped in `attributes`' font
    /// description and language at `font`'s size, in the paragraph's direction. Nil when shaping fails.
    func markerRuns(list: TextList, number: Int, attributes: TextAttributes, font: Font, rightToLeft: Bool)
        -> [GlyphRun]?
    {
        let text = list.marker(forItemNumber: number)
        let key = MarkerShapes.Key(text: text, font: font, language: attributes.language, rightToLeft: rightToLeft)
        if let known = shapes.runs[key] { return known }
        var markerAttributes = TextAttributes(
            font: attributes.font, foregroundColor: attributes.foregroundColor, language: attributes.language)
        // 一、: the enumeration comma's blank half would only widen the gap to the text.
        if list.markerFormat == .chinese { markerAttributes.fontFeatures = [FontFeature("halt")] }
        var direction = ParagraphStyle()
        direction.baseWritingDirection = rightToLeft ? .rightToLeft : .leftToRight
        markerAttributes.paragraphStyle = direction
        return shaped(text, attributes: markerAttributes, key: key)
    }

    /// `text` shaped in `attributes`, its runs in visual order, kept under `key` (bullets, numbers and emphasis
    /// marks recur across lines, lists and passes: one shaping per text and font); nil when shaping fails.
    func shaped(_ text: String, attributes: TextAttributes, key: MarkerShapes.Key) -> [GlyphRun]? {
        if let known = shapes.runs[key] { return known }
        guard
            let shaped = try? shaper.shape(
                Paragraph(text, attributes: attributes),
                itemizer: Itemizer(fontLibrary: fontLibrary, settings: settings))
        else { return nil }
        let runs = BidiParagraph.visualOrder(levels: shaped.runs.map(\.bidiLevel)).map { shaped.runs[$0] }
        if shapes.runs.count < MarkerShapes.limit { shapes.runs[key] = runs }
        return runs
    }
}

extension ListMarkers {
    /// The marker column of the list that paragraph `first` opens at nesting `level` (0 for the outermost): the
    /// widest of its paragraphs' list indents and of its items' markers with their gap, so that the widest marker
    /// starts at the column's leading edge and none sticks out. The list runs over the paragraphs from `first` on
    /// that stay nested in it (`paragraph` gives nil past the text); its items are numbered from its first number.
    func column(level: Int, from first: Int, paragraph: (Int) -> Paragraph?) -> Double {
        guard let opening = paragraph(first) else { return ParagraphStyle().listIndent }
        // Deeper than the limit, placing the paragraph throws: nothing to measure.
        guard level < ParagraphStyle.listNestingLimit else { return opening.style.listIndent }
        let lists = opening.style.textLists.prefix(level + 1)
        var column = 0.0
        var number = lists[level].startingItemNumber
        var index = first
        while let item = paragraph(index), item.style.textLists.count > level,
            item.style.textLists.prefix(level + 1) == lists
        {
            // A bad indent throws when its paragraph is placed.
            if item.style.listIndent.isFinite { column = max(column, item.style.listIndent) }
            if item.style.textLists.count == level + 1 {
                if let extent = markerExtent(number: number, of: item) { column = max(column, extent) }
                number += 1
            }
            index += 1
        }
        return column
    }

    /// The width of item `number`'s marker in `item` with its gap to the text (points); nil when its font cannot
    /// be had or the marker shaped (placing the paragraph then throws or draws no marker).
    private func markerExtent(number: Int, of item: Paragraph) -> Double? {
        guard let list = item.style.textLists.last,
            let font = try? item.strut(fontLibrary: fontLibrary, settings: settings).font
        else { return nil }
        let gap = Self.markerGap(font)
        if list.markerFormat.isCheckbox { return Self.checkboxSide(font) + gap }
        // A paragraph of natural direction is measured left to right: reordering moves no advance.
        guard
            let runs = markerRuns(
                list: list, number: number, attributes: item.leadingAttributes, font: font,
                rightToLeft: item.style.baseWritingDirection == .rightToLeft)
        else { return nil }
        return runs.reduce(0) { $0 + $1.width } + gap
    }
}

/// The glyph runs of list markers already shaped, by marker text, font, language and direction: kept by a layout
/// manager across its passes (a list's column measures every marker of the list again after each edit).
final class MarkerShapes {
    /// The most marker shapings kept.
    static let limit = 4_096

    struct Key: Hashable {
        let text: String
        let font: Font
        let language: String?
        let rightToLeft: Bool
        /// Shaped upright in a vertical line (emphasis marks in columns).
        var upright = false
    }

    var runs: [Key: [GlyphRun]] = [:]
}

@_spi(Stages) import GalleyText

/// What the typesetter makes of a paragraph before placing its lines: its indents and its strut.
extension Typesetter {
    /// The indents of the paragraph `context` describes: its own, or its table cell's column.
    func indents(_ context: ParagraphContext) -> LineIndents {
        var indents = LineIndents(context)
        if let cell = context.style.tableCell, let table, table.table === cell.table {
            indents.cell = table.span(column: cell.column)
        }
        return indents
    }

    /// ``Paragraph/strut(fontLibrary:settings:)`` in this typesetter's library and settings, kept for the next paragraph
    /// whose first attributes name the same font (rows measured one after another: each resolved it behind the
    /// library's lock and a hash of its family name).
    mutating func strut(of paragraph: Paragraph) throws -> (font: Font, leading: Double?) {
        let primary = paragraph.leading.attributes.shapingKey.font
        if let lastStrut, lastStrut.specifier == primary { return lastStrut.strut }
        let strut = try paragraph.strut(fontLibrary: fontLibrary, settings: settings)
        lastStrut = (primary, strut)
        return strut
    }
}

extension Paragraph {
    /// The paragraph's strut, which every line's height includes: its primary font (its first attributes' font)
    /// in `fontLibrary` at `settings` and, when that is a text style, the style's leading in points.
    func strut(fontLibrary: FontLibrary, settings: DynamicTypeSettings) throws -> (font: Font, leading: Double?) {
        let primary = leading.attributes.shapingKey.font
        return (
            try fontLibrary.font(for: primary, settings: settings), primary.textStyle.map { settings.leading(of: $0) }
        )
    }
}

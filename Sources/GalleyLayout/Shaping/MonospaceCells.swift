@_spi(Stages) import GalleyText

/// The cells of a monospaced font, which text asking for it keeps to: where another face draws a character the
/// monospaced one lacks (an ideograph in a code comment, an emoji, Arabic), the character takes a whole number of
/// cells, centred in them, as terminals and code editors set it, so the columns after it stay on the grid. An
/// ideograph 1 em wide in a font of 0.6-em cells takes two cells (1.2 em), a narrow letter one.
///
/// Applied where a paragraph asks (``ParagraphStyle/keepsMonospaceCells``; notes' code blocks): browsers do not,
/// CSS having no such rule, so measuring stays equal to Chromium's by default.
struct MonospaceCells {
    /// The width of one cell, in points: the font's space.
    let cell: Double

    /// The cells of `font` (monospaced).
    init(of font: Font) {
        cell = font.glyph(for: " ").map(font.advance(of:)) ?? font.size * 0.6
    }

    /// Widens each cluster of `glyphs` (drawn by a face other than the monospaced one) to the next whole number of
    /// cells, its glyphs moved right by half of what was added; clusters without advance (marks) stay as they are.
    func fit(_ glyphs: inout [ShapedGlyph]) {
        guard cell > 0, cell.isFinite else { return }
        var start = glyphs.startIndex
        while start < glyphs.endIndex {
            var end = start + 1
            while end < glyphs.endIndex, glyphs[end].cluster == glyphs[start].cluster { end += 1 }
            let width = glyphs[start..<end].reduce(0) { $0 + $1.advance }
            // A hundredth of a cell's slack: a glyph exactly two cells wide stays two.
            let cells = (width / cell - 0.01).rounded(.up)
            let added = cells * cell - width
            if width > 0, added > 0 {
                glyphs[end - 1].advance += added
                for index in start..<end { glyphs[index].xOffset += added / 2 }
            }
            start = end
        }
    }
}

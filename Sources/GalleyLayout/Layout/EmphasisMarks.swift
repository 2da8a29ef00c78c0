@_spi(Stages) import GalleyText

/// Shapes and places emphasis marks (``TextAttributes/textEmphasis``): one mark, half the size of the characters'
/// font, centred over (or under) each character that takes one, standing on the characters' em box as Chromium
/// stands them, so the marks fill the room ``LineMetrics/Annotation`` made for them.
struct EmphasisMarks {
    /// Shapes the marks as list markers are shaped, keeping them with them.
    let markers: ListMarkers

    /// The marks of `runs` (a horizontal line's runs, placed; clusters count from the paragraph's start, which is
    /// `paragraphStart` in the storage), whose characters `text` holds (the paragraph's UTF-16). Web metrics round
    /// the em box up to pixels, as Blink does.
    func marks(for runs: [PositionedRun], text: ArraySlice<UInt16>, paragraphStart: Int, web: Bool) -> [PositionedRun] {
        var marks: [PositionedRun] = []
        for run in runs {
            let style = run.glyphRun.style
            guard let emphasis = style.shaping.emphasis, !style.shaping.orientation.isVertical,
                style.attachment == nil, let mark = markRun(emphasis.mark, size: style.font.size / 2, of: style)
            else { continue }
            let boxAscent = web ? style.primaryFont.ascender.rounded() : style.primaryFont.ascender
            let boxDescent = web ? (-style.primaryFont.descender).rounded() : -style.primaryFont.descender
            let markBox = mark.font.emBox
            let y =
                emphasis.isUnder
                ? run.origin.y + min(web ? style.emDescent.rounded(.up) : style.emDescent, boxDescent) + markBox.ascent
                : run.origin.y - min(web ? style.emAscent.rounded(.up) : style.emAscent, boxAscent) - markBox.descent
            // A cluster's glyphs side by side: its mark is centred on their advances together.
            var pen = run.origin.x, index = 0
            let glyphs = run.glyphRun.glyphs
            while index < glyphs.count {
                let cluster = glyphs[index].cluster
                var advance = 0.0
                while index < glyphs.count, glyphs[index].cluster == cluster {
                    advance += glyphs[index].advance
                    index += 1
                }
                defer { pen += advance }
                guard cluster >= 0, cluster < text.count,
                    TextEmphasis.marks(UTF16Decoding.scalar(in: text, at: cluster).0)
                else { continue }
                marks.append(
                    PositionedRun(
                        glyphRun: mark, origin: Point(x: pen + (advance - mark.width) / 2, y: y),
                        characterRange: (paragraphStart + cluster)..<(paragraphStart + cluster + 1)))
            }
        }
        return marks
    }

    /// `mark` shaped at `size` points in the font `style`'s attributes name (fallback as text takes it), one glyph
    /// run; nil when it cannot be shaped.
    private func markRun(_ mark: Character, size: Double, of style: RunStyle) -> GlyphRun? {
        guard let font = try? style.primaryFont.withSize(size) else { return nil }
        return markers.shaped(
            String(mark), attributes: TextAttributes(font: .font(font)),
            key: MarkerShapes.Key(text: String(mark), font: font, language: nil, rightToLeft: false)
        )?.first
    }
}

@_spi(Stages) import GalleyText

/// Fits a run shaped horizontally into one upright em of a vertical line (CSS `text-combine-upright`,
/// tate-chu-yoko), as Chromium sets `12` in `12月`: the glyphs side by side, centred across the column and squeezed
/// to one em when wider (``squeeze(_:)``), the em box centred on the run's font's ascent and descent.
///
/// The run then advances one em down the column; its glyphs' offsets are down the column and across it (see
/// ``ShapedGlyph``), every advance but the last 0.
package struct CombinedUpright {
    let font: Font

    package init(font: Font) { self.font = font }

    /// `glyphs` (shaped horizontally, left to right) fitted into one em.
    func fit(_ glyphs: [ShapedGlyph]) -> [ShapedGlyph] {
        let width = glyphs.reduce(0) { $0 + $1.advance }
        let em = font.size
        let scale = squeeze(glyphs.map(\.glyphID))
        let baseline = em / 2 + (font.ascender + font.descender) / 2
        var pen = -width * scale / 2
        var fitted = glyphs
        for index in fitted.indices {
            let glyph = glyphs[index]
            fitted[index].xOffset = baseline + glyph.yOffset
            fitted[index].yOffset = pen + glyph.xOffset * scale
            fitted[index].advance = index == fitted.count - 1 ? em : 0
            pen += glyph.advance * scale
        }
        return fitted
    }

    /// How much the glyphs `glyphIDs` side by side are narrowed to fit one em (1 when they fit), from their
    /// advances in the font: what fitting them places by and what drawing them narrows them by.
    package func squeeze(_ glyphIDs: [UInt32]) -> Double {
        let width = glyphIDs.reduce(0) { $0 + font.advance(of: $1) }
        return width > font.size ? font.size / width : 1
    }
}

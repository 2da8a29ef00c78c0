import CFreeType

extension FontFace {
    /// The advance of `glyph` in design units as a colour-bitmap face draws it: FreeType's advance in the face's
    /// largest strike (the bitmap's own metrics where the strike has them), scaled from the strike's pixels per
    /// em. This is the advance Chromium lays out with (Skia takes it from FreeType), 136 px at 109 ppem for Noto
    /// Color Emoji where `hmtx` says 2550/2048 em: 0.04 px more per emoji at 17 px. Nil for a face without
    /// strikes, or when FreeType cannot load the glyph.
    package func bitmapAdvance(of glyph: UInt32) -> Double? {
        guard hasBitmapStrikes, Int(glyph) < glyphCount else { return nil }
        if let known = bitmapAdvances.withLock({ $0[glyph] }) { return known }
        let unitsPerEm = Double(self.unitsPerEm)
        let advance: Double?? = withFreeTypeFace { face in
            let strikes = Int(face.pointee.num_fixed_sizes)
            guard strikes > 0, let sizes = face.pointee.available_sizes else { return nil }
            let largest = (0..<strikes).max { sizes[$0].x_ppem < sizes[$1].x_ppem }!
            let pixelsPerEm = Double(sizes[largest].x_ppem) / 64
            let flags = Int32(FT_LOAD_COLOR) | Int32(FT_LOAD_BITMAP_METRICS_ONLY)
            guard pixelsPerEm > 0, FT_Select_Size(face, FT_Int(largest)) == 0, FT_Load_Glyph(face, glyph, flags) == 0
            else { return nil }
            return Double(face.pointee.glyph.pointee.advance.x) / 64 / pixelsPerEm * unitsPerEm
        }
        guard let advance = advance ?? nil else { return nil }
        bitmapAdvances.withLock { $0[glyph] = advance }
        return advance
    }
}

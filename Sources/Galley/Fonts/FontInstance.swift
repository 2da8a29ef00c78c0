import CHarfBuzz

/// A face at one set of variation coordinates: it owns the HarfBuzz font that shapes it.
///
/// The HarfBuzz font's scale is `unitsPerEm × 64`, independent of the point size, so one instance serves every
/// size and shaped positions keep 1/64 of a design unit of precision (variable fonts interpolate to fractions).
/// Immutable after creation; HarfBuzz fonts are safe to shape with from several threads.
final class FontInstance: @unchecked Sendable {
    let face: FontFace
    let variations: [FontVariation]
    let hbFont: OpaquePointer
    /// Design units per HarfBuzz position unit.
    static let subunits = 64.0
    /// Vertical metrics in design units (y up, as in the font's tables).
    let metrics: DesignMetrics

    init(face: FontFace, variations: [FontVariation]) {
        self.face = face
        self.variations = variations
        let font = hb_font_create(face.hbFace)!
        let scale = Int32(face.unitsPerEm) * Int32(Self.subunits)
        hb_font_set_scale(font, scale, scale)
        if !variations.isEmpty {
            var hbVariations = variations.map { hb_variation_t(tag: $0.tagValue, value: Float($0.value)) }
            hb_font_set_variations(font, &hbVariations, UInt32(hbVariations.count))
        }
        hb_font_make_immutable(font)
        hbFont = font
        metrics = DesignMetrics(font: font, unitsPerEm: face.unitsPerEm)
    }

    deinit { hb_font_destroy(hbFont) }

    /// The glyph the character map gives `scalar`, or nil when the face lacks it.
    func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The advance of `glyph` in design units.
    func advance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(hbFont, glyph)) / Self.subunits
    }
}

/// A face's vertical metrics in design units, y up, with variation deltas (MVAR) applied.
struct DesignMetrics: Sendable {
    var ascender = 0.0, descender = 0.0, lineGap = 0.0
    var capHeight = 0.0, xHeight = 0.0
    var underlinePosition = 0.0, underlineThickness = 0.0
    var strikeoutPosition = 0.0, strikeoutThickness = 0.0

    init(font: OpaquePointer, unitsPerEm: Int) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        let units = FontInstance.subunits
        ascender = Double(extents.ascender) / units
        descender = Double(extents.descender) / units
        lineGap = Double(extents.line_gap) / units
        if ascender <= 0 && descender >= 0 {
            ascender = Double(unitsPerEm) * 0.8
            descender = -Double(unitsPerEm) * 0.2
        }
        func position(_ tag: hb_ot_metrics_tag_t, fallback: Double) -> Double {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Double(value) / units : fallback
        }
        let em = Double(unitsPerEm)
        capHeight = position(HB_OT_METRICS_TAG_CAP_HEIGHT, fallback: ascender * 0.9)
        xHeight = position(HB_OT_METRICS_TAG_X_HEIGHT, fallback: ascender * 0.6)
        underlineThickness = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE, fallback: em / 14)
        underlinePosition = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, fallback: -em / 10)
        strikeoutThickness = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, fallback: underlineThickness)
        strikeoutPosition = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, fallback: xHeight / 2)
        if underlineThickness <= 0 { underlineThickness = em / 14 }
        if strikeoutThickness <= 0 { strikeoutThickness = underlineThickness }
    }
}

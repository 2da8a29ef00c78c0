import CHarfBuzz

/// How a run set as superscript or subscript is drawn: the font's own `sups` or `subs` glyphs where it has one for
/// every character, else a smaller size raised or lowered by the font's OS/2 figures (`ySuperscriptYSize`,
/// `ySuperscriptYOffset` and the subscript pair), once per level, as Firefox and Chromium choose between the two.
package struct VerticalPosition: Sendable {
    /// The font the glyphs are drawn in (smaller when synthesized).
    package let font: Font
    /// How far the baseline moves up, in points (negative is down).
    package let baselineShift: Double
    /// The feature that selects the font's own forms, when they are used.
    package let feature: FontFeature?

    /// The position of `level` (positive superscript, negative subscript) for the `scalars` of a run drawn in
    /// `font`; the characters `font` lacks are ignored (another font draws them, with its own decision).
    package init(level: Int, font: Font, scalars: [Unicode.Scalar]) {
        let tag = level > 0 ? "sups" : "subs"
        let covered = scalars.filter { !$0.properties.isWhitespace && font.glyph(for: $0) != nil }
        if abs(level) == 1, !covered.isEmpty {
            let forms = font.face.shapingFacts.glyphsSubstituted(byFeature: tag)
            if covered.allSatisfy({ font.glyph(for: $0).map(forms.contains) == true }) {
                self.font = font
                baselineShift = 0
                feature = FontFeature(tag)
                return
            }
        }
        var drawn = font
        var shift = 0.0
        for _ in 0..<min(abs(level), 8) {
            let (scale, offset) = Self.synthesis(of: drawn, superscript: level > 0)
            shift += offset
            drawn = (try? drawn.withSize(max(Font.sizeLimit.lowerBound, drawn.size * scale))) ?? drawn
        }
        self.font = drawn
        baselineShift = shift
        feature = nil
    }

    /// The size ratio and the baseline shift in points (up positive) the font recommends for one level.
    private static func synthesis(of font: Font, superscript: Bool) -> (scale: Double, shift: Double) {
        var size: hb_position_t = 0, offset: hb_position_t = 0
        let sizeTag = superscript ? HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_SIZE : HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_SIZE
        let offsetTag =
            superscript ? HB_OT_METRICS_TAG_SUPERSCRIPT_EM_Y_OFFSET : HB_OT_METRICS_TAG_SUBSCRIPT_EM_Y_OFFSET
        let em = Double(font.face.unitsPerEm) * FontInstance.subunits
        var scale = hb_ot_metrics_get_position(font.hbFont, sizeTag, &size) != 0 ? Double(size) / em : 0
        var shift = hb_ot_metrics_get_position(font.hbFont, offsetTag, &offset) != 0 ? Double(offset) / em : 0
        // Fonts with empty or absurd OS/2 figures get CSS's customary ones.
        if !(0.3...1).contains(scale) { scale = 0.65 }
        if !(0.05...0.8).contains(abs(shift)) { shift = superscript ? 0.35 : 0.15 }
        // OS/2 gives the subscript offset as a distance below the baseline.
        return (scale, (superscript ? abs(shift) : -abs(shift)) * font.size)
    }
}

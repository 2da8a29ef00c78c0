import CCairo
import CFreeType
import CHarfBuzz
import GalleyLayout
@_spi(Stages) import GalleyText

/// The fonts of one PDF or SVG document as cairo draws them: each face cut by HarfBuzz to the glyphs the document
/// draws and opened once in FreeType for cairo, and a scaled font per font and glyph form met. cairo subsets and
/// embeds what is drawn with them.
///
/// cairo keeps a font face in its caches after the document is done, so each FreeType face it is given lives in a
/// box the face's user data holds (with the bytes it reads), freed when cairo lets it go.
final class CairoFonts {
    /// The glyphs the document draws, by face.
    private let glyphs: [FontFace: Set<UInt32>]
    private var faces: [FaceKey: OpaquePointer] = [:]
    private var scaledFonts: [ScaledFontKey: OpaquePointer] = [:]

    private struct FaceKey: Hashable {
        let face: ObjectIdentifier
        let variations: [FontVariation]
    }

    private struct ScaledFontKey: Hashable {
        let font: Font
        let form: GlyphForm
    }

    /// Fonts for a document drawing `glyphs` (by face) and no others.
    init(glyphs: [FontFace: Set<UInt32>]) { self.glyphs = glyphs }

    deinit {
        for font in scaledFonts.values { galley_cairo_scaled_font_destroy(font) }
        for face in faces.values { galley_cairo_font_face_destroy(face) }
    }

    /// The scaled font drawing `font`'s glyphs in `form` (slant and expansion; a stroke is drawn from the outline),
    /// in points; nil when FreeType or cairo cannot open the face.
    func scaledFont(for font: Font, form: GlyphForm) -> OpaquePointer? {
        var plainForm = form
        plainForm.strokeWidth = 0
        let key = ScaledFontKey(font: font, form: plainForm)
        if let found = scaledFonts[key] { return found }
        guard let face = face(for: font) else { return nil }
        // Glyph space is y down: a slant moves the top (negative y) of a glyph right; a quarter turn clockwise
        // then takes x to y and y to −x.
        let (xx, xy, yy) = (font.size * form.horizontalScale, -form.slant * font.size, font.size)
        var matrix =
            form.turnsClockwise
            ? cairo_matrix_t(xx: 0, yx: xx, xy: -yy, yy: xy, x0: 0, y0: 0)
            : cairo_matrix_t(xx: xx, yx: 0, xy: xy, yy: yy, x0: 0, y0: 0)
        var identity = cairo_matrix_t()
        galley_cairo_matrix_init_identity(&identity)
        let options = galley_cairo_font_options_create()
        defer { galley_cairo_font_options_destroy(options) }
        galley_cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        galley_cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        guard let scaled = galley_cairo_scaled_font_create(face, &matrix, &identity, options),
            galley_cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS
        else { return nil }
        scaledFonts[key] = scaled
        return scaled
    }

    /// cairo's face for `font`'s face at its variations, opened in FreeType the first time it is asked for. The
    /// coordinates are set on the FreeType face itself: cairo then embeds the instance's outlines (as a Type 1
    /// font it makes), where coordinates given through font options would embed the default instance's tables.
    private func face(for font: Font) -> OpaquePointer? {
        let face = font.face
        let key = FaceKey(face: ObjectIdentifier(face), variations: font.variations)
        if let found = faces[key] { return found }
        guard let blob = face.subsetBlob(keeping: glyphs[face] ?? []) else { return nil }
        guard let freeTypeFace = try? FontFace.openDetachedFreeTypeFace(blob, path: face.path) else {
            hb_blob_destroy(blob)
            return nil
        }
        GlyphRasterizer.applyVariations(font, to: freeTypeFace)
        let box = DetachedFace(blob: blob, freeTypeFace: freeTypeFace)
        let flags = Int32(FT_LOAD_NO_HINTING) | Int32(FT_LOAD_NO_BITMAP)
        guard let cairoFace = galley_cairo_ft_font_face_create_for_ft_face(freeTypeFace, flags) else { return nil }
        let owner = Unmanaged.passRetained(box).toOpaque()
        let status = galley_cairo_font_face_set_user_data(cairoFace, Self.ownerKey, owner) { pointer in
            if let pointer { Unmanaged<DetachedFace>.fromOpaque(pointer).release() }
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            Unmanaged<DetachedFace>.fromOpaque(owner).release()
            galley_cairo_font_face_destroy(cairoFace)
            return nil
        }
        faces[key] = cairoFace
        return cairoFace
    }

    /// The key under which a cairo face holds its FreeType face's box: only its address matters.
    private nonisolated(unsafe) static let ownerKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}

/// A FreeType face lent to cairo, with the bytes it reads; freed when cairo drops the font face.
private final class DetachedFace {
    let blob: OpaquePointer
    let freeTypeFace: FT_Face

    init(blob: OpaquePointer, freeTypeFace: FT_Face) {
        self.blob = blob
        self.freeTypeFace = freeTypeFace
    }

    deinit {
        let freeTypeFace = freeTypeFace
        try? FreeType.withLibrary { _ in _ = FT_Done_Face(freeTypeFace) }
        hb_blob_destroy(blob)
    }
}

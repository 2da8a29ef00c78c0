import CCairo
import CFreeType
import CHarfBuzz
import GalleyLayout
@_spi(Stages) import GalleyText

/// The fonts of one PDF or SVG document as cairo draws them: each static face cut by HarfBuzz to the glyphs the
/// document draws and opened once in FreeType for cairo, each variable one the process's, and a scaled font per font
/// and glyph form met. cairo subsets and embeds what is drawn with them.
///
/// cairo keeps a font face in its caches after the document is done, so each FreeType face it is given lives in a
/// box the face's user data holds (with the bytes it reads), freed when cairo lets it go.
final class CairoFonts {
    /// The glyphs the document draws, by face.
    private let glyphs: [FontFace: Set<UInt32>]
    private var faces: [FaceKey: OpaquePointer] = [:]
    private var scaledFonts: [ScaledFontKey: OpaquePointer] = [:]

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

    /// cairo's face for `font`'s face at its variations, made the first time it is asked for: for a static face,
    /// from the document's subset of it; for a variable one, the process's (``VariableFaces``).
    private func face(for font: Font) -> OpaquePointer? {
        let face = font.face
        let key = FaceKey(font)
        if let found = faces[key] { return found }
        let made =
            face.axes.isEmpty
            ? face.subsetBlob(keeping: glyphs[face] ?? []).flatMap { Self.makeFace(font, blob: $0, index: 0) }
            : VariableFaces.face(for: font)
        faces[key] = made
        return made
    }

    /// A new cairo face for `font`'s face at its variations, reading face `index` of the font file `blob` (which it
    /// owns from now on, freed with it); nil when FreeType or cairo cannot open it. The coordinates are set on the FreeType
    /// face itself: cairo then embeds the instance's outlines (as a Type 1 font it makes), where coordinates given
    /// through font options would embed the default instance's tables.
    fileprivate static func makeFace(_ font: Font, blob: OpaquePointer, index: Int) -> OpaquePointer? {
        guard let freeTypeFace = try? FontFace.openDetachedFreeTypeFace(blob, path: font.face.path, index: index)
        else {
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
        return cairoFace
    }

    /// The key under which a cairo face holds its FreeType face's box: only its address matters.
    private nonisolated(unsafe) static let ownerKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
}

/// cairo's faces for variable fonts, one per face and variations for the process, at most ``limit`` of them.
///
/// cairo 1.16 keeps FreeType's description of a variable font's axes (`FT_Get_MM_Var`, about 300 bytes for Inter)
/// for every face it makes from a variable FT_Face and never frees it, so a face made per document grew a
/// long-running service by that much at every PDF or SVG. These faces read the whole font (their glyph ids are the
/// subsets' own, which keep them), of which cairo embeds only the glyphs a document draws. cairo locks a face's
/// FT_Face itself whenever it reads it, so documents on several threads share them.
enum VariableFaces {
    /// The most faces held: a service asked for every weight of a variable font makes one face per weight, and
    /// past this many starts over (each face made again leaks cairo's bytes again, so the bound is generous).
    static let limit = 64

    /// A face held, with the font face it was made for (kept alive, so no other face takes its identifier).
    private final class Held {
        let fontFace: FontFace
        let cairoFace: OpaquePointer

        init(fontFace: FontFace, cairoFace: OpaquePointer) { (self.fontFace, self.cairoFace) = (fontFace, cairoFace) }

        deinit { galley_cairo_font_face_destroy(cairoFace) }
    }

    private static let faces = Locked(BoundedTable<FaceKey, Held>(costLimit: limit))

    /// The face held for `font`'s face at its variations, if one is (without a reference for the caller).
    static func held(for font: Font) -> OpaquePointer? {
        faces.withLock { $0[FaceKey(font)]?.cairoFace }
    }

    /// cairo's face for `font`'s face at its variations, with a reference the caller releases
    /// (`cairo_font_face_destroy`); nil when FreeType or cairo cannot open it.
    static func face(for font: Font) -> OpaquePointer? {
        let key = FaceKey(font)
        return faces.withLock { faces in
            if let held = faces[key] { return galley_cairo_font_face_reference(held.cairoFace) }
            let blob = font.face.referencedFileBlob()
            guard let made = CairoFonts.makeFace(font, blob: blob, index: font.face.index) else {
                return nil
            }
            faces.insert(Held(fontFace: font.face, cairoFace: made), for: key)
            return galley_cairo_font_face_reference(made)
        }
    }
}

/// A face at its variations, as the documents' faces and the process's variable ones are kept: the face by identity
/// (its keeper holds it alive, so no other face takes its identifier).
private struct FaceKey: Hashable {
    let face: ObjectIdentifier
    let variations: [FontVariation]

    init(_ font: Font) { (face, variations) = (ObjectIdentifier(font.face), font.variations) }
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

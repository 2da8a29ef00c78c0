import CFreeType

/// How a glyph is drawn beyond its font and size: TextKit's expansion, obliqueness and stroke.
struct GlyphForm: Hashable, Sendable {
    /// The horizontal scale (`exp(expansion)`).
    var horizontalScale = 1.0
    /// The x shift per unit of height (obliqueness).
    var slant = 0.0
    /// The width of the outline's stroke in pixels; 0 draws the filled glyph.
    var strokeWidth = 0.0

    /// The glyph as the font draws it.
    static let plain = GlyphForm()

    /// Whether the outline is transformed before rendering.
    var isTransformed: Bool { horizontalScale != 1 || slant != 0 }
}

/// Rasterizes glyphs with FreeType from their outlines, unhinted, at the exact pixel size, shifted by a quarter
/// pixel per subpixel bin so spacing matches the layout, slanted, widened or stroked (FreeType's stroker) as their
/// ``GlyphForm`` asks; bitmap-only colour fonts (CBDT emoji) are scaled from their nearest strike.
enum GlyphRasterizer {
    /// Horizontal subpixel positions per pixel.
    static let subpixelBins = 4

    static func rasterize(_ font: Font, glyph: UInt32, pixelSize: Double, bin: Int, form: GlyphForm = .plain)
        -> GlyphBitmap?
    {
        guard pixelSize > 0, pixelSize.isFinite, pixelSize < 20_000 else { return nil }
        let result: GlyphBitmap?? = font.face.withFreeTypeFace { face in
            applyVariations(font, to: face)
            if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
                return outlineGlyph(face, glyph: glyph, pixelSize: pixelSize, bin: bin, form: form)
            }
            return colorGlyph(face, glyph: glyph, pixelSize: pixelSize)
        }
        return result ?? nil
    }

    /// Sets every axis of a variable face: the font's coordinate where it has one, the default elsewhere (the
    /// shared FT_Face keeps whatever the last caller set).
    private static func applyVariations(_ font: Font, to face: FT_Face) {
        let axes = font.face.axes
        guard !axes.isEmpty else { return }
        var coordinates = axes.map { axis -> FT_Fixed in
            let value = font.variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue
            return FT_Fixed(value * 65536)
        }
        _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates)
    }

    private static func outlineGlyph(
        _ face: FT_Face, glyph: UInt32, pixelSize: Double, bin: Int, form: GlyphForm
    ) -> GlyphBitmap? {
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6((pixelSize * 64).rounded()), 72, 72) == 0,
            FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return nil }
        if form.isTransformed {
            var matrix = FT_Matrix(
                xx: FT_Fixed(form.horizontalScale * 65536), xy: FT_Fixed(form.slant * 65536), yx: 0, yy: 0x10000)
            FT_Outline_Transform(&slot.pointee.outline, &matrix)
        }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(bin * 64 / subpixelBins), 0)
        if form.strokeWidth > 0 { return strokedGlyph(&slot.pointee.outline, width: form.strokeWidth) }
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: width * height)
        if let buffer = bitmap.buffer, width > 0, height > 0, pitch >= width {
            for row in 0..<height {
                for column in 0..<width { coverage[row * width + column] = buffer[row * pitch + column] }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            coverage: coverage, color: nil)
    }

    /// The coverage of `outline` (26.6 pixels, y up, from the pen) stroked `width` pixels wide, centred on the
    /// outline, with round joins.
    private static func strokedGlyph(_ outline: UnsafeMutablePointer<FT_Outline>, width: Double) -> GlyphBitmap? {
        let result = try? FreeType.withLibrary { library -> GlyphBitmap? in
            FreeType.withStroke(of: outline, width: width, library: library) { stroked -> GlyphBitmap? in
                var box = FT_BBox()
                FT_Outline_Get_CBox(stroked, &box)
                let left = Int((Double(box.xMin) / 64).rounded(.down))
                let right = Int((Double(box.xMax) / 64).rounded(.up))
                let bottom = Int((Double(box.yMin) / 64).rounded(.down))
                let top = Int((Double(box.yMax) / 64).rounded(.up))
                let columns = right - left, rows = top - bottom
                guard columns > 0, rows > 0, columns * rows < 1 << 26 else { return nil }
                FT_Outline_Translate(stroked, FT_Pos(-left * 64), FT_Pos(-bottom * 64))
                var coverage = [UInt8](repeating: 0, count: columns * rows)
                guard FreeType.render(stroked, library: library, into: &coverage, width: columns, rows: rows) else {
                    return nil
                }
                return GlyphBitmap(width: columns, height: rows, left: left, top: top, coverage: coverage, color: nil)
            } ?? nil
        }
        return result ?? nil
    }

    /// A glyph from a bitmap strike (colour emoji), scaled from the strike nearest in size with a box filter.
    private static func colorGlyph(_ face: FT_Face, glyph: UInt32, pixelSize: Double) -> GlyphBitmap? {
        let strikes = Int(face.pointee.num_fixed_sizes)
        guard strikes > 0, let sizes = face.pointee.available_sizes else { return nil }
        let best = (0..<strikes).min {
            abs(Double(sizes[$0].y_ppem) / 64 - pixelSize) < abs(Double(sizes[$1].y_ppem) / 64 - pixelSize)
        }!
        guard FT_Select_Size(face, FT_Int(best)) == 0, FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0,
            let slot = face.pointee.glyph
        else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = bitmap.buffer else { return nil }
        let sourceWidth = Int(bitmap.width), sourceHeight = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let ratio = pixelSize / (Double(sizes[best].y_ppem) / 64)
        let width = max(1, Int((Double(sourceWidth) * ratio).rounded()))
        let height = max(1, Int((Double(sourceHeight) * ratio).rounded()))
        var scaled = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let sy0 = Int(Double(y) / ratio), sy1 = max(sy0 + 1, min(sourceHeight, Int(Double(y + 1) / ratio)))
            for x in 0..<width {
                let sx0 = Int(Double(x) / ratio), sx1 = max(sx0 + 1, min(sourceWidth, Int(Double(x + 1) / ratio)))
                var sums = [0, 0, 0, 0], count = 0
                for sy in sy0..<min(sy1, sourceHeight) {
                    for sx in sx0..<min(sx1, sourceWidth) {
                        for channel in 0..<4 { sums[channel] += Int(buffer[sy * pitch + sx * 4 + channel]) }
                        count += 1
                    }
                }
                guard count > 0 else { continue }
                for channel in 0..<4 { scaled[(y * width + x) * 4 + channel] = UInt8(sums[channel] / count) }
            }
        }
        return GlyphBitmap(
            width: width, height: height, left: Int((Double(slot.pointee.bitmap_left) * ratio).rounded()),
            top: Int((Double(slot.pointee.bitmap_top) * ratio).rounded()), coverage: [],
            color: ColorBitmap(width: width, height: height, bgra: scaled))
    }
}

// CCairo for FT_GLYPH_FORMAT_OUTLINE: cairo-ft.h includes FreeType's headers too, and once this module has loaded
// CCairo, Swift finds that enumerator as CCairo's, visible only where CCairo is imported.
import CCairo
import CFreeType
import GalleyLayout
@_spi(Stages) import GalleyText

/// How a glyph is drawn beyond its font and size: TextKit's expansion, obliqueness and stroke.
struct GlyphForm: Hashable, Sendable {
    /// The horizontal scale (`exp(expansion)`).
    var horizontalScale = 1.0
    /// The x shift per unit of height (obliqueness).
    var slant = 0.0
    /// The width of the outline's stroke in pixels; 0 draws the filled glyph.
    var strokeWidth = 0.0
    /// Whether the glyph is turned a quarter clockwise (after its scale and slant): a glyph set sideways in a
    /// vertical line, its top to the right.
    var turnsClockwise = false

    /// The glyph as the font draws it.
    static let plain = GlyphForm()

    /// Whether the outline is transformed before rendering.
    var isTransformed: Bool { horizontalScale != 1 || slant != 0 || turnsClockwise }
}

/// The pixels around a glyph's pen that can reach a canvas: columns from the pen's whole-pixel x, rows up from the
/// baseline (FreeType's bitmap axes); `left` and `bottom` included, `right` and `top` not.
struct PixelWindow: Hashable, Sendable {
    var left: Int, right: Int, bottom: Int, top: Int

    /// The part of `self` inside `other`; empty sides clamp to zero size.
    func intersection(_ other: PixelWindow) -> PixelWindow {
        let left = max(left, other.left), bottom = max(bottom, other.bottom)
        return PixelWindow(
            left: left, right: max(left, min(right, other.right)), bottom: bottom,
            top: max(bottom, min(top, other.top)))
    }

    var width: Int { right - left }
    var height: Int { top - bottom }
    /// Pixels inside, saturating instead of overflowing.
    var area: Int { width.multipliedReportingOverflow(by: height).overflow ? .max : width * height }
}

/// Rasterizes glyphs with FreeType from their outlines, unhinted, at the exact pixel size, shifted right by a
/// fraction of a pixel (the pen's subpixel position) so spacing matches the layout, slanted, widened or stroked (FreeType's stroker) as their
/// ``GlyphForm`` asks; bitmap-only colour fonts (CBDT emoji) are scaled from their nearest strike.
///
/// A glyph whose bitmap would pass ``wholeGlyphPixels`` (a 2,500 pt letter at scale 8 would be 400 million) is
/// drawn only where it meets the caller's window, so any size the limits allow draws in time and memory bounded by
/// the canvas; such a bitmap is marked ``GlyphBitmap/isClipped`` and is not cached.
enum GlyphRasterizer {
    /// Horizontal subpixel positions per pixel at `scale` pixels per point: enough to place glyphs within a
    /// quarter of a point (4 at scale 1, 2 at scale 2 and 3, 1 from scale 4), since past that the eye sees points
    /// rather than pixels. Pango rounds pens to whole pixels; Skia keeps four positions per pixel at any scale.
    /// Measured on the benchmark note at scale 2 (`Benchmarks/compare-pango`): two positions instead of four make
    /// the PNG 4 % smaller (819 kB against 856 kB at zlib level 1), its runs of identical glyphs being what
    /// deflate finds.
    static func subpixelBins(scale: Double) -> Int {
        guard scale.isFinite, scale > 0 else { return 4 }
        return max(1, min(4, Int((4 / scale).rounded(.up))))
    }
    /// The most pixels of a glyph bitmap made whole (2048 × 2048); larger ones are clipped to the window.
    static let wholeGlyphPixels = 1 << 22

    static func rasterize(
        _ font: Font, glyph: UInt32, pixelSize: Double, shift: Int, form: GlyphForm = .plain, window: PixelWindow
    ) -> GlyphBitmap? {
        guard pixelSize > 0, pixelSize.isFinite else { return nil }
        let result: GlyphBitmap?? = font.face.withFreeTypeFace { face in
            applyVariations(font, to: face)
            if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
                return outlineGlyph(
                    face, glyph: glyph, pixelSize: pixelSize, shift: shift, form: form, window: window,
                    hinted: hintsVertically(font.face, pixelSize: pixelSize, form: form))
            }
            return colorGlyph(face, glyph: glyph, pixelSize: pixelSize, window: window)
        }
        return result ?? nil
    }

    /// The bitmap rectangle to draw: all of `bounds` when it is small enough, else its part inside `window`.
    private static func drawnArea(of bounds: PixelWindow, window: PixelWindow) -> (area: PixelWindow, clipped: Bool) {
        bounds.area <= wholeGlyphPixels ? (bounds, false) : (bounds.intersection(window), true)
    }

    /// Sets every axis of a variable face: the font's coordinate where it has one, the default elsewhere (the
    /// shared FT_Face keeps whatever the last caller set).
    static func applyVariations(_ font: Font, to face: FT_Face) {
        let axes = font.face.axes
        guard !axes.isEmpty else { return }
        var coordinates = axes.map { axis -> FT_Fixed in
            let value = font.variations.first { $0.tag == axis.tag }?.value ?? axis.defaultValue
            return FT_Fixed(value * 65536)
        }
        _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(coordinates.count), &coordinates)
    }

    /// The largest size in pixels per em at which ideographs are hinted (``hintsVertically(_:pixelSize:form:)``).
    static let hintingLimit = 24.0

    /// Whether a glyph of `face` drawn `pixelSize` pixels per em in `form` is hinted, vertically only (FreeType's
    /// light hinting): ideographs of a face that has them, up to ``hintingLimit`` pixels, drawn plain. Unhinted,
    /// the close horizontal strokes of dense characters (量 警 鐘) blur into grey bands at text sizes at scale 1;
    /// light hinting moves them onto pixel rows and leaves every advance and horizontal position as it was (the
    /// layout never changes). Larger sizes, Latin and transformed or outlined glyphs stay unhinted.
    static func hintsVertically(_ face: FontFace, pixelSize: Double, form: GlyphForm) -> Bool {
        pixelSize <= hintingLimit && !form.isTransformed && form.strokeWidth == 0 && face.covers("\u{91CF}")
    }

    private static func outlineGlyph(
        _ face: FT_Face, glyph: UInt32, pixelSize: Double, shift: Int, form: GlyphForm, window: PixelWindow,
        hinted: Bool = false
    ) -> GlyphBitmap? {
        // FreeType keeps a size's pixels per em in 16 bits (TrueType rounds its scale to them), so larger glyphs
        // are loaded at `loadedPixels` and enlarged as outlines, which are 26.6 in a 64-bit long.
        let loadedPixels = min(pixelSize, 16_384), enlargement = pixelSize / loadedPixels
        guard pixelSize < 16_777_216, FT_Set_Char_Size(face, 0, FT_F26Dot6((loadedPixels * 64).rounded()), 72, 72) == 0,
            FT_Load_Glyph(face, glyph, hinted ? Self.lightHinting : Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0,
            let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return nil }
        if form.isTransformed || enlargement != 1 {
            let (xx, xy, yy) = (form.horizontalScale * enlargement, form.slant * enlargement, enlargement)
            // FreeType's y is up: turned a quarter clockwise, x becomes −y and y becomes x.
            var matrix =
                form.turnsClockwise
                ? FT_Matrix(xx: 0, xy: FT_Fixed(yy * 65536), yx: FT_Fixed(-xx * 65536), yy: FT_Fixed(-xy * 65536))
                : FT_Matrix(xx: FT_Fixed(xx * 65536), xy: FT_Fixed(xy * 65536), yx: 0, yy: FT_Fixed(yy * 65536))
            FT_Outline_Transform(&slot.pointee.outline, &matrix)
        }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(shift), 0)
        // FreeType allows one library across threads except for creating and freeing faces; the face's own lock
        // (held here) covers its slot, so rendering needs no global lock.
        guard let library = slot.pointee.library else { return nil }
        guard form.strokeWidth > 0 else { return render(&slot.pointee.outline, library: library, window: window) }
        return stroke(slot, width: form.strokeWidth, library: library, window: window)
    }

    /// FreeType's `FT_LOAD_TARGET_LIGHT` (vertical-only hinting), without embedded bitmaps.
    private static let lightHinting =
        Int32(bitPattern: (FT_RENDER_MODE_LIGHT.rawValue & 15) << 16) | Int32(FT_LOAD_NO_BITMAP)

    /// The glyph's outline in `slot` stroked `width` pixels wide: the stroke of the union of its contours
    /// (``unionStroke(of:width:library:)``, no line where contours overlap inside a letter) when its
    /// bitmap is drawn whole and the width within the distance field's reach; else FreeType's stroker, which
    /// strokes each contour but takes any width and draws only the window of a huge glyph.
    private static func stroke(_ slot: FT_GlyphSlot, width: Double, library: FT_Library, window: PixelWindow)
        -> GlyphBitmap?
    {
        let outline = slot.pointee.outline
        // Rendering the union turns the slot's outline into a bitmap: the stroker works on a copy.
        var copy = FT_Outline()
        guard FT_Outline_New(library, FT_UInt(outline.n_points), FT_Int(outline.n_contours), &copy) == 0 else {
            return nil
        }
        defer { FT_Outline_Done(library, &copy) }
        FT_Outline_Copy(&slot.pointee.outline, &copy)
        let bounds = pixelBounds(of: &copy)
        let margin = Int((width / 2).rounded(.up)) + FreeType.maximumSpread
        let padded = PixelWindow(
            left: bounds.left - margin, right: bounds.right + margin, bottom: bounds.bottom - margin,
            top: bounds.top + margin)
        if padded.area <= wholeGlyphPixels, outline.n_contours > 0,
            let union = unionStroke(of: slot, width: width, library: library)
        {
            return union
        }
        return FreeType.withStroke(of: &copy, width: width, library: library) {
            render($0, library: library, window: window)
        } ?? nil
    }

    /// The pixels within `width / 2` of the edge of the filled area of the outline in `slot` (26.6 pixels, y up,
    /// from the pen): the stroke of the union of its contours, read from its distance field. Nil when the stroke
    /// is wider than the field reaches or rendering fails; the slot then holds a bitmap, not the outline.
    private static func unionStroke(of slot: FT_GlyphSlot, width: Double, library: FT_Library) -> GlyphBitmap? {
        // The field must reach half a pixel past the stroke; its 256 levels span ±spread, so the least spread is
        // the most precise.
        let reach = width / 2 + 0.5
        guard reach.isFinite, reach > 0, reach < Double(FreeType.maximumSpread) else { return nil }
        let spread = max(2, Int(reach.rounded(.up)))
        guard FreeType.renderDistanceField(of: slot, spread: spread, library: library) else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return nil }
        let columns = Int(bitmap.width), rows = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        var coverage = [UInt8](repeating: 0, count: columns * rows)
        let perLevel = Double(spread) / 128, half = width / 2
        for row in 0..<rows {
            let source = pitch >= 0 ? row * pitch : (rows - 1 - row) * -pitch
            for column in 0..<columns {
                // The distance from the pixel's centre to the edge, either side, in pixels.
                let distance = abs(Double(buffer[source + column]) - 128) * perLevel
                coverage[row * columns + column] = UInt8((min(1, max(0, half + 0.5 - distance)) * 255).rounded())
            }
        }
        return GlyphBitmap(
            width: columns, height: rows, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top),
            coverage: coverage, color: nil, isClipped: false)
    }

    /// The whole pixels `outline` (26.6 pixels, y up, from the pen) touches: its control box, rounded out.
    private static func pixelBounds(of outline: UnsafeMutablePointer<FT_Outline>) -> PixelWindow {
        var box = FT_BBox()
        FT_Outline_Get_CBox(outline, &box)
        return PixelWindow(
            left: Int((Double(box.xMin) / 64).rounded(.down)), right: Int((Double(box.xMax) / 64).rounded(.up)),
            bottom: Int((Double(box.yMin) / 64).rounded(.down)), top: Int((Double(box.yMax) / 64).rounded(.up)))
    }

    /// The coverage of `outline` (26.6 pixels, y up, from the pen), whole or clipped to `window`.
    private static func render(
        _ outline: UnsafeMutablePointer<FT_Outline>, library: FT_Library, window: PixelWindow
    ) -> GlyphBitmap? {
        let (area, clipped) = drawnArea(of: pixelBounds(of: outline), window: window)
        guard area.width > 0, area.height > 0 else { return clipped ? .clippedAway : nil }
        FT_Outline_Translate(outline, FT_Pos(-area.left * 64), FT_Pos(-area.bottom * 64))
        var coverage = [UInt8](repeating: 0, count: area.width * area.height)
        guard FreeType.render(outline, library: library, into: &coverage, width: area.width, rows: area.height) else {
            return nil
        }
        return GlyphBitmap(
            width: area.width, height: area.height, left: area.left, top: area.top, coverage: coverage, color: nil,
            isClipped: clipped)
    }

    /// A glyph from a bitmap strike (colour emoji), scaled from the strike nearest in size with a box filter.
    private static func colorGlyph(_ face: FT_Face, glyph: UInt32, pixelSize: Double, window: PixelWindow)
        -> GlyphBitmap?
    {
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
        let left = Int((Double(slot.pointee.bitmap_left) * ratio).rounded())
        let top = Int((Double(slot.pointee.bitmap_top) * ratio).rounded())
        let (area, clipped) = drawnArea(
            of: PixelWindow(left: left, right: left + width, bottom: top - height, top: top), window: window)
        guard area.width > 0, area.height > 0 else { return clipped ? .clippedAway : nil }
        // Rows and columns of the whole scaled image that are drawn.
        let columns = (area.left - left)..<(area.right - left), rows = (top - area.top)..<(top - area.bottom)
        var scaled = [UInt8](repeating: 0, count: area.width * area.height * 4)
        for y in rows {
            let sy0 = Int(Double(y) / ratio), sy1 = max(sy0 + 1, min(sourceHeight, Int(Double(y + 1) / ratio)))
            for x in columns {
                let sx0 = Int(Double(x) / ratio), sx1 = max(sx0 + 1, min(sourceWidth, Int(Double(x + 1) / ratio)))
                var sums = (0, 0, 0, 0), count = 0
                for sy in sy0..<min(sy1, sourceHeight) {
                    for sx in sx0..<min(sx1, sourceWidth) {
                        let pixel = sy * pitch + sx * 4
                        sums.0 += Int(buffer[pixel])
                        sums.1 += Int(buffer[pixel + 1])
                        sums.2 += Int(buffer[pixel + 2])
                        sums.3 += Int(buffer[pixel + 3])
                        count += 1
                    }
                }
                guard count > 0 else { continue }
                let target = ((y - rows.lowerBound) * area.width + x - columns.lowerBound) * 4
                scaled[target] = UInt8(sums.0 / count)
                scaled[target + 1] = UInt8(sums.1 / count)
                scaled[target + 2] = UInt8(sums.2 / count)
                scaled[target + 3] = UInt8(sums.3 / count)
            }
        }
        return GlyphBitmap(
            width: area.width, height: area.height, left: area.left, top: area.top, coverage: [],
            color: ColorBitmap(width: area.width, height: area.height, bgra: scaled), isClipped: clipped)
    }
}

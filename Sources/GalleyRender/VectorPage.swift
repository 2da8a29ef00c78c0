import CCairo
import GalleyLayout
@_spi(Stages) import GalleyText

/// A PDF or SVG page as a ``DrawingTarget``: paths, rectangles and glyphs as vectors (glyphs as text cairo embeds
/// in subset fonts, with the characters they show, so the text can be selected and searched; links as URI
/// annotations), and what has no vector form — blurred shadows, letterpress layers, colour emoji — as images on
/// the pixel grid of the raster image the page stands for, so the page looks as that image does.
///
/// Page coordinates are points from the top-left corner of the picture's area.
struct VectorPage: DrawingTarget {
    let context: OpaquePointer
    /// The document the page belongs to: its fonts, and where links are noted.
    let document: VectorDocument
    var grid: PixelGrid

    var origin: Point {
        get { grid.origin }
        set { grid.origin = newValue }
    }

    /// The page coordinates of a point.
    private func page(_ point: Point) -> (x: Double, y: Double) { (point.x - grid.origin.x, point.y - grid.origin.y) }

    private func setColor(_ color: Color) {
        galley_cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    mutating func fillRect(_ rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite else { return }
        let (x, y) = page(rect.origin)
        setColor(color)
        galley_cairo_rectangle(context, x, y, rect.width, rect.height)
        galley_cairo_fill(context)
    }

    mutating func fill(_ path: BezierPath, color: Color) {
        guard !path.isEmpty, path.isFinite else { return }
        addPath(path)
        galley_cairo_set_fill_rule(
            context, path.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        setColor(color)
        galley_cairo_fill(context)
    }

    mutating func stroke(_ path: BezierPath, lineWidth: Double, color: Color) {
        guard lineWidth > 0, lineWidth.isFinite, !path.isEmpty, path.isFinite else { return }
        addPath(path)
        setColor(color)
        stroke(width: lineWidth)
    }

    /// Makes `path` cairo's current path, in page coordinates.
    private func addPath(_ path: BezierPath) {
        galley_cairo_new_path(context)
        var current = (x: 0.0, y: 0.0)
        for element in path.elements {
            switch element {
            case .move(let point):
                current = page(point)
                galley_cairo_move_to(context, current.x, current.y)
            case .line(let point):
                current = page(point)
                galley_cairo_line_to(context, current.x, current.y)
            case .quadCurve(let point, let control):
                // A quadratic curve is the cubic whose controls are two thirds of the way to its control point.
                let end = page(point), middle = page(control)
                galley_cairo_curve_to(
                    context, current.x + 2 / 3 * (middle.x - current.x), current.y + 2 / 3 * (middle.y - current.y),
                    end.x + 2 / 3 * (middle.x - end.x), end.y + 2 / 3 * (middle.y - end.y), end.x, end.y)
                current = end
            case .curve(let point, let control1, let control2):
                let first = page(control1), second = page(control2)
                current = page(point)
                galley_cairo_curve_to(context, first.x, first.y, second.x, second.y, current.x, current.y)
            case .close:
                galley_cairo_close_path(context)
            }
        }
    }

    mutating func draw(_ image: any PixelImage, in rect: Rect) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite,
            let surface = document.pictureSurface(
                Canvas(picture: image), shownWidth: Int((rect.width * grid.scale).rounded(.up)),
                shownHeight: Int((rect.height * grid.scale).rounded(.up)),
                make: { picture in
                    Self.imageSurface(
                        width: picture.width, height: picture.height,
                        { row, bytes in
                            // Canvas pixels are premultiplied RGBA; cairo's are premultiplied 32-bit ARGB, B G R A
                            // in memory.
                            let start = row * picture.width * 4
                            for column in 0..<picture.width {
                                let source = start + column * 4
                                bytes[column * 4] = picture.pixels[source + 2]
                                bytes[column * 4 + 1] = picture.pixels[source + 1]
                                bytes[column * 4 + 2] = picture.pixels[source]
                                bytes[column * 4 + 3] = picture.pixels[source + 3]
                            }
                        })
                })
        else { return }
        let width = Double(galley_cairo_image_surface_get_width(surface))
        let height = Double(galley_cairo_image_surface_get_height(surface))
        let (x, y) = page(rect.origin)
        galley_cairo_save(context)
        galley_cairo_translate(context, x, y)
        galley_cairo_scale(context, rect.width / width, rect.height / height)
        galley_cairo_set_source_surface(context, surface, 0, 0)
        // An SVG pads the picture's edge pixels outward, so a scaled picture's border does not fade. cairo's PDF
        // surface pads by copying the picture for every drawing, which would embed a picture shown a hundred times
        // a hundred times; a PDF viewer draws an image opaque to its edges anyway.
        if document.format == .svg {
            galley_cairo_pattern_set_extend(galley_cairo_get_source(context), CAIRO_EXTEND_PAD)
        }
        galley_cairo_rectangle(context, 0, 0, width, height)
        galley_cairo_fill(context)
        galley_cairo_restore(context)
    }

    mutating func composite(_ color: Color, mask: CoverageMask, opacity: Double) {
        // An image of the colour through the mask (cairo 1.16's SVG surface misplaces a scaled mask).
        let fill = PremultipliedColor(color)
        let factor = Float(opacity) * 255
        let channels = [fill.b, fill.g, fill.r, fill.a]
        guard !mask.isEmpty,
            let surface = Self.imageSurface(
                width: mask.width, height: mask.height,
                { row, bytes in
                    for column in 0..<mask.width {
                        let coverage = min(1, max(0, mask.values[row * mask.width + column])) * factor
                        for channel in 0..<4 { bytes[column * 4 + channel] = Canvas.byte(channels[channel] * coverage) }
                    }
                })
        else { return }
        defer { galley_cairo_surface_destroy(surface) }
        drawPixels(surface, left: mask.left, top: mask.top, width: mask.width, height: mask.height)
    }

    mutating func drawGlyphs(_ glyphs: [Renderer.PlacedGlyph], characters: (Int) -> UInt16?) {
        guard !document.stopsIfCancelled() else { return }
        let text = GlyphText(glyphs, characters: characters)
        var start = 0
        while start < glyphs.count {
            let first = glyphs[start]
            if let image = first.bitmap.color {
                drawColorGlyph(image, x: first.x, y: first.y)
                start += 1
                continue
            }
            var end = start + 1
            while end < glyphs.count, !glyphs[end].isColorImage, glyphs[end].font == first.font,
                glyphs[end].form == first.form, glyphs[end].paint == first.paint
            {
                end += 1
            }
            drawOutlineGlyphs(glyphs[start..<end], text: text)
            start = end
        }
    }

    func beginActualText(_ text: @autoclosure () -> String) {
        guard document.format == .pdf else { return }
        document.noteActualText(text())
        galley_cairo_tag_begin(context, PDFActualText.tag, "")
    }

    func endActualText() {
        if document.format == .pdf { galley_cairo_tag_end(context, PDFActualText.tag) }
    }

    /// Glyphs of one font, form and paint: filled as text (or stroked when hollow), inside a link when they are one.
    private func drawOutlineGlyphs(_ glyphs: ArraySlice<Renderer.PlacedGlyph>, text: GlyphText) {
        guard let first = glyphs.first, let font = document.fonts.scaledFont(for: first.font, form: first.form) else {
            return
        }
        let placed = glyphs.map { glyph in
            let (x, y) = page(glyph.position)
            return cairo_glyph_t(index: UInt(glyph.glyphID), x: x, y: y)
        }
        galley_cairo_set_scaled_font(context, font)
        // A link not kept (LinkPolicy) is drawn as its text alone. The written URI holds no `'` or `\`, which would
        // end or escape cairo's quoted attribute.
        let link = first.paint.link.flatMap(LinkPolicy.written)
        if let link { galley_cairo_tag_begin(context, CAIRO_TAG_LINK, "uri='\(link)'") }
        setColor(first.inkColor)
        if first.isHollow {
            galley_cairo_glyph_path(context, placed, Int32(placed.count))
            stroke(width: first.outlineWidth)
        } else {
            text.show(glyphs, placed: placed, on: context)
            if first.outlineWidth > 0 {
                galley_cairo_glyph_path(context, placed, Int32(placed.count))
                setColor(first.outlineColor)
                stroke(width: first.outlineWidth)
            }
        }
        if let link {
            galley_cairo_tag_end(context, CAIRO_TAG_LINK)
            // cairo's SVG surface writes no links: the document adds them over the glyphs' ink.
            var ink: Rect?
            for glyph in glyphs {
                let box = Rect(
                    x: Double(glyph.x) / grid.scale, y: Double(glyph.y + grid.firstRow) / grid.scale,
                    width: Double(glyph.bitmap.width) / grid.scale, height: Double(glyph.bitmap.height) / grid.scale)
                ink = ink.map { $0.union(box) } ?? box
            }
            if let ink { document.addLink(link, over: ink) }
        }
    }

    /// Strokes the current path `width` points wide with round joins and caps, as the raster canvas strokes paths and
    /// FreeType's stroker outlines text.
    private func stroke(width: Double) {
        galley_cairo_set_line_width(context, width)
        galley_cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        galley_cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        galley_cairo_stroke(context)
    }

    /// A colour glyph's image (premultiplied BGRA, as cairo keeps ARGB) at its pixel position on the grid.
    private func drawColorGlyph(_ image: ColorBitmap, x: Int, y: Int) {
        guard
            let surface = Self.imageSurface(
                width: image.width, height: image.height,
                { row, bytes in
                    let start = row * image.width * 4
                    for index in 0..<(image.width * 4) { bytes[index] = image.bgra[start + index] }
                })
        else { return }
        defer { galley_cairo_surface_destroy(surface) }
        drawPixels(surface, left: x, top: y, width: image.width, height: image.height)
    }

    /// Draws an image surface pixel for pixel on the grid, its top-left at grid pixel (`left`, `top`).
    private func drawPixels(_ surface: OpaquePointer, left: Int, top: Int, width: Int, height: Int) {
        galley_cairo_save(context)
        galley_cairo_scale(context, 1 / grid.scale, 1 / grid.scale)
        let x = Double(left), y = Double(top + grid.firstRow)
        galley_cairo_set_source_surface(context, surface, x, y)
        galley_cairo_rectangle(context, x, y, Double(width), Double(height))
        galley_cairo_fill(context)
        galley_cairo_restore(context)
    }

    /// An ARGB32 image surface `width × height` whose rows `fill` writes; nil when cairo cannot make it.
    private static func imageSurface(
        width: Int, height: Int, _ fill: (Int, UnsafeMutablePointer<UInt8>) -> Void
    ) -> OpaquePointer? {
        guard width > 0, height > 0,
            let surface = galley_cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard galley_cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let data = galley_cairo_image_surface_get_data(surface)
        else {
            galley_cairo_surface_destroy(surface)
            return nil
        }
        galley_cairo_surface_flush(surface)
        let stride = Int(galley_cairo_image_surface_get_stride(surface))
        for row in 0..<height { fill(row, data + row * stride) }
        galley_cairo_surface_mark_dirty(surface)
        return surface
    }
}

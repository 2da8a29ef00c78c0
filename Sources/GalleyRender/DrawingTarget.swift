import GalleyLayout
@_spi(Stages) import GalleyText

/// The pixel grid a drawing is measured against: how many pixels, how many per point, which point pixel (0, 0)
/// shows. A raster canvas draws on it; a vector page draws in points but places glyphs, and draws the effects that
/// have no vector form (blurred shadows, letterpress, colour emoji), on the grid of the image it stands for, so
/// that it looks as that image does.
struct PixelGrid: Sendable {
    /// The grid's size in pixels.
    var width: Int, height: Int
    /// Pixels per point.
    var scale: Double
    /// The point shown at pixel (0, 0) of the whole image.
    var origin: Point
    /// The rows of the whole image above this grid's row 0 (a band of a taller image).
    var firstRow = 0

    /// The pixel position of a point (fractional).
    func pixelPoint(_ point: Point) -> (x: Double, y: Double) {
        // The row offset is subtracted after scaling, where subtracting a whole number is exact, so a band's
        // pixels come out as the whole image's.
        ((point.x - origin.x) * scale, (point.y - origin.y) * scale - Double(firstRow))
    }

    /// Points to pixels as an affine transform, for paths: the same mapping as ``pixelPoint(_:)``.
    var pixelTransform: AffineTransform {
        AffineTransform.translation(x: -origin.x, y: -origin.y).concatenating(.scale(x: scale, y: scale))
            .concatenating(.translation(x: 0, y: -Double(firstRow)))
    }

    /// The points the grid shows.
    var visibleRect: Rect {
        Rect(
            x: origin.x, y: origin.y + Double(firstRow) / scale, width: Double(width) / scale,
            height: Double(height) / scale)
    }
}

/// What a ``Renderer`` draws on: a raster ``Canvas``, or a PDF or SVG page (``VectorPage``). The renderer decides
/// what is drawn, in which order and where, once for every target; a target only says how each mark is made.
protocol DrawingTarget {
    /// The pixel grid glyphs are placed on and effects drawn in.
    var grid: PixelGrid { get }
    /// The point shown at the grid's pixel (0, 0); moved to draw something at an offset.
    var origin: Point { get set }

    /// Fills `rect` (points) in `color`.
    mutating func fillRect(_ rect: Rect, color: Color)
    /// Fills `path` (points) in `color` with its fill rule.
    mutating func fill(_ path: BezierPath, color: Color)
    /// Strokes `path` `lineWidth` points wide in `color`, with round joins and caps.
    mutating func stroke(_ path: BezierPath, lineWidth: Double, color: Color)
    /// Draws `image` scaled into `rect` (points).
    mutating func draw(_ image: any PixelImage, in rect: Rect)
    /// Lays `color` over the grid's pixels through `mask` (a blurred shadow, a letterpress layer), `opacity`
    /// scaling its coverage.
    mutating func composite(_ color: Color, mask: CoverageMask, opacity: Double)
    /// Draws the glyphs themselves, in their paint: their fills, strokes and colour images. `characters` gives
    /// the UTF-16 unit at a storage offset (nil past the text), for targets that keep the text the glyphs show.
    mutating func drawGlyphs(_ glyphs: [Renderer.PlacedGlyph], characters: (Int) -> UInt16?)
    /// Marks what is drawn until ``endActualText()`` as showing `text`, for targets whose text is read by position
    /// (a PDF's vertical paragraphs: ``PDFActualText``); others draw on without working the text out.
    mutating func beginActualText(_ text: @autoclosure () -> String)
    /// Ends what ``beginActualText(_:)`` began.
    mutating func endActualText()
}

extension DrawingTarget {
    mutating func beginActualText(_ text: @autoclosure () -> String) {}
    mutating func endActualText() {}
}

extension Canvas: DrawingTarget {
    var grid: PixelGrid { PixelGrid(width: width, height: height, scale: scale, origin: origin, firstRow: firstRow) }

    mutating func fill(_ path: BezierPath, color: Color) {
        guard let mask = PathRasterizer.fill(path, on: grid) else { return }
        composite(color, mask: mask)
    }

    mutating func stroke(_ path: BezierPath, lineWidth: Double, color: Color) {
        guard lineWidth > 0, lineWidth.isFinite, let mask = PathRasterizer.stroke(path, lineWidth: lineWidth, on: grid)
        else { return }
        composite(color, mask: mask)
    }

    mutating func drawGlyphs(_ glyphs: [Renderer.PlacedGlyph], characters: (Int) -> UInt16?) {
        var blends = BlendTable(), outlineBlends = BlendTable()
        for glyph in glyphs {
            if let image = glyph.bitmap.color {
                compositeImage(image, left: glyph.x, top: glyph.y)
                continue
            }
            composite(
                glyph.inkColor, coverage: glyph.bitmap.coverage, width: glyph.bitmap.width,
                height: glyph.bitmap.height, left: glyph.x, top: glyph.y, blends: &blends)
            if let outline = glyph.outline {
                composite(
                    glyph.outlineColor, coverage: outline.bitmap.coverage, width: outline.bitmap.width,
                    height: outline.bitmap.height, left: outline.x, top: outline.y, blends: &outlineBlends)
            }
        }
    }
}

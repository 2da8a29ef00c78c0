import GalleyLayout
@_spi(Stages) import GalleyText

/// A ``DrawingTarget`` that draws nothing and notes which glyphs of which faces would be drawn as outlines: what
/// a PDF or SVG document's fonts are cut down to before its pages are drawn, found by the same drawing.
struct GlyphUse: DrawingTarget {
    var grid: PixelGrid
    /// The glyphs drawn, by face.
    private(set) var glyphs: [FontFace: Set<UInt32>] = [:]

    init(grid: PixelGrid) { self.grid = grid }

    var origin: Point {
        get { grid.origin }
        set { grid.origin = newValue }
    }

    mutating func fillRect(_ rect: Rect, color: Color) {}
    mutating func fill(_ path: BezierPath, color: Color) {}
    mutating func stroke(_ path: BezierPath, lineWidth: Double, color: Color) {}
    mutating func draw(_ image: any PixelImage, in rect: Rect) {}
    mutating func composite(_ color: Color, mask: CoverageMask, opacity: Double) {}

    mutating func drawGlyphs(_ glyphs: [Renderer.PlacedGlyph], characters: (Int) -> UInt16?) {
        for glyph in glyphs where !glyph.isColorImage {
            self.glyphs[glyph.font.face, default: []].insert(glyph.glyphID)
        }
    }
}

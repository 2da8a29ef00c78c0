import GalleyLayout
@_spi(Stages) import GalleyText

/// A drawing target in a layout's line coordinates, drawing on a target in its container's (``WritingFrame``):
/// rectangles, paths and images are turned as the frame turns lines; glyphs and masks, already on the pixel grid,
/// pass through. Through it a vertical layout's backgrounds, decorations, rules and marks are drawn by the same
/// code as a horizontal one's.
///
/// It draws through a pointer to the target, valid only inside ``draw(on:frame:_:)``.
struct LineSpaceTarget<Base: DrawingTarget>: DrawingTarget {
    private let base: UnsafeMutablePointer<Base>
    let frame: WritingFrame

    /// Runs `body` with a target drawing on `target` through `frame`.
    static func draw(on target: inout Base, frame: WritingFrame, _ body: (inout LineSpaceTarget<Base>) -> Void) {
        withUnsafeMutablePointer(to: &target) { pointer in
            var lines = LineSpaceTarget(base: pointer, frame: frame)
            body(&lines)
        }
    }

    private init(base: UnsafeMutablePointer<Base>, frame: WritingFrame) {
        self.base = base
        self.frame = frame
    }

    var grid: PixelGrid { base.pointee.grid }

    var origin: Point {
        get { base.pointee.origin }
        nonmutating set { base.pointee.origin = newValue }
    }

    func fillRect(_ rect: Rect, color: Color) { base.pointee.fillRect(frame.containerRect(rect), color: color) }

    func fill(_ path: BezierPath, color: Color) {
        base.pointee.fill(path.applying(frame.containerTransform), color: color)
    }

    func stroke(_ path: BezierPath, lineWidth: Double, color: Color) {
        base.pointee.stroke(path.applying(frame.containerTransform), lineWidth: lineWidth, color: color)
    }

    func draw(_ image: any PixelImage, in rect: Rect) { base.pointee.draw(image, in: frame.containerRect(rect)) }

    func composite(_ color: Color, mask: CoverageMask, opacity: Double) {
        base.pointee.composite(color, mask: mask, opacity: opacity)
    }

    func drawGlyphs(_ glyphs: [Renderer.PlacedGlyph], characters: (Int) -> UInt16?) {
        base.pointee.drawGlyphs(glyphs, characters: characters)
    }

    func beginActualText(_ text: @autoclosure () -> String) { base.pointee.beginActualText(text()) }

    func endActualText() { base.pointee.endActualText() }
}

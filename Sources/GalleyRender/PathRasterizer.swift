import CFreeType
import GalleyLayout
@_spi(Stages) import GalleyText

/// Fills and strokes Bézier paths through FreeType's outline rasterizer (anti-aliased, non-zero or even-odd), into
/// coverage masks on a pixel grid.
enum PathRasterizer {
    /// The coverage of `path` (in points) on `grid`, clipped to it; nil when nothing shows.
    static func fill(_ path: BezierPath, on grid: PixelGrid) -> CoverageMask? {
        render(path.applying(grid.pixelTransform), canvasWidth: grid.width, canvasHeight: grid.height, stroke: nil)
    }

    /// The coverage of `path` stroked `lineWidth` points wide with round joins and caps.
    static func stroke(_ path: BezierPath, lineWidth: Double, on grid: PixelGrid) -> CoverageMask? {
        render(
            path.applying(grid.pixelTransform), canvasWidth: grid.width, canvasHeight: grid.height,
            stroke: lineWidth * grid.scale)
    }

    /// Rasterizes a path already in pixel coordinates. FreeType's outlines are y-up in 26.6 fixed point; the mask
    /// covers the path's pixel bounds (grown for a stroke) clipped to the canvas.
    private static func render(_ path: BezierPath, canvasWidth: Int, canvasHeight: Int, stroke: Double?)
        -> CoverageMask?
    {
        guard !path.isEmpty, path.isFinite else { return nil }
        let grow = (stroke ?? 0) / 2 + 1
        let bounds = path.bounds
        let left = max(0, Int((bounds.minX - grow).rounded(.down)))
        let top = max(0, Int((bounds.minY - grow).rounded(.down)))
        let right = min(canvasWidth, Int((bounds.maxX + grow).rounded(.up)))
        let bottom = min(canvasHeight, Int((bounds.maxY + grow).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        var mask = CoverageMask(left: left, top: top, width: right - left, height: bottom - top)
        var outline = OutlineBuilder(path: path, originX: Double(left), baseY: Double(bottom))
        guard !outline.points.isEmpty else { return nil }
        var bytes = [UInt8](repeating: 0, count: mask.width * mask.height)
        let width = mask.width, rows = mask.height
        let openContours = outline.openContours
        let rendered: Bool =
            (try? FreeType.withLibrary { library -> Bool in
                outline.withOutline(evenOdd: path.fillRule == .evenOdd) { source in
                    guard let stroke else {
                        return FreeType.render(source, library: library, into: &bytes, width: width, rows: rows)
                    }
                    return FreeType.withStroke(
                        of: source, width: stroke, library: library, openContours: openContours
                    ) {
                        FreeType.render($0, library: library, into: &bytes, width: width, rows: rows)
                    } ?? false
                }
            }) ?? false
        guard rendered else { return nil }
        mask.add(bytes, width: mask.width, height: mask.height, pitch: mask.width, x: left, y: top)
        return mask
    }
}

/// A Bézier path as the arrays of an FT_Outline: points in 26.6 pixels with y up, on/conic/cubic tags, and the
/// index of each contour's last point.
private struct OutlineBuilder {
    var points: [FT_Vector] = []
    var tags: [CChar] = []
    var contourEnds: [Int16] = []
    /// Per contour, whether its subpath was left open (no `close`): stroked with caps, not joined end to start.
    var openContours: [Bool] = []

    init(path: BezierPath, originX: Double, baseY: Double) {
        func vector(_ point: Point) -> FT_Vector {
            FT_Vector(x: FT_Pos(((point.x - originX) * 64).rounded()), y: FT_Pos(((baseY - point.y) * 64).rounded()))
        }
        var contourStart = 0
        func closeContour(open: Bool) {
            if points.count - contourStart >= 2 {
                contourEnds.append(Int16(truncatingIfNeeded: points.count - 1))
                openContours.append(open)
                contourStart = points.count
            } else {
                points.removeLast(points.count - contourStart)
                tags.removeLast(tags.count - contourStart)
            }
        }
        for element in path.elements {
            // FreeType numbers points with 16-bit contour ends.
            guard points.count < Int(Int16.max) - 4 else { break }
            switch element {
            case .move(let point):
                closeContour(open: true)
                points.append(vector(point))
                tags.append(1)
            case .line(let point):
                points.append(vector(point))
                tags.append(1)
            case .quadCurve(let point, let control):
                points.append(vector(control))
                tags.append(0)
                points.append(vector(point))
                tags.append(1)
            case .curve(let point, let control1, let control2):
                points += [vector(control1), vector(control2), vector(point)]
                tags += [2, 2, 1]
            case .close:
                closeContour(open: false)
            }
        }
        closeContour(open: true)
    }

    mutating func withOutline<T>(evenOdd: Bool, _ body: (UnsafeMutablePointer<FT_Outline>) -> T) -> T {
        points.withUnsafeMutableBufferPointer { points in
            tags.withUnsafeMutableBufferPointer { tags in
                contourEnds.withUnsafeMutableBufferPointer { ends in
                    var outline = FT_Outline()
                    outline.n_points = Int16(points.count)
                    outline.n_contours = Int16(ends.count)
                    outline.points = points.baseAddress
                    outline.tags = tags.baseAddress
                    outline.contours = ends.baseAddress
                    outline.flags = evenOdd ? FT_OUTLINE_EVEN_ODD_FILL : 0
                    return body(&outline)
                }
            }
        }
    }
}

/// A shape text flows around: a Bézier path, or the outline of a picture's opaque pixels grown by a margin.
///
/// An image exclusion keeps text out of every pixel whose alpha is over the threshold (CSS's
/// `shape-image-threshold`) and out of the margin around them (`shape-margin`), and, unlike CSS floats, lets text
/// flow on both sides of the contour and into its hollows: a line beside the picture's outline comes within the
/// margin of it, not of its bounding box.
public struct ExclusionPath: Hashable, Sendable {
    enum Shape: Hashable, Sendable {
        case path(BezierPath)
        case image(ImageMask)
    }

    let shape: Shape

    /// An exclusion of `path`'s interior (its fill rule decides what is inside).
    public init(_ path: BezierPath) { shape = .path(path) }

    /// An exclusion of the pixels of `image` whose alpha is over `threshold` (0…1), grown by `margin` points, the
    /// image placed with its top-left at `origin` and drawn `size` points large (nil: its pixels divided by its
    /// scale).
    ///
    /// - Throws: ``ExclusionError`` for a threshold outside 0…1, a negative, non-finite or too large margin
    ///   (over ``ExclusionError/marginLimit``), or a position or size that is not finite or past
    ///   ``BezierPath/coordinateLimit``; ``PixelImageError/malformed(width:height:scale:bytes:)`` for pixels that
    ///   do not fill the image.
    public init(
        image: any PixelImage, origin: Point = .zero, size: Size? = nil, threshold: Double = 0.5, margin: Double = 0
    ) throws {
        try image.checkShape()
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ExclusionError.thresholdOutOfRange(threshold)
        }
        guard margin.isFinite, (0...ExclusionError.marginLimit).contains(margin) else {
            throw ExclusionError.marginOutOfRange(margin, limit: ExclusionError.marginLimit)
        }
        let size = size ?? Size(width: Double(image.width) / image.scale, height: Double(image.height) / image.scale)
        let limit = BezierPath.coordinateLimit
        for value in [origin.x, origin.y, origin.x + size.width, origin.y + size.height]
        where !(abs(value) <= limit) {
            throw PathError.coordinateOutOfRange(value, limit: limit)
        }
        guard size.width > 0, size.height > 0 else {
            throw ExclusionError.invalidImageSize(width: size.width, height: size.height)
        }
        shape = .image(
            ImageMask(
                image: image, frame: Rect(x: origin.x, y: origin.y, width: size.width, height: size.height),
                threshold: threshold, margin: margin))
    }

    /// The path, for a path exclusion.
    public var path: BezierPath? {
        if case .path(let path) = shape { return path }
        return nil
    }

    /// The area the exclusion keeps text out of, in points: the path's bounds, or the image's frame grown by the
    /// margin.
    public var bounds: Rect {
        switch shape {
        case .path(let path): return path.bounds
        case .image(let mask):
            let frame = mask.frame, margin = mask.margin
            return Rect(
                x: frame.minX - margin, y: frame.minY - margin, width: frame.width + 2 * margin,
                height: frame.height + 2 * margin)
        }
    }
}

/// Why an image exclusion was refused.
public enum ExclusionError: GalleyError, Equatable, Sendable {
    /// The alpha threshold is not within 0…1.
    case thresholdOutOfRange(Double)
    /// The margin is negative, not finite, or over the limit.
    case marginOutOfRange(Double, limit: Double)
    /// The image's drawn size is not positive.
    case invalidImageSize(width: Double, height: Double)

    /// The widest margin around an image exclusion, in points.
    public static let marginLimit = 1_000.0

    public var description: String {
        switch self {
        case .thresholdOutOfRange(let value): return "image threshold \(value) is outside 0…1"
        case .marginOutOfRange(let value, let limit): return "image margin \(value) pt is outside 0…\(limit) pt"
        case .invalidImageSize(let width, let height):
            return "image exclusion size \(width) × \(height) pt is invalid: both must be positive"
        }
    }
}

/// The opaque pixels of an image as runs per row, placed in a container, with a margin: answers which x-intervals
/// of a band they (grown by the margin) cover.
///
/// Immutable and compared by identity, so that a layout's container snapshot never compares pixels.
final class ImageMask: Hashable, Sendable {
    /// Where the image is drawn, in points.
    let frame: Rect
    /// The margin around its opaque pixels, in points.
    let margin: Double
    /// Per pixel row, the half-open column ranges of pixels over the threshold.
    let rows: [[Range<Int>]]
    let columns: Int

    init(image: any PixelImage, frame: Rect, threshold: Double, margin: Double) {
        self.frame = frame
        self.margin = margin
        columns = image.width
        // CSS: a pixel is inside when its alpha is greater than the threshold.
        let cut = threshold * 255
        var rows: [[Range<Int>]] = []
        rows.reserveCapacity(image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for row in 0..<image.height {
                var runs: [Range<Int>] = []
                var start: Int?
                for column in 0..<image.width {
                    let inside = Double(pixels[(row * image.width + column) * 4 + 3]) > cut
                    if inside, start == nil { start = column }
                    if !inside, let open = start {
                        runs.append(open..<column)
                        start = nil
                    }
                }
                if let open = start { runs.append(open..<image.width) }
                rows.append(runs)
            }
        }
        self.rows = rows
    }

    /// The x-intervals (points) that the opaque pixels grown by the margin (a disc) cover within `[top, bottom]`,
    /// merged, left to right: exact for the union of the pixels' squares, each grown by the margin.
    func excludedIntervals(top: Double, bottom: Double) -> [ClosedRange<Double>] {
        guard !rows.isEmpty, columns > 0 else { return [] }
        let pixelHeight = frame.height / Double(rows.count), pixelWidth = frame.width / Double(columns)
        let first = max(0, Int(((top - margin - frame.minY) / pixelHeight).rounded(.down)))
        let last = min(rows.count - 1, Int(((bottom + margin - frame.minY) / pixelHeight).rounded(.up)))
        guard first <= last else { return [] }
        var reached: [(reach: Double, row: Int)] = []
        for row in first...last where !rows[row].isEmpty {
            let rowTop = frame.minY + Double(row) * pixelHeight, rowBottom = rowTop + pixelHeight
            let gap = max(0, rowTop - bottom, top - rowBottom)
            // A row merely touching the band (or the margin's edge) keeps nothing out.
            guard gap < margin || (margin == 0 && rowBottom > top && rowTop < bottom) else { continue }
            reached.append(((margin * margin - gap * gap).squareRoot(), row))
        }
        // Nearest rows first: they reach furthest, so their grown runs are at least 2 × reach wide and leave few
        // gaps; a farther row's runs are then looked up only in those gaps (by bisection), not all walked. A wide
        // margin over a finely patterned picture costs about its rows, not rows × runs.
        reached.sort { $0.reach > $1.reach }
        var covered: [ClosedRange<Double>] = []
        for (reach, row) in reached {
            let runs = rows[row]
            func left(_ index: Int) -> Double { frame.minX + Double(runs[index].lowerBound) * pixelWidth - reach }
            func right(_ index: Int) -> Double { frame.minX + Double(runs[index].upperBound) * pixelWidth + reach }
            var added: [ClosedRange<Double>] = []
            var gapStart = -Double.infinity
            for index in 0...covered.count {
                let gapEnd = index < covered.count ? covered[index].lowerBound : .infinity
                var run = runs.indices.partitioningIndex { right($0) > gapStart }
                while run < runs.count, left(run) < gapEnd {
                    added.append(left(run)...right(run))
                    run += 1
                }
                if index < covered.count { gapStart = covered[index].upperBound }
            }
            if !added.isEmpty { covered = ExclusionGeometry.merged(covered + added) }
        }
        return covered
    }

    static func == (lhs: ImageMask, rhs: ImageMask) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

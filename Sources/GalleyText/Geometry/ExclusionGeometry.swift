/// A horizontal stretch of a line band that no exclusion path covers, in container x coordinates (points).
public struct FreeSegment: Hashable, Sendable {
    /// The segment's left edge, in points.
    public var minX: Double
    /// The segment's right edge, in points.
    public var maxX: Double

    /// The segment from `minX` to `maxX`.
    public init(minX: Double, maxX: Double) {
        self.minX = minX
        self.maxX = maxX
    }

    /// The segment's width in points.
    public var width: Double { maxX - minX }
}

/// The exclusion paths of a container, flattened once, answering which parts of a horizontal band they cover.
///
/// For a band `[top, bottom]` the excluded x-intervals are the projection of every path's interior within the
/// whole band (not only at the baseline). The band is cut into slabs at every vertex and edge crossing, inside
/// which each interior piece is a trapezoid whose x-extent is exact. Curves are flattened to within 0.01 pt, so
/// the band is grown by that much up and down and the intervals by that much left and right: the answer never lets
/// ink into a path, and is exact to 0.1 pt wherever the outline is not within a few hundredths of a point of
/// running horizontally at the band's edge (there a tiny height change moves the extent a lot for any method).
package struct ExclusionGeometry: Sendable {
    /// How far a flattened curve may stray from the true curve, in points.
    package static let tolerance = 0.01

    private struct Edge: Sendable {
        var top: Point
        var bottom: Point
        /// +1 for an edge drawn downward, −1 upward.
        var direction: Int

        func x(at y: Double) -> Double {
            let span = bottom.y - top.y
            guard span > 0 else { return top.x }
            return top.x + (bottom.x - top.x) * (y - top.y) / span
        }
    }

    private struct Shape: Sendable {
        var edges: [Edge]
        var rule: BezierPath.FillRule
        var minY: Double, maxY: Double
    }

    private let shapes: [Shape]
    /// The image exclusions, answered from their pixel rows.
    private let masks: [ImageMask]

    package init(paths: [BezierPath], exclusions: [ExclusionPath] = []) {
        masks = exclusions.compactMap { exclusion in
            if case .image(let mask) = exclusion.shape { return mask }
            return nil
        }
        shapes = (paths + exclusions.compactMap(\.path)).compactMap { path in
            var edges: [Edge] = []
            for polygon in path.flattened(tolerance: Self.tolerance) {
                for (index, start) in polygon.enumerated() {
                    let end = polygon[(index + 1) % polygon.count]
                    guard start.y != end.y, start.isFinite, end.isFinite else { continue }
                    edges.append(
                        start.y < end.y
                            ? Edge(top: start, bottom: end, direction: 1) : Edge(top: end, bottom: start, direction: -1)
                    )
                }
            }
            guard !edges.isEmpty else { return nil }
            let minY = edges.map(\.top.y).min()!, maxY = edges.map(\.bottom.y).max()!
            return Shape(edges: edges, rule: path.fillRule, minY: minY, maxY: maxY)
        }
    }

    /// The parts of `[minX, maxX]` that no path covers anywhere in the band `[top, bottom]`, left to right.
    package func freeSegments(minX: Double, maxX: Double, top: Double, bottom: Double) -> [FreeSegment] {
        guard maxX > minX else { return [] }
        // The intervals are sorted and disjoint: one sweep leaves the gaps between them.
        var free: [FreeSegment] = []
        var cursor = minX
        for interval in excludedIntervals(top: top, bottom: bottom) {
            if interval.upperBound <= minX { continue }
            if interval.lowerBound >= maxX { break }
            if interval.lowerBound > cursor { free.append(FreeSegment(minX: cursor, maxX: interval.lowerBound)) }
            cursor = max(cursor, interval.upperBound)
        }
        if cursor < maxX { free.append(FreeSegment(minX: cursor, maxX: maxX)) }
        return free
    }

    /// The merged x-intervals the paths' interiors cover within the band, widened by ``tolerance``.
    func excludedIntervals(top: Double, bottom: Double) -> [ClosedRange<Double>] {
        let top = top - Self.tolerance
        let bottom = max(bottom, top + 1e-9) + Self.tolerance
        var intervals: [ClosedRange<Double>] = []
        for shape in shapes where shape.maxY > top && shape.minY < bottom {
            intervals += Self.intervals(of: shape, top: top, bottom: bottom)
        }
        for mask in masks { intervals += mask.excludedIntervals(top: top, bottom: bottom) }
        return Self.merged(intervals.map { ($0.lowerBound - Self.tolerance)...($0.upperBound + Self.tolerance) })
    }

    /// `intervals` sorted, overlapping and touching ones joined.
    package static func merged(_ intervals: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = []
        for interval in intervals.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, interval.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, interval.upperBound)
            } else {
                result.append(interval)
            }
        }
        return result
    }

    private static func intervals(of shape: Shape, top: Double, bottom: Double) -> [ClosedRange<Double>] {
        let active = shape.edges.filter { $0.bottom.y > top && $0.top.y < bottom }
        var events: Set<Double> = [top, bottom]
        for edge in active {
            if edge.top.y > top { events.insert(edge.top.y) }
            if edge.bottom.y < bottom { events.insert(edge.bottom.y) }
        }
        // Where edges cross inside the band their order changes; those heights cut slabs too. Past a few hundred
        // edges the pairwise search costs too much, and each slab falls back to its full edge extent.
        let findCrossings = active.count <= 400
        if findCrossings {
            for first in active.indices {
                for second in active.indices where second > first {
                    if let y = crossing(active[first], active[second]), y > top, y < bottom { events.insert(y) }
                }
            }
        }
        let cuts = events.sorted()
        var result: [ClosedRange<Double>] = []
        for (upper, lower) in zip(cuts, cuts.dropFirst()) where lower - upper > 1e-12 {
            let middle = (upper + lower) / 2
            var crossing = active.filter { $0.top.y <= upper && $0.bottom.y >= lower }
            guard !crossing.isEmpty else { continue }
            crossing.sort { $0.x(at: middle) < $1.x(at: middle) }
            if !findCrossings {
                let xs = crossing.flatMap { [$0.x(at: upper), $0.x(at: lower)] }
                result.append(xs.min()!...xs.max()!)
                continue
            }
            var winding = 0
            var enteredAt: Edge?
            for edge in crossing {
                let wasInside = isInside(winding, shape.rule)
                winding += edge.direction
                let inside = isInside(winding, shape.rule)
                if !wasInside, inside {
                    enteredAt = edge
                } else if wasInside, !inside, let left = enteredAt {
                    let low = min(left.x(at: upper), left.x(at: lower))
                    let high = max(edge.x(at: upper), edge.x(at: lower))
                    if high >= low { result.append(low...high) }
                    enteredAt = nil
                }
            }
        }
        return result
    }

    private static func isInside(_ winding: Int, _ rule: BezierPath.FillRule) -> Bool {
        rule == .nonZero ? winding != 0 : winding & 1 != 0
    }

    /// The height at which two edges cross, if they do between their shared heights.
    private static func crossing(_ a: Edge, _ b: Edge) -> Double? {
        let low = max(a.top.y, b.top.y), high = min(a.bottom.y, b.bottom.y)
        guard high > low else { return nil }
        let differenceTop = a.x(at: low) - b.x(at: low)
        let differenceBottom = a.x(at: high) - b.x(at: high)
        guard (differenceTop < 0) != (differenceBottom < 0), differenceTop != differenceBottom else { return nil }
        return low + (high - low) * differenceTop / (differenceTop - differenceBottom)
    }
}

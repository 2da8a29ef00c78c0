extension BezierPath {
    /// How many chords ``flattened(tolerance:)`` makes of the path, counted without making them.
    package func flattenedSegmentCount(tolerance: Double) -> Int {
        var count = 0
        var last: Point?
        for element in elements {
            switch element {
            case .move(let point):
                last = point
            case .line(let point):
                count += 1
                last = point
            case .quadCurve(let to, let control):
                let from = last ?? control
                count += Self.chords(
                    length(from.x - 2 * control.x + to.x, from.y - 2 * control.y + to.y), 0.25, tolerance)
                last = to
            case .curve(let to, let c1, let c2):
                let from = last ?? c1
                let difference = max(
                    length(from.x - 2 * c1.x + c2.x, from.y - 2 * c1.y + c2.y),
                    length(c1.x - 2 * c2.x + to.x, c1.y - 2 * c2.y + to.y))
                count += Self.chords(difference, 0.75, tolerance)
                last = to
            case .close:
                count += 1
            }
        }
        return count
    }

    /// The chords a curve with second difference `secondDifference` takes (Wang's bound), 1…1,000.
    private static func chords(_ secondDifference: Double, _ factor: Double, _ tolerance: Double) -> Int {
        guard secondDifference.isFinite else { return 1 }
        return min(1000, max(1, Int((factor * secondDifference / tolerance).squareRoot().rounded(.up))))
    }

    /// The path as polygons, one per subpath, each curve replaced by chords no farther than `tolerance` points
    /// from it (Wang's bound on the second differences). Open subpaths are closed, as filling closes them.
    func flattened(tolerance: Double) -> [[Point]] {
        var polygons: [[Point]] = []
        var polygon: [Point] = []
        func finish() {
            if polygon.count > 2 { polygons.append(polygon) }
            polygon = []
        }
        func segments(_ secondDifference: Double, _ factor: Double) -> Int {
            Self.chords(secondDifference, factor, tolerance)
        }
        for element in elements {
            switch element {
            case .move(let point):
                finish()
                polygon = [point]
            case .line(let point):
                polygon.append(point)
            case .quadCurve(let to, let control):
                let from = polygon.last ?? control
                let count = segments(length(from.x - 2 * control.x + to.x, from.y - 2 * control.y + to.y), 0.25)
                for step in 1...count {
                    let t = Double(step) / Double(count), u = 1 - t
                    polygon.append(
                        Point(
                            x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                            y: u * u * from.y + 2 * u * t * control.y + t * t * to.y))
                }
            case .curve(let to, let c1, let c2):
                let from = polygon.last ?? c1
                let difference = max(
                    length(from.x - 2 * c1.x + c2.x, from.y - 2 * c1.y + c2.y),
                    length(c1.x - 2 * c2.x + to.x, c1.y - 2 * c2.y + to.y))
                let count = segments(difference, 0.75)
                for step in 1...count {
                    let t = Double(step) / Double(count), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    polygon.append(
                        Point(
                            x: a * from.x + b * c1.x + c * c2.x + d * to.x,
                            y: a * from.y + b * c1.y + c * c2.y + d * to.y))
                }
            case .close:
                let start = polygon.first
                finish()
                if let start { polygon = [start] }
            }
        }
        finish()
        return polygons
    }

    private func length(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct BezierPathTests {
    @Test func svgPathDataCoversEveryCommand() throws {
        let path = try BezierPath(
            svgPathData: "M10,10 L20 10 H30 V20 C30 30 20 30 20 20 S10 10 10 20 Q5 25 0 20 T-10 20 A5 5 0 0 1 -20 20 Z")
        let kinds = path.elements.map { element -> String in
            switch element {
            case .move: return "M"
            case .line: return "L"
            case .quadCurve: return "Q"
            case .curve: return "C"
            case .close: return "Z"
            }
        }
        #expect(kinds.prefix(9) == ["M", "L", "L", "L", "C", "C", "Q", "Q", "L"])
        #expect(kinds.last == "Z")
        // S reflects the previous control point (20,30) about (20,20): (20,10).
        guard case .curve(_, let control1, _) = path.elements[5] else { Issue.record("expected a curve"); return }
        #expect(control1 == Point(x: 20, y: 10))
    }

    @Test func relativeCommandsAccumulate() throws {
        let path = try BezierPath(svgPathData: "m 10 10 l 5 0 l 0 5 h -5 v -5 z m 100 0 l 1 1")
        #expect(path.elements[1] == .line(to: Point(x: 15, y: 10)))
        #expect(path.elements[4] == .line(to: Point(x: 10, y: 10)))
        // After z the pen is back at the subpath start, so the next relative move starts there.
        #expect(path.elements[6] == .move(to: Point(x: 110, y: 10)))
    }

    @Test func implicitCommandsAndCompactNumbersParse() throws {
        let path = try BezierPath(svgPathData: "M0,0 10,0 10-10.5.5.5e1 Z")
        #expect(path.elements.count == 5)
        #expect(path.elements[2] == .line(to: Point(x: 10, y: -10.5)))
        #expect(path.elements[3] == .line(to: Point(x: 0.5, y: 5)))
    }

    @Test(arguments: [
        ("L 10 10", 0), ("M 10", 4), ("M 10 10 L 5 x", 12), ("M 0 0 A 5 5 0 2 1 10 10", 14), ("M 0 0 K 1 1", 6),
        ("M 1e999 0", 2),
    ])
    func invalidPathDataNamesTheOffset(_ data: String, _ offset: Int) throws {
        #expect {
            try BezierPath(svgPathData: data)
        } throws: { error in
            if case PathError.invalidPathData(let at, _) = error { return at == offset }
            return false
        }
    }

    @Test func hugeCoordinatesAreRefused() throws {
        #expect(throws: PathError.coordinateOutOfRange(5e7, limit: BezierPath.coordinateLimit)) {
            try BezierPath(svgPathData: "M 0 0 L 5e7 0")
        }
        var path = BezierPath()
        path.move(to: Point(x: .nan, y: 0))
        #expect(throws: PathError.self) { try path.validate() }
    }

    @Test func arcsEndWhereSVGSaysAndBulgeTheRightWay() throws {
        let upper = try BezierPath(svgPathData: "M 0 50 A 50 50 0 0 1 100 50")
        #expect(upper.currentPoint.map { abs($0.x - 100) < 1e-9 && abs($0.y - 50) < 1e-9 } == true)
        // The sweep flag 1 arc from left to right goes through the top (y = 0, y grows downward).
        #expect(abs(upper.bounds.minY - 0) < 1)
        let lower = try BezierPath(svgPathData: "M 0 50 A 50 50 0 0 0 100 50")
        #expect(abs(lower.bounds.maxY - 100) < 1)
    }

    @Test func shapesHaveTheirBoundsAndTransformsMoveThem() {
        let circle = BezierPath.circle(center: Point(x: 50, y: 40), radius: 10)
        #expect(circle.bounds == Rect(x: 40, y: 30, width: 20, height: 20))
        let moved = circle.applying(.translation(x: 5, y: -5))
        #expect(moved.bounds == Rect(x: 45, y: 25, width: 20, height: 20))
        let scaled = BezierPath.rect(Rect(x: 1, y: 1, width: 2, height: 2)).applying(.scale(x: 3, y: 2))
        #expect(scaled.bounds == Rect(x: 3, y: 2, width: 6, height: 4))
        #expect(BezierPath.roundedRect(Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 50).bounds.width == 10)
    }
}

@Suite struct ExclusionGeometryTests {
    /// The exact x-extent of a circle's interior over the band [top, bottom].
    private func circleExtent(center: Point, radius: Double, top: Double, bottom: Double) -> ClosedRange<Double>? {
        let nearest = min(max(center.y, top), bottom)
        let dy = abs(nearest - center.y)
        guard dy < radius else { return nil }
        let half = (radius * radius - dy * dy).squareRoot()
        return (center.x - half)...(center.x + half)
    }

    @Test(arguments: Array(stride(from: -20.0, through: 120, by: 7.0)))
    func aCircleExcludesItsWholeBandExactlyToATenthOfAPoint(_ top: Double) {
        let center = Point(x: 50, y: 50), radius = 40.0
        let geometry = ExclusionGeometry(paths: [.circle(center: center, radius: radius)])
        let intervals = geometry.excludedIntervals(top: top, bottom: top + 17)
        guard let expected = circleExtent(center: center, radius: radius, top: top, bottom: top + 17) else {
            #expect(intervals.isEmpty)
            return
        }
        #expect(intervals.count == 1)
        guard let interval = intervals.first else { return }
        // Conservative: never narrower than the true extent; exact: within 0.1 pt of it, unless a band edge grazes
        // the circle's top or bottom, where the extent changes faster than any tolerance.
        #expect(interval.lowerBound <= expected.lowerBound && interval.upperBound >= expected.upperBound)
        let grazing = [top, top + 17].contains { abs(abs($0 - center.y) - radius) < 0.5 }
        if !grazing {
            #expect(expected.lowerBound - interval.lowerBound < 0.1 && interval.upperBound - expected.upperBound < 0.1)
        }
    }

    @Test func aConcaveStarLeavesItsNotchesOutOfTheBand() {
        let star = BezierPath.star(center: Point(x: 100, y: 100), points: 5, outerRadius: 50, innerRadius: 20)
        let geometry = ExclusionGeometry(paths: [star])
        // A thin band just above the side arms' tips crosses only the top arm.
        let armsY = 100 - 50 * sin(Double.pi / 10) - 1
        let intervals = geometry.excludedIntervals(top: armsY - 0.5, bottom: armsY + 0.5)
        #expect(intervals.count == 1)
        let lower = geometry.excludedIntervals(top: 135, bottom: 138)
        #expect(lower.count == 2, "the two lower tips are separate: \(lower)")
    }

    @Test func evenOddMakesHolesAndNonZeroDoesNot() throws {
        let ring = "M 0 0 H 100 V 100 H 0 Z M 25 25 H 75 V 75 H 25 Z"
        let evenOdd = ExclusionGeometry(paths: [try BezierPath(svgPathData: ring, fillRule: .evenOdd)])
        #expect(evenOdd.freeSegments(minX: -10, maxX: 110, top: 40, bottom: 60).count == 3)
        let nonZero = ExclusionGeometry(paths: [try BezierPath(svgPathData: ring)])
        #expect(nonZero.freeSegments(minX: -10, maxX: 110, top: 40, bottom: 60).count == 2)
        // A band that touches the hole's top edge only partly still loses the ring around it.
        #expect(evenOdd.freeSegments(minX: -10, maxX: 110, top: 20, bottom: 30).count == 2)
    }

    @Test func overlappingPathsMergeIntoOneInterval() {
        let geometry = ExclusionGeometry(paths: [
            .circle(center: Point(x: 50, y: 50), radius: 20), .rect(Rect(x: 60, y: 40, width: 50, height: 20)),
        ])
        let free = geometry.freeSegments(minX: 0, maxX: 200, top: 45, bottom: 55)
        #expect(free.count == 2)
        #expect(abs(free[1].minX - 110) < 0.1)
    }

    @Test func aSelfIntersectingPentagramIsFilledUnderNonZero() {
        var pentagram = BezierPath()
        for index in 0..<5 {
            let angle = -Double.pi / 2 + Double(index) * 4 * Double.pi / 5
            let point = Point(x: 100 + 50 * cos(angle), y: 100 + 50 * sin(angle))
            if index == 0 { pentagram.move(to: point) } else { pentagram.addLine(to: point) }
        }
        pentagram.close()
        let geometry = ExclusionGeometry(paths: [pentagram])
        #expect(geometry.excludedIntervals(top: 99, bottom: 101).count == 1)
        var evenOdd = pentagram
        evenOdd.fillRule = .evenOdd
        // Even-odd empties the pentagon in the middle, but the band still meets the arms around it.
        #expect(ExclusionGeometry(paths: [evenOdd]).freeSegments(minX: 0, maxX: 200, top: 99, bottom: 101).count == 3)
    }
}

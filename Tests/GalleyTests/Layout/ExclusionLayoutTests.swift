import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Text flowing around exclusion paths: no glyph touches a path, and lines use the free space beside it.
@Suite struct ExclusionLayoutTests {
    static let width = 320.0
    static let text = LayoutFixtures.english + "\n" + LayoutFixtures.chinese + "\n" + LayoutFixtures.english

    static let shapes: [(String, [BezierPath])] = [
        ("circle in the top-right corner", [.circle(center: Point(x: 290, y: 30), radius: 40)]),
        ("centred circle", [.circle(center: Point(x: 160, y: 120), radius: 60)]),
        ("concave star", [.star(center: Point(x: 160, y: 140), points: 5, outerRadius: 90, innerRadius: 35)]),
        (
            "two overlapping shapes",
            [
                .circle(center: Point(x: 120, y: 100), radius: 50),
                .roundedRect(Rect(x: 140, y: 60, width: 120, height: 110), cornerRadius: 20),
            ]
        ),
        (
            "ring with a hole (even-odd)",
            [
                try! BezierPath(
                    svgPathData: "M 60 40 H 260 V 240 H 60 Z M 110 90 H 210 V 190 H 110 Z", fillRule: .evenOdd)
            ]
        ),
    ]

    @Test(arguments: shapes.indices)
    func noGlyphTouchesAnExclusionPath(_ index: Int) throws {
        let (name, paths) = Self.shapes[index]
        let container = TextContainer(size: Size(width: Self.width, height: 0), exclusionPaths: paths)
        let (layout, _) = try LayoutFixtures.layout(Self.text, container: container)
        let boxes = LayoutFixtures.glyphBoxes(layout)
        #expect(boxes.count > 500, "\(name)")
        let testers = paths.map(LayoutFixtures.PathTester.init)
        for box in boxes {
            for tester in testers {
                #expect(!tester.touches(box), "\(name): glyph box \(box) touches the path")
            }
        }
        for fragment in layout.lineFragments {
            #expect(fragment.usedRect.maxX <= Self.width + 1e-6 && fragment.usedRect.minX >= -1e-6)
        }
    }

    @Test func textRunsOnBothSidesOfACentredCircle() throws {
        let center = Point(x: 160, y: 120), radius = 60.0
        let container = TextContainer(
            size: Size(width: Self.width, height: 0), exclusionPaths: [.circle(center: center, radius: radius)])
        let (layout, _) = try LayoutFixtures.layout(Self.text, container: container)
        let bands = Dictionary(grouping: layout.lineFragments, by: \.rect.minY)
        var split = 0
        for (top, fragments) in bands {
            let bottom = top + fragments[0].rect.height
            let nearest = min(max(center.y, top), bottom)
            let dy = abs(nearest - center.y)
            guard dy < radius else {
                #expect(fragments.count == 1)
                continue
            }
            // The free segments beside the circle, worked out from the circle's equation.
            let half = (radius * radius - dy * dy).squareRoot()
            let left = center.x - half, right = center.x + half
            #expect(fragments.count == 2, "band at \(top) should hold text on both sides")
            guard fragments.count == 2 else { continue }
            split += 1
            let sorted = fragments.sorted { $0.rect.minX < $1.rect.minX }
            #expect(abs(sorted[0].rect.maxX - left) < 0.1)
            #expect(abs(sorted[1].rect.minX - right) < 0.1)
            #expect(sorted[0].characterRange.upperBound == sorted[1].characterRange.lowerBound, "left then right")
        }
        #expect(split >= 4)
    }

    /// (A hang guard: the runner's time limit, not a clock in the test.)
    @Test(.timeLimit(.minutes(1))) func anExclusionCoveringTheContainerLeavesItEmptyPromptly() throws {
        let container = TextContainer(
            size: Size(width: 200, height: 300), exclusionPaths: [.rect(Rect(x: -10, y: -10, width: 400, height: 400))])
        let (layout, storage) = try LayoutFixtures.layout(Self.text, container: container)
        #expect(layout.lineFragments.isEmpty)
        #expect(layout.unlaidCharacterRange == 0..<storage.length)
    }

    @Test func textInAnUnboundedContainerResumesBelowATallExclusion() throws {
        let container = TextContainer(
            size: Size(width: 200, height: 0), exclusionPaths: [.rect(Rect(x: 0, y: 0, width: 200, height: 500))])
        let (layout, _) = try LayoutFixtures.layout("Below the block.", container: container)
        #expect(layout.lineFragments.count == 1)
        #expect((layout.lineFragments.first?.rect.minY ?? 0) >= 500)
    }

    @Test func aNaNCoordinateIsAnError() throws {
        var path = BezierPath()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: .nan, y: 10))
        path.addLine(to: Point(x: 10, y: 10))
        path.close()
        let container = TextContainer(size: Size(width: 200, height: 0), exclusionPaths: [path])
        #expect(throws: PathError.self) { try LayoutFixtures.layout("text", container: container) }
    }
}

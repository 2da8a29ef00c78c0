import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Text wrapping around a picture's outline (``ExclusionPath/init(image:origin:size:threshold:margin:)``), checked
/// against the picture's alpha mask itself: no ink inside the outline grown by the margin, text on both sides of a
/// concave shape, and lines beside it reaching to within a point of the grown outline.
@Suite struct ImageExclusionTests {
    static let width = 320.0
    static let origin = Point(x: 90, y: 30)
    static let text = LayoutFixtures.english + "\n" + LayoutFixtures.chinese

    /// A 140 × 160 px "C" opening to the right (a ring with its right quarter cut away), soft-edged: alpha ramps over
    /// two pixels, so the threshold decides where the edge is.
    static func crescent() throws -> Canvas {
        var image = try Canvas(width: 140, height: 160)
        let centre = (x: 70.0, y: 80.0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                let distance = (dx * dx + dy * dy).squareRoot()
                let ring = min(distance - 35, 68 - distance)
                let opening = dx > 0 && abs(dy) < dx * 0.9 ? -10.0 : 10.0
                let alpha = max(0, min(1, (min(ring, opening) + 1) / 2))
                let index = (y * image.width + x) * 4
                image.pixels[index] = UInt8(alpha * 200)
                image.pixels[index + 3] = UInt8((alpha * 255).rounded())
            }
        }
        return image
    }

    /// The centres of the mask's pixels over `threshold`, in container points.
    static func opaquePixels(_ image: Canvas, threshold: Double) -> [Point] {
        var points: [Point] = []
        for y in 0..<image.height {
            for x in 0..<image.width where Double(image.pixels[(y * image.width + x) * 4 + 3]) > threshold * 255 {
                points.append(Point(x: origin.x + Double(x) + 0.5, y: origin.y + Double(y) + 0.5))
            }
        }
        return points
    }

    static func layout(threshold: Double, margin: Double) throws -> (TextLayout, TextStorage, Canvas) {
        let image = try crescent()
        let exclusion = try ExclusionPath(image: image, origin: origin, threshold: threshold, margin: margin)
        let container = TextContainer(size: Size(width: width, height: 0), exclusions: [exclusion])
        let (layout, storage) = try LayoutFixtures.layout(text, container: container)
        return (layout, storage, image)
    }

    @Test(arguments: [(0.5, 6.0), (0.1, 0.0), (0.9, 12.0)])
    func noGlyphInkComesWithinTheMarginOfTheOpaquePixels(_ threshold: Double, _ margin: Double) throws {
        let (layout, _, image) = try Self.layout(threshold: threshold, margin: margin)
        let opaque = Self.opaquePixels(image, threshold: threshold)
        #expect(opaque.count > 3_000)
        let boxes = LayoutFixtures.glyphBoxes(layout)
        #expect(boxes.count > 300)
        // A pixel is a unit square around its centre; ink must stay `margin` away from every such square.
        for box in boxes {
            for pixel in opaque {
                let dx = max(0, max(box.minX - (pixel.x + 0.5), (pixel.x - 0.5) - box.maxX))
                let dy = max(0, max(box.minY - (pixel.y + 0.5), (pixel.y - 0.5) - box.maxY))
                guard dx * dx + dy * dy < margin * margin - 1e-6 || (margin == 0 && dx == 0 && dy == 0) else {
                    continue
                }
                // Touching edges (distance exactly 0 with zero margin) is allowed only without overlap.
                let overlapX = min(box.maxX, pixel.x + 0.5) - max(box.minX, pixel.x - 0.5)
                let overlapY = min(box.maxY, pixel.y + 0.5) - max(box.minY, pixel.y - 0.5)
                if margin == 0 && (overlapX <= 1e-9 || overlapY <= 1e-9) { continue }
                Issue.record("glyph box \(box) within \(margin) pt of the opaque pixel at \(pixel)")
                return
            }
        }
    }

    @Test func textFlowsOnBothSidesAndIntoTheHollow() throws {
        let (layout, _, _) = try Self.layout(threshold: 0.5, margin: 4)
        let bands = Dictionary(grouping: layout.lineFragments, by: \.rect.minY)
        // Beside the ring's top and bottom arms text runs left and right of it; at mid-height also inside the C's
        // hollow (between the inner edge and the opening), three fragments on one band.
        let twoSided = bands.values.filter { $0.count >= 2 }
        let threeWay = bands.values.filter { $0.count >= 3 }
        #expect(twoSided.count >= 4, "\(twoSided.count) bands with text on both sides")
        #expect(!threeWay.isEmpty, "no band reaches into the hollow")
    }

    @Test func linesBesideTheOutlineReachWithinAPointOfIt() throws {
        let margin = 6.0
        let (layout, _, image) = try Self.layout(threshold: 0.5, margin: margin)
        let opaque = Self.opaquePixels(image, threshold: 0.5)
        var checked = 0
        for fragment in layout.lineFragments where fragment.rect.minX < 1 {
            let top = fragment.rect.minY, bottom = fragment.rect.maxY
            // The leftmost point of the grown outline within the band, from the mask itself.
            var edge = Double.infinity
            for pixel in opaque {
                let gap = max(0, max(pixel.y - 0.5 - bottom, top - (pixel.y + 0.5)))
                guard gap < margin else { continue }
                edge = min(edge, pixel.x - 0.5 - (margin * margin - gap * gap).squareRoot())
            }
            guard edge < Self.width, fragment.rect.maxX < Self.width - 1 else { continue }
            #expect(fragment.rect.maxX <= edge + 0.02, "the line enters the margin")
            #expect(fragment.rect.maxX >= edge - 1, "the line stops \(edge - fragment.rect.maxX) pt short")
            checked += 1
        }
        #expect(checked >= 6)
    }

    @Test func badThresholdsAndMarginsAreRefused() throws {
        let image = try Canvas(width: 4, height: 4)
        #expect(throws: ExclusionError.thresholdOutOfRange(1.5)) { try ExclusionPath(image: image, threshold: 1.5) }
        #expect(throws: ExclusionError.self) { try ExclusionPath(image: image, threshold: .nan) }
        #expect(throws: ExclusionError.marginOutOfRange(-1, limit: ExclusionError.marginLimit)) {
            try ExclusionPath(image: image, margin: -1)
        }
        #expect(throws: PathError.self) { try ExclusionPath(image: image, origin: Point(x: 1e300, y: 0)) }
    }

    /// The intervals a band excludes equal the union of every opaque run grown by its row's reach, computed the
    /// obvious way (all rows × all runs), over random pictures, pixel sizes, margins and bands: the faster walk
    /// that skips runs inside what nearer rows already cover leaves the union unchanged.
    @Test func aBandExcludesExactlyTheUnionOfTheGrownRuns() throws {
        var generator = SeededGenerator(state: 7)
        for trial in 0..<60 {
            let width = 1 + Int(generator.next() % 40), height = 1 + Int(generator.next() % 40)
            var image = try Canvas(width: width, height: height)
            let density = Double(generator.next() % 100) / 100
            for index in 0..<width * height where Double(generator.next() % 1000) / 1000 < density {
                image.pixels[index * 4 + 3] = 255
            }
            let frame = Rect(
                x: Double(generator.next() % 50), y: Double(generator.next() % 50),
                width: Double(width) * (0.5 + Double(generator.next() % 30) / 10),
                height: Double(height) * (0.5 + Double(generator.next() % 30) / 10))
            let margin = trial % 5 == 0 ? 0 : Double(generator.next() % 400) / 10
            let mask = ImageMask(image: image, frame: frame, threshold: 0.5, margin: margin)
            for _ in 0..<8 {
                let top = Double(generator.next() % 200) - 40, bottom = top + Double(generator.next() % 40) + 0.5
                let expected = Self.unionOfGrownRuns(mask, top: top, bottom: bottom)
                let actual = mask.excludedIntervals(top: top, bottom: bottom)
                #expect(actual.count == expected.count, "trial \(trial), band \(top)…\(bottom)")
                for (got, want) in zip(actual, expected) {
                    #expect(
                        abs(got.lowerBound - want.lowerBound) < 1e-9 && abs(got.upperBound - want.upperBound) < 1e-9)
                }
            }
        }
    }

    /// Every run of every row within reach of the band, grown by the row's reach, merged (by the mask's own merge:
    /// what is under test is which runs the walk looks at).
    static func unionOfGrownRuns(_ mask: ImageMask, top: Double, bottom: Double) -> [ClosedRange<Double>] {
        let pixelHeight = mask.frame.height / Double(mask.rows.count)
        let pixelWidth = mask.frame.width / Double(mask.columns)
        var intervals: [ClosedRange<Double>] = []
        for (row, runs) in mask.rows.enumerated() {
            let rowTop = mask.frame.minY + Double(row) * pixelHeight, rowBottom = rowTop + pixelHeight
            let gap = max(0, rowTop - bottom, top - rowBottom)
            guard gap < mask.margin || (mask.margin == 0 && rowBottom > top && rowTop < bottom) else { continue }
            let reach = (mask.margin * mask.margin - gap * gap).squareRoot()
            for run in runs {
                intervals.append(
                    (mask.frame.minX + Double(run.lowerBound) * pixelWidth - reach)...(mask.frame.minX
                        + Double(run.upperBound) * pixelWidth + reach))
            }
        }
        return ExclusionGeometry.merged(intervals)
    }
}

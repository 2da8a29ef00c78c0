import Foundation
import Synchronization
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct DynamicTypeLayoutTests {
    @Test func changingTheCategoryRelaysBodyTextWithoutRebuildingTheStorage() throws {
        let environment = DynamicTypeEnvironment(settings: DynamicTypeSettings(category: .extraSmall))
        let storage = TextStorage(LayoutFixtures.english, attributes: TextAttributes(font: .textStyle(.body)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled, environment: environment)
        manager.addTextContainer(TextContainer(width: 300))
        let invalidations = Mutex(0)
        let token = manager.observeInvalidation { _ in invalidations.withLock { $0 += 1 } }
        var results: [(lines: Int, height: Double)] = []
        for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
            environment.category = category
            let layout = try manager.layout()
            results.append((layout.lineCount(), layout.usedRect().height))
        }
        #expect(results[0].lines < results[1].lines && results[1].lines < results[2].lines)
        #expect(results[0].height < results[1].height && results[1].height < results[2].height)
        #expect(invalidations.withLock { $0 } == 2)
        token.cancel()
        environment.category = .small
        #expect(invalidations.withLock { $0 } == 2)
    }

    @Test func textWithFixedFontsIgnoresTheEnvironment() throws {
        let environment = DynamicTypeEnvironment()
        let font = try TestFonts.bundled.font(family: "Inter", size: 17)
        let storage = TextStorage("Fixed size text", attributes: TextAttributes(font: .font(font)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled, environment: environment)
        manager.addTextContainer(TextContainer(width: 300))
        let before = try manager.layout().usedRect()
        environment.category = .accessibilityExtraExtraExtraLarge
        #expect(try manager.layout().usedRect() == before)
    }

    @Test func headlineRowHeightsGrowWithTheCategory() throws {
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        let headline = TextAttributes(font: .textStyle(.headline))
        let rows = (0..<100).map { "Row \($0): " + LayoutFixtures.english.prefix(20 + ($0 * 7) % 120) }
        var previous = [Double](repeating: 0, count: rows.count)
        var previousSize = 0.0
        for category in ContentSizeCategory.allCases {
            measurer.settings = DynamicTypeSettings(category: category)
            let size = TypeSizeTable.pointSize(.headline, category)
            for (index, row) in rows.enumerated() {
                let height = try measurer.measure(row, attributes: headline, width: 320).height
                // Never shorter; strictly taller whenever the headline's size grows.
                #expect(
                    size > previousSize ? height > previous[index] : height >= previous[index],
                    "\(category) row \(index)")
                previous[index] = height
            }
            previousSize = size
        }
        #expect(previous[0] > 53)
    }

    @Test(arguments: TextStyle.allCases)
    func boldTextMakesEveryStyleHeavierAndWider(_ style: TextStyle) throws {
        let library = try TestFonts.bundled
        let regular = try library.preferredFont(for: style, settings: DynamicTypeSettings())
        let bold = try library.preferredFont(for: style, settings: DynamicTypeSettings(boldText: true))
        #expect(bold.weight > regular.weight)
        #expect(bold.size == regular.size)
        let text = "Dynamic Type"
        let regularWidth = try TestFonts.shape(text, attributes: TextAttributes(font: .font(regular))).width
        let boldWidth = try TestFonts.shape(text, attributes: TextAttributes(font: .font(bold))).width
        #expect(boldWidth > regularWidth)
    }

    @Test func fontMetricsScaleAlongTheStyleCurve() throws {
        let library = try TestFonts.bundled
        let custom = try library.font(family: "JetBrains Mono", size: 17)
        let largest = DynamicTypeSettings(category: .accessibilityExtraExtraExtraLarge)
        let scaled = try FontMetrics(forTextStyle: .body).scaledFont(for: custom, settings: largest)
        #expect(abs(scaled.size - 48) < 0.5)
        #expect(scaled.size < TypeSizeTable.pointSize(.body, .accessibilityExtraExtraExtraLarge))
        let capped = try FontMetrics(forTextStyle: .body).scaledFont(
            for: custom, maximumPointSize: 30, settings: largest)
        #expect(capped.size == 30)
        #expect(FontMetrics(forTextStyle: .body).scaledValue(for: 44, settings: DynamicTypeSettings()) == 44)
        let values = ContentSizeCategory.allCases.map {
            FontMetrics(forTextStyle: .caption1).scaledValue(for: 10, settings: DynamicTypeSettings(category: $0))
        }
        #expect(values == values.sorted())
    }

    @Test func preferredFontsFollowTheEnvironment() throws {
        let environment = DynamicTypeEnvironment(settings: DynamicTypeSettings(category: .extraExtraExtraLarge))
        let body = try Font.preferred(.body, in: environment, library: try TestFonts.bundled)
        #expect(body.size == 23)
        #expect(body.face.familyName == "Inter")
        let headline = try Font.preferred(.headline, in: environment, library: try TestFonts.bundled)
        #expect(headline.weight == 600)
    }

    @Test func theEnvironmentReportsChangesToObserversStreamsAndNotifications() async throws {
        let environment = DynamicTypeEnvironment()
        let seen = Mutex<[ContentSizeCategory]>([])
        let token = environment.observe { settings in seen.withLock { $0.append(settings.category) } }
        var iterator = environment.changes.makeAsyncIterator()
        let notified = Mutex(0)
        let observer = NotificationCenter.default.addObserver(
            forName: DynamicTypeEnvironment.didChangeNotification, object: environment, queue: nil
        ) { _ in notified.withLock { $0 += 1 } }
        defer { NotificationCenter.default.removeObserver(observer) }
        environment.category = .extraLarge
        environment.category = .extraLarge
        environment.boldText = true
        #expect(seen.withLock { $0 } == [.extraLarge, .extraLarge])
        #expect(notified.withLock { $0 } == 2)
        let first = await iterator.next()
        #expect(first?.category == .extraLarge)
        let second = await iterator.next()
        #expect(second?.boldText == true)
        token.cancel()
    }

    @Test func aDesktopScalingFactorMapsToTheNearestCategory() {
        #expect(DynamicTypeEnvironment.category(forScalingFactor: 1) == .large)
        #expect(DynamicTypeEnvironment.category(forScalingFactor: 1.25) == .extraExtraLarge)
        #expect(DynamicTypeEnvironment.category(forScalingFactor: 3) == .accessibilityExtraExtraExtraLarge)
    }
}

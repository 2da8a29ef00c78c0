import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A note's date badge grows with Dynamic Type, so its label always fits inside the circle.
@Suite struct NoteBadgeTests {
    @Test(arguments: [ContentSizeCategory.extraSmall, .large, .accessibilityLarge, .accessibilityExtraExtraExtraLarge])
    func theBadgesLabelFitsInsideItsCircle(_ category: ContentSizeCategory) throws {
        let settings = DynamicTypeSettings(category: category, boldText: false)
        let badge = DateBadge(date: "2026-11-22").exclusion(containerWidth: 360, settings: settings)
        let label = try #require(badge.label)
        let bounds = badge.shape.bounds
        let manager = LayoutManager(textStorage: label, fontLibrary: try TestFonts.bundled, settings: settings)
        manager.addTextContainer(TextContainer(width: 1_000))
        let layout = try manager.layout()
        let widest = layout.lineFragments.map(\.usedRect.width).max() ?? 0
        let height = layout.usedRect().height
        // The label's box fits the square inscribed in the circle, with a little room: "NOV" never spills out.
        #expect(widest <= bounds.width * 0.85, "\(category): \(widest) in \(bounds.width)")
        #expect(height <= bounds.height * 0.85, "\(category): \(height) in \(bounds.height)")
        #expect(abs(bounds.width - 64 * settings.pointSize(of: .body) / 17) < 1e-9)
    }

    /// The month is written in the note's language, as ICU's formats write a month alone.
    @Test func theBadgeWritesTheMonthInTheNotesLanguage() throws {
        #expect(DateBadge.dayAndMonth("2026-11-24", language: "en") == ("24", "NOV"))
        #expect(DateBadge.dayAndMonth("2026-11-24", language: "zh-Hans") == ("24", "11月"))
        #expect(DateBadge.dayAndMonth("2026-03-01", language: "ja") == ("1", "3月"))
        #expect(DateBadge.dayAndMonth("2026-11-24", language: "ko") == ("24", "11월"))
        #expect(DateBadge.dayAndMonth("2026-13-01") == ("2026-1", ""))
        let chinese = try NoteReader.read("---\ndate: 2026-11-24\n---\n# 周日\n\n今天集市上人很多。", defaults: TextAttributes())
        #expect(chinese.badge?.language == "zh-Hans")
        let english = try NoteReader.read(
            "---\ndate: 2026-11-24\n---\n# Market\n\nBusy today; 人很多。", defaults: TextAttributes())
        #expect(english.badge?.language == "en")
        let asked = try NoteReader.read("---\ndate: 2026-11-24\n---\nhi", defaults: TextAttributes(language: "ja"))
        #expect(asked.badge?.language == "ja")
    }

    /// A front-matter date is a day of the calendar, or the note is refused: other text would overflow the badge.
    @Test(arguments: ["x", "WWWWWWWWWWWW", "2026-02-30", "2026-13-01", "26-11-22", "2026-1-2", "２０２６-11-22"])
    func aDateThatIsNoDayIsRefused(date: String) throws {
        #expect {
            try NoteReader.read("---\ndate: \(date)\n---\nhi", defaults: TextAttributes())
        } throws: { error in
            "\(error)".hasPrefix("front matter: date \"\(date)\" is not a date like 2026-11-22")
        }
        #expect(try NoteReader.read("---\ndate: 2028-02-29\n---\nhi", defaults: TextAttributes()).badge != nil)
    }
}

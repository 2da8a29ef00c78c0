import Testing

@testable import Galley
@testable import GalleyDocuments

/// A note's date badge grows with Dynamic Type, so its label always fits inside the circle.
@Suite struct NoteBadgeTests {
    @Test(arguments: [ContentSizeCategory.extraSmall, .large, .accessibilityLarge, .accessibilityExtraExtraExtraLarge])
    func theBadgesLabelFitsInsideItsCircle(_ category: ContentSizeCategory) throws {
        let settings = DynamicTypeSettings(category: category, boldText: false)
        let badge = NoteReader.badge(
            for: "2026-11-22", containerWidth: 360, defaults: TextAttributes(), settings: settings)
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
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@_spi(Stages) @testable import GalleyText

/// Attributes are values: copies share their storage until one changes, and a change never reaches another copy.
@Suite struct TextAttributesTests {
    private static func aligned(_ alignment: ParagraphStyle.Alignment) -> ParagraphStyle {
        var style = ParagraphStyle()
        style.alignment = alignment
        return style
    }

    /// One change per attribute, each to a value other than the default.
    static let changes: [(String, @Sendable (inout TextAttributes) -> Void)] = [
        ("font", { $0.font = .textStyle(.headline) }),
        ("foregroundColor", { $0.foregroundColor = Color(red: 1, green: 0, blue: 0) }),
        ("backgroundColor", { $0.backgroundColor = Color(red: 0, green: 0, blue: 1) }),
        ("kern", { $0.kern = 1.5 }), ("tracking", { $0.tracking = 0.5 }), ("ligatures", { $0.ligatures = .all }),
        ("fontFeatures", { $0.fontFeatures.append(FontFeature("smcp")) }),
        ("language", { $0.language = "zh-Hans" }), ("baselineOffset", { $0.baselineOffset = 2 }),
        ("underline", { $0.underline = TextDecoration() }), ("strikethrough", { $0.strikethrough = TextDecoration() }),
        ("shadow", { $0.shadow = Shadow() }), ("textEffect", { $0.textEffect = .letterpress }),
        ("link", { $0.link = URL(string: "https://example.com") }),
        ("paragraphStyle", { $0.paragraphStyle = Self.aligned(.center) }),
        ("paragraphStyle in place", { $0.paragraphStyle?.alignment = .right }),
        ("strokeWidth", { $0.strokeWidth = 3 }), ("strokeColor", { $0.strokeColor = Color(red: 0, green: 1, blue: 0) }),
        ("obliqueness", { $0.obliqueness = 0.2 }), ("expansion", { $0.expansion = 0.1 }),
        ("superscript", { $0.superscript = 1 }),
        ("attachment", { $0.attachment = try? TextAttachment(bounds: Rect(x: 0, y: 0, width: 10, height: 10)) }),
        ("inlinePadding", { $0.inlinePadding = 0.2 }),
        ("textEmphasis", { $0.textEmphasis = TextEmphasis(.sesame, position: .under) }),
    ]

    @Test func aChangeToACopyLeavesTheOriginalAsItWas() {
        let original = TextAttributes(kern: 1, language: "ja", paragraphStyle: Self.aligned(.left))
        for (name, change) in Self.changes {
            var copy = original
            #expect(copy == original, "\(name)")
            change(&copy)
            #expect(copy != original, "\(name): the change shows in the copy")
            #expect(original.kern == 1 && original.language == "ja", "\(name)")
            #expect(original.paragraphStyle == Self.aligned(.left), "\(name): the original kept its value")
            #expect(original == TextAttributes(kern: 1, language: "ja", paragraphStyle: Self.aligned(.left)))
        }
    }

    @Test func equalAttributesHashAlikeWhetherOrNotTheyShareStorage() {
        var made = TextAttributes(font: .textStyle(.body), kern: 2, fontFeatures: [FontFeature("liga", 0)])
        let copied = made
        made.kern = 3
        made.kern = 2  // equal again, in storage of its own
        #expect(made == copied)
        #expect(made.hashValue == copied.hashValue)
        #expect(Set([made, copied]).count == 1)
        #expect(TextAttributes().merging(made) == copied)
    }
}

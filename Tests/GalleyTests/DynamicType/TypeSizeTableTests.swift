import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct TypeSizeTableTests {
    /// iOS's published point sizes (HIG), transcribed independently of the source table: style → 12 categories.
    static let published: [(TextStyle, [Double])] = [
        (.largeTitle, [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]),
        (.title1, [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]),
        (.title2, [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]),
        (.title3, [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]),
        (.headline, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.body, [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]),
        (.callout, [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]),
        (.subheadline, [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]),
        (.footnote, [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]),
        (.caption1, [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]),
        (.caption2, [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40]),
    ]

    @Test func everySizeMatchesThePublishedTable() {
        #expect(Self.published.count == TextStyle.allCases.count)
        for (style, sizes) in Self.published {
            for category in ContentSizeCategory.allCases {
                #expect(TypeSizeTable.pointSize(style, category) == sizes[category.ordinal], "\(style) \(category)")
            }
        }
    }

    @Test func leadingAtLargeMatchesTheHIGAndStepsWithSize() {
        let leading: [TextStyle: Double] = [
            .largeTitle: 41, .title1: 34, .title2: 28, .title3: 25, .headline: 22, .body: 22, .callout: 21,
            .subheadline: 20, .footnote: 18, .caption1: 16, .caption2: 13,
        ]
        for (style, value) in leading { #expect(TypeSizeTable.leading(style, .large) == value) }
        #expect(TypeSizeTable.leading(.body, .extraExtraExtraLarge) == 28)
        #expect(TypeSizeTable.leading(.body, .accessibilityExtraExtraExtraLarge) == 58)
    }

    @Test func headlineIsSemiboldAndBoldTextMakesEveryStyleHeavier() {
        let normal = DynamicTypeSettings()
        let bold = DynamicTypeSettings(boldText: true)
        #expect(normal.weight(of: .headline) == 600)
        #expect(normal.weight(of: .body) == 400)
        for style in TextStyle.allCases { #expect(bold.weight(of: style) > normal.weight(of: style)) }
        #expect(bold.weight(of: .body) == 600)
        #expect(bold.weight(of: .headline) == 700)
    }

    @Test func categoriesAreOrdered() {
        #expect(ContentSizeCategory.extraSmall < .large)
        #expect(ContentSizeCategory.allCases.sorted() == ContentSizeCategory.allCases)
        #expect(ContentSizeCategory.accessibilityMedium.isAccessibilityCategory)
        #expect(!ContentSizeCategory.extraExtraExtraLarge.isAccessibilityCategory)
    }

    @Test func unknownNamesListTheValidOnes() {
        #expect(throws: DynamicTypeError.self) { try ContentSizeCategory(name: "huge") }
        do {
            _ = try TextStyle(name: "bodyy")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("caption2"))
        }
    }
}

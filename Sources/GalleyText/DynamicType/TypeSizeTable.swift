/// iOS's Dynamic Type figures: point size, weight and leading for every text style and content size category.
///
/// Sources (see shared/reference/dynamic-type.md): point sizes from Apple's Human Interface Guidelines
/// typography tables ("Dynamic Type sizes", iOS), cross-checked against sizes measured on the iOS 13.3 simulator
/// (temoki/UIKit_DynamicType), which differ only at caption2 / AX5 (41 there, 40 in the HIG; the HIG is used).
/// Weights: headline is Semibold (600), every other style Regular (400).
/// Leading: the HIG's figures at `large`; Apple publishes no stored table for the other categories, so Galley
/// follows the rule the HIG states ("size and leading differ by one point for each text-size step"): each style
/// keeps its `large` leading minus its `large` size as the extra space, at every category.
public enum TypeSizeTable {
    /// Point sizes, one row per ``TextStyle`` (declaration order), one column per ``ContentSizeCategory``.
    static let pointSizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// Leading (line height) in points at `large`, from the HIG.
    static let leadingAtLarge: [TextStyle: Double] = [
        .largeTitle: 41, .title1: 34, .title2: 28, .title3: 25, .headline: 22, .body: 22, .callout: 21,
        .subheadline: 20, .footnote: 18, .caption1: 16, .caption2: 13,
    ]

    /// The tables' rows by ``TextStyle/ordinal``: a style is hashed by its name, and sizes are asked for every
    /// paragraph measured.
    private static let pointSizeRows = TextStyle.allCases.sorted().map { pointSizes[$0]! }
    private static let leadingAtLargeRows = TextStyle.allCases.sorted().map { leadingAtLarge[$0]! }

    /// The point size of `style` at `category`.
    public static func pointSize(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        pointSizeRows[style.ordinal][category.ordinal]
    }

    /// The weight (OpenType 100–900) of `style` without the bold-text setting.
    public static func weight(_ style: TextStyle) -> Double { style == .headline ? 600 : 400 }

    /// The leading of `style` at `category`, in points: the `large` leading moved by the size's change.
    public static func leading(_ style: TextStyle, _ category: ContentSizeCategory) -> Double {
        leadingAtLargeRows[style.ordinal] - pointSize(style, .large) + pointSize(style, category)
    }
}

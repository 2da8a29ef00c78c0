/// The reader's text-size settings at one moment: a content size category and whether Bold Text is on.
///
/// Text styles resolve against these to concrete sizes and weights.
public struct DynamicTypeSettings: Hashable, Sendable {
    /// The content size category text styles are sized for.
    public var category: ContentSizeCategory
    /// The accessibility setting that makes every style heavier (see ``weight(of:)``).
    public var boldText: Bool

    /// Settings for `category` and the Bold Text setting.
    public init(category: ContentSizeCategory = .large, boldText: Bool = false) {
        self.category = category
        self.boldText = boldText
    }

    /// The point size of `style` under these settings.
    public func pointSize(of style: TextStyle) -> Double { TypeSizeTable.pointSize(style, category) }

    /// The leading (line height) of `style` under these settings, in points.
    public func leading(of style: TextStyle) -> Double { TypeSizeTable.leading(style, category) }

    /// The weight of `style` under these settings (OpenType 100–900).
    ///
    /// Bold Text makes a style one named weight heavier: Regular 400 becomes Semibold 600 (iOS's own bold-text
    /// body looks semibold), Semibold 600 becomes Bold 700, Bold 700 becomes Heavy 800, Heavy becomes Black 900.
    /// Apple publishes no mapping; this one keeps headline heavier than body in both settings.
    public func weight(of style: TextStyle) -> Double {
        Self.applyingBoldText(boldText, to: TypeSizeTable.weight(style))
    }

    /// `weight` made one named weight heavier when `boldText` is true (see ``weight(of:)``).
    public static func applyingBoldText(_ boldText: Bool, to weight: Double) -> Double {
        guard boldText else { return weight }
        return weight < 600 ? 600 : min(900, (weight / 100).rounded(.down) * 100 + 100)
    }
}

extension FontLibrary {
    /// The concrete font for `specifier` under `settings`: a fixed font as it is, a text style (or a variant of
    /// one) in its family at the style's size and weight.
    ///
    /// - Throws: ``FontError`` when the family is unknown.
    public func font(for specifier: FontSpecifier, settings: DynamicTypeSettings) throws -> Font {
        switch specifier {
        case .font(let font):
            return font
        case .textStyle(let style):
            return try preferredFont(for: style, settings: settings)
        case .styled(let style, let family, let weight, let italic):
            let resolvedWeight =
                weight.map { DynamicTypeSettings.applyingBoldText(settings.boldText, to: $0) }
                ?? settings.weight(of: style)
            return try font(
                family: family ?? defaultFamily, size: settings.pointSize(of: style), weight: resolvedWeight,
                italic: italic)
        }
    }

    /// The font for `style` under `settings` in `family` (the default family when nil), as iOS's
    /// `UIFont.preferredFont(forTextStyle:compatibleWith:)`.
    public func preferredFont(for style: TextStyle, family: String? = nil, settings: DynamicTypeSettings) throws
        -> Font
    {
        try font(
            family: family ?? defaultFamily, size: settings.pointSize(of: style), weight: settings.weight(of: style))
    }
}

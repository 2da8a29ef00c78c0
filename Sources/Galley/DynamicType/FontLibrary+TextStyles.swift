extension FontLibrary {
    /// The concrete font for `specifier` under `settings`: a fixed font as it is, a text style as the default
    /// family (or the named family) at the style's size and weight.
    ///
    /// - Throws: ``FontError`` when the family is unknown.
    public func font(for specifier: FontSpecifier, settings: DynamicTypeSettings) throws -> Font {
        switch specifier {
        case .font(let font):
            return font
        case .textStyle(let style):
            return try preferredFont(for: style, family: defaultFamily, settings: settings)
        case .styledFamily(let family, let style):
            return try preferredFont(for: style, family: family, settings: settings)
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

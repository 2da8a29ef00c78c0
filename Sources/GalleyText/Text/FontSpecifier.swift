/// The font a run of text asks for: a concrete font, or a text style that resolves against the Dynamic Type
/// settings in force when the text is laid out.
public enum FontSpecifier: Hashable, Sendable {
    /// Exactly this font, whatever the settings.
    case font(Font)
    /// The default family at the style's size and weight for the current settings (``DynamicTypeSettings``).
    case textStyle(TextStyle)
    /// A variant of a text style: its size for the current settings, in `family` (the default family when nil),
    /// at `weight` (the style's own when nil; Bold Text still makes it heavier), upright or italic.
    case styled(TextStyle, family: String? = nil, weight: Double? = nil, italic: Bool = false)

    /// The text style this specifier follows, or nil for a fixed font.
    public var textStyle: TextStyle? {
        switch self {
        case .font: return nil
        case .textStyle(let style), .styled(let style, _, _, _): return style
        }
    }
}

/// The font a run of text asks for: a concrete font, or a text style that resolves against the Dynamic Type
/// settings in force when the text is laid out.
public enum FontSpecifier: Hashable, Sendable {
    /// Exactly this font, whatever the settings.
    case font(Font)
    /// The default family at the style's size and weight for the current settings (``DynamicTypeSettings``).
    case textStyle(TextStyle)
    /// A family at the style's size and weight for the current settings, such as a monospaced body.
    case styledFamily(String, TextStyle)

    /// The text style this specifier follows, or nil for a fixed font.
    public var textStyle: TextStyle? {
        switch self {
        case .font: return nil
        case .textStyle(let style), .styledFamily(_, let style): return style
        }
    }
}

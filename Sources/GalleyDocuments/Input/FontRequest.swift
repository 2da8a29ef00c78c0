import Galley

/// A font as a person asks for one in a flag or a `measure` line: a family name or a font file's path, a size,
/// and the text style that sizes and weighs it when no size is given. One rule for every surface: a name holding
/// a `/` is a file.
public struct FontRequest: Sendable {
    /// A family name (bundled or system), or the path of a font file (any name holding a `/`); nil for the
    /// library's default family.
    public var family: String?
    /// The size in points; nil for the text style's size.
    public var size: Double?
    /// The text style that gives the size (when none is given) and the weight (when none is given).
    public var style: TextStyle
    /// The weight (OpenType 1…1000: 400 regular, 700 bold); nil for the style's.
    public var weight: Double?
    /// Whether an italic face is wanted.
    public var italic: Bool

    /// A request for `family` at `size` points, `weight` and `italic`, sized and weighed by `style` where they are
    /// silent.
    public init(family: String?, size: Double?, style: TextStyle = .body, weight: Double? = nil, italic: Bool = false) {
        self.family = family
        self.size = size
        self.style = style
        self.weight = weight
        self.italic = italic
    }

    /// The specifier: the text style (at ``weight`` and ``italic`` when given) when neither family nor size is
    /// given; a family at the style's size (following Dynamic Type) when only the family is; else a fixed font:
    /// the file at the size (the style's when none), or the family (the library's default when none) at the size,
    /// at ``weight`` or the style's under `settings`.
    ///
    /// - Throws: `FontError` for a file that is not a usable font or a family no library knows.
    public func specifier(library: FontLibrary, settings: DynamicTypeSettings) throws -> FontSpecifier {
        guard family != nil || size != nil else {
            return weight == nil && !italic ? .textStyle(style) : .styled(style, weight: weight, italic: italic)
        }
        let fixedWeight = weight ?? settings.weight(of: style)
        if let family, family.contains("/") {
            let size = size ?? settings.pointSize(of: style)
            return .font(try library.font(path: family, size: size, weight: fixedWeight))
        }
        guard let size else { return .styled(style, family: family, weight: weight, italic: italic) }
        return .font(
            try library.font(family: family ?? library.defaultFamily, size: size, weight: fixedWeight, italic: italic))
    }
}

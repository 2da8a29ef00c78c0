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
    /// The text style that gives the size (when none is given) and the weight.
    public var style: TextStyle

    /// A request for `family` at `size` points, sized and weighed by `style` where they are silent.
    public init(family: String?, size: Double?, style: TextStyle = .body) {
        self.family = family
        self.size = size
        self.style = style
    }

    /// The specifier: the text style alone when neither family nor size is given; a family at the style's size
    /// (following Dynamic Type) when only the family is; else a fixed font: the file at the size (the style's
    /// when none), or the family (the library's default when none) at the size, weighed as the style under
    /// `settings`.
    ///
    /// - Throws: `FontError` for a file that is not a usable font or a family no library knows.
    public func specifier(library: FontLibrary, settings: DynamicTypeSettings) throws -> FontSpecifier {
        guard family != nil || size != nil else { return .textStyle(style) }
        let weight = settings.weight(of: style)
        if let family, family.contains("/") {
            return .font(try library.font(path: family, size: size ?? settings.pointSize(of: style), weight: weight))
        }
        guard let size else { return .styled(style, family: family ?? library.defaultFamily) }
        return .font(try library.font(family: family ?? library.defaultFamily, size: size, weight: weight))
    }
}

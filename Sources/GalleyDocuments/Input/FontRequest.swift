import Galley

/// A font as a person asks for one: in flags, in a `measure` line, or in a JSON document's `"font"` object. One
/// reading of the keys (`read(_:over:access:)`), and one rule for every surface (``specifier(library:settings:)``):
/// a font file is named under `"file"`, or as a family holding a `/`, and is opened only once a ``FileAccess``
/// has allowed it.
public struct FontRequest: Sendable, Equatable {
    /// A family name (bundled or system); nil for the library's default family. A name holding a `/` is no family
    /// (the request reader takes it as a file's path, through the access).
    public var family: String?
    /// A font file the request's ``FileAccess`` allowed; it wins over ``family``.
    public var file: AllowedFile?
    /// The size in points; nil for the text style's size.
    public var size: Double?
    /// The text style that gives the size (when none is given) and the weight (when none is given).
    public var style: TextStyle
    /// The weight (OpenType 1…1000: 400 regular, 700 bold); nil for the style's (a file's own, for a file).
    public var weight: Double?
    /// Whether an italic face is wanted.
    public var italic: Bool

    /// A request for `family` (or the font `file`) at `size` points, `weight` and `italic`, sized and weighed by
    /// `style` where they are silent.
    public init(
        family: String? = nil, file: AllowedFile? = nil, size: Double? = nil, style: TextStyle = .body,
        weight: Double? = nil, italic: Bool = false
    ) {
        self.family = family
        self.file = file
        self.size = size
        self.style = style
        self.weight = weight
        self.italic = italic
    }

    /// The keys of a request in a JSON object (a document's `"font"` object, a `measure` line): `"family"`,
    /// `"file"`, `"size"` (points), `"style"` (a text style's name), `"weight"` (1…1000) and `"italic"`.
    package static let keys = ["family", "file", "size", "style", "weight", "italic"]

    /// `defaults` with the keys `field` (a JSON object) has, key by key; nil when it has none of them. A file's
    /// path, under `"file"` or as a family holding a `/`, is allowed by `access` (or refused).
    ///
    /// - Throws: ``InputError`` naming the key for a value of the wrong type or out of range, or a file `access`
    ///   does not allow.
    package static func read(_ field: JSONField, over defaults: FontRequest = FontRequest(), access: FileAccess)
        throws -> FontRequest?
    {
        guard keys.contains(where: { field.member($0) != nil }) else { return nil }
        var request = defaults
        if let style = field.member("style") { request.style = try style.choice(TextStyle.self) }
        if let size = field.member("size") { request.size = try size.number(in: Font.sizeLimit) }
        if let weight = field.member("weight") { request.weight = try weight.number(in: 1...1_000) }
        if let italic = field.member("italic") { request.italic = try italic.bool() }
        if let family = field.member("family") {
            try request.setFamily(try family.string(), key: family.path, access: access)
        }
        if let path = field.member("file") {
            (request.family, request.file) = (nil, try access.allow(try path.string(), key: path.path))
        }
        return request
    }

    /// Sets the family to `name`, or, when `name` holds a `/`, the file at that path as `access` allows it.
    ///
    /// - Throws: ``InputError`` naming `key` for a file `access` does not allow.
    public mutating func setFamily(_ name: String, key: String, access: FileAccess) throws {
        if name.contains("/") {
            (family, file) = (nil, try access.allow(name, key: key))
        } else {
            (family, file) = (name, nil)
        }
    }

    /// The specifier: the text style (at ``weight`` and ``italic`` when given) when neither family, file nor size
    /// is given; a family at the style's size (following Dynamic Type) when only the family is; else a fixed
    /// font: the file at the size (the style's when none) and its own weight (or ``weight``), or the family (the
    /// library's default when none) at the size, at ``weight`` or the style's under `settings`.
    ///
    /// - Throws: `FontError` for a file that is not a usable font or a family no library knows.
    public func specifier(library: FontLibrary, settings: DynamicTypeSettings) throws -> FontSpecifier {
        if let file {
            do {
                return .font(
                    try library.font(path: file.path, size: size ?? settings.pointSize(of: style), weight: weight))
            } catch let error as FontError {
                // Named as the request named it: where the folder it was found in lies is not the client's to know.
                throw error.naming(file.named, for: file.path)
            }
        }
        guard family != nil || size != nil else {
            return weight == nil && !italic ? .textStyle(style) : .styled(style, weight: weight, italic: italic)
        }
        guard let size else { return .styled(style, family: family, weight: weight, italic: italic) }
        return .font(
            try library.font(
                family: family ?? library.defaultFamily, size: size, weight: weight ?? settings.weight(of: style),
                italic: italic))
    }
}

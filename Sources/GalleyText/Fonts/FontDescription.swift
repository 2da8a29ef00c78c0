/// One face Galley can use, as `galley fonts` lists it.
public struct FontDescription: Hashable, Sendable, Codable {
    /// The family name, such as `Inter`.
    public let family: String
    /// The style name, such as `Regular` or `Bold Italic`.
    public let style: String
    /// The font file's path.
    public let path: String
    /// The face's index inside the file.
    public let index: Int
    /// Whether the face is one of the bundled fonts (compiled into Galley, or from `GALLEY_FONTS_DIR`).
    public let isBundled: Bool

    enum CodingKeys: String, CodingKey {
        case family, style, path, index
        case isBundled = "bundled"
    }
}

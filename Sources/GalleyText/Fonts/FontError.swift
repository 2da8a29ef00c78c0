/// Why a font could not be found, opened or used.
///
/// Each case carries the offending value (a path, a family name, a size) and, where a limit was broken, the limit.
public enum FontError: GalleyError, Equatable, Sendable {
    /// No file exists at `path`.
    case fileNotFound(path: String)
    /// The file exists but is not a font FreeType or HarfBuzz can read (truncated, corrupt, another format).
    case invalidFontFile(path: String, reason: String)
    /// The file holds `faceCount` faces and `index` is not one of them.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// Neither the bundled fonts nor fontconfig know a family of this name.
    case unknownFamily(name: String, bundledFamilies: [String])
    /// The point size is zero, negative, not finite, or above ``Font/sizeLimit``.
    case invalidSize(Double, limit: ClosedRange<Double>)
    /// A fonts directory given in place of the compiled-in fonts (``BundledFonts/directory(_:)``, for example
    /// through `$GALLEY_FONTS_DIR`) does not exist or holds no font.
    case fontsDirectoryUnusable(path: String)
    /// fontconfig refused to set up a configuration.
    case fontconfigFailed(operation: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "font file not found: \(path)"
        case .invalidFontFile(let path, let reason):
            return "not a usable font file: \(path) (\(reason))"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "font file \(path) has \(count) face(s); index \(index) is out of range"
        case .unknownFamily(let name, let bundled):
            return "unknown font family \"\(name)\"; bundled families are \(bundled.joined(separator: ", "))"
        case .invalidSize(let size, let limit):
            return "font size \(size) pt is outside \(limit.lowerBound)...\(limit.upperBound) pt"
        case .fontsDirectoryUnusable(let path):
            return "fonts directory \(path) is missing or holds no font; point \(BundledFonts.directoryVariable) at a "
                + "directory of .ttf/.otf files, or unset it to use the fonts compiled into Galley"
        case .fontconfigFailed(let operation):
            return "fontconfig failed: \(operation)"
        }
    }
}

extension FontError {
    /// The error with `path` shown as `name` (a file as a request named it, not as it was resolved).
    public func naming(_ name: String, for path: String) -> FontError {
        switch self {
        case .fileNotFound(path): return .fileNotFound(path: name)
        case .invalidFontFile(path, let reason): return .invalidFontFile(path: name, reason: reason)
        case .faceIndexOutOfRange(path, let index, let count):
            return .faceIndexOutOfRange(path: name, index: index, faceCount: count)
        default: return self
        }
    }
}

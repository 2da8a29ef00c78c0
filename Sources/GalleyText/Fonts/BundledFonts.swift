import CGalleyFonts
import Foundation

/// Where a ``FontLibrary`` takes its bundled fonts from: the fonts it searches before any system font.
///
/// Galley's default fonts (Inter, JetBrains Mono, Noto Sans SC, Arabic, Hebrew and Devanagari, listed in the
/// source tree's `Fonts/README.md`) are compiled into the library, so a built `galley` or any program linking
/// Galley lays out and renders the same wherever it is copied, with no Fonts/ directory beside it.
public enum BundledFonts: Sendable, Equatable {
    /// The fonts compiled into Galley.
    case compiledIn
    /// The font files (`.ttf`, `.otf`, `.ttc`, `.otc`) found recursively in a directory, in place of the
    /// compiled-in fonts.
    case directory(String)
    /// No bundled fonts: only fontconfig's, or none at all.
    case none

    /// The environment variable that names a fonts directory to use in place of the compiled-in fonts.
    public static let directoryVariable = "GALLEY_FONTS_DIR"

    /// ``directory(_:)`` when `$GALLEY_FONTS_DIR` is set and not empty, else ``compiledIn``.
    public static var fromEnvironment: BundledFonts {
        guard let path = ProcessEnvironment.value(of: directoryVariable), !path.isEmpty else {
            return .compiledIn
        }
        return .directory(path)
    }

    /// Opens every face, sorted by path, and says why each file or face it skipped could not be used. A file
    /// reached by several paths (hard or symbolic links) is opened once.
    func faces() throws -> (faces: [FontFace], skipped: [FontError]) {
        switch self {
        case .compiledIn:
            return (try Self.compiledInFaces(), [])
        case .directory(let directory):
            var faces: [FontFace] = [], skipped: [FontError] = []
            var seen = Set<FileIdentity>()
            for path in Self.fontFiles(in: directory) {
                guard let identity = FileIdentity(path: path), seen.insert(identity).inserted else { continue }
                do {
                    for index in 0..<(try FontFace.faceCount(path: path)) {
                        do {
                            faces.append(try FontFace(path: path, index: index, isBundled: true, freeType: .verified))
                        } catch let error as FontError {
                            skipped.append(error)
                        }
                    }
                } catch let error as FontError {
                    skipped.append(error)
                }
            }
            guard !faces.isEmpty else { throw FontError.fontsDirectoryUnusable(path: directory) }
            return (faces, skipped)
        case .none:
            return ([], [])
        }
    }

    private static func compiledInFaces() throws -> [FontFace] {
        var faces: [FontFace] = []
        for file in 0..<CGalleyFonts_count() {
            var data: UnsafePointer<UInt8>?
            var length = 0
            guard let name = CGalleyFonts_file(file, &data, &length) else { continue }
            let path = "Fonts/" + String(cString: name)
            let bytes = UnsafeRawBufferPointer(start: data, count: length)
            faces.append(try FontFace(bundledPath: path, bytes: bytes, index: 0))
            // Collections hold further faces; the first one opening proves the bytes are a font.
            var index = 1
            while let face = try? FontFace(bundledPath: path, bytes: bytes, index: index) {
                faces.append(face)
                index += 1
            }
        }
        return faces
    }

    private static let fontExtensions: Set<String> = ["ttf", "otf", "ttc", "otc"]

    private static func fontFiles(in directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { fontExtensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
    }
}

import Foundation
import Galley

/// The pictures an input file names (attachments, wrapped pictures), read once each, their paths resolved against
/// the input file's folder.
final class ImageFiles {
    /// The folder relative paths start from; nil is the working directory.
    let baseDirectory: String?
    private var loaded: [String: Canvas] = [:]

    init(baseDirectory: String?) { self.baseDirectory = baseDirectory }

    /// `path` resolved against ``baseDirectory`` unless it is absolute.
    func resolve(_ path: String) -> String {
        guard !path.hasPrefix("/"), let baseDirectory, !baseDirectory.isEmpty else { return path }
        return (baseDirectory as NSString).appendingPathComponent(path)
    }

    /// The image at `path`, at one pixel per point.
    ///
    /// - Throws: `ImageError` (missing, unreadable, corrupt, over the pixel limit).
    func image(_ path: String) throws -> Canvas {
        let resolved = resolve(path)
        if let known = loaded[resolved] { return known }
        let image = try PNGReader.read(contentsOfFile: resolved)
        loaded[resolved] = image
        return image
    }

    /// An attachment of the image at `path` (nil: an empty box), `width` × `height` points (one given: the other
    /// keeps the image's proportions; neither: its pixel size), its bottom `baselineOffset` points above the
    /// baseline (negative hangs below).
    func attachment(
        path: String?, width: Double?, height: Double?, baselineOffset: Double, label: String?
    ) throws -> TextAttachment {
        guard let path else {
            return try TextAttachment(
                bounds: Rect(x: 0, y: baselineOffset, width: width ?? height ?? 0, height: height ?? width ?? 0),
                label: label)
        }
        let image = try self.image(path)
        let natural = (Double(image.width), Double(image.height))
        let size: (Double, Double)
        switch (width, height) {
        case let (width?, height?): size = (width, height)
        case let (width?, nil): size = (width, width * natural.1 / natural.0)
        case let (nil, height?): size = (height * natural.0 / natural.1, height)
        default: size = natural
        }
        return try TextAttachment(
            image: image, bounds: Rect(x: 0, y: baselineOffset, width: size.0, height: size.1), label: label)
    }
}

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

    /// An attachment of the image at `path` (nil: an empty box), `width` × `height` points (see
    /// ``size(of:width:height:pixelsPerPoint:)``), its bottom `baselineOffset` points above the baseline (negative
    /// hangs below).
    func attachment(
        path: String?, width: Double?, height: Double?, baselineOffset: Double, label: String?,
        pixelsPerPoint: Double = 1
    ) throws -> TextAttachment {
        guard let path else {
            return try TextAttachment(
                bounds: Rect(x: 0, y: baselineOffset, width: width ?? height ?? 0, height: height ?? width ?? 0),
                label: label)
        }
        let image = try self.image(path)
        let size = Self.size(of: image, width: width, height: height, pixelsPerPoint: pixelsPerPoint)
        return try TextAttachment(
            image: image, bounds: Rect(x: 0, y: baselineOffset, width: size.width, height: size.height), label: label)
    }

    /// The size `image` is shown at: `width` × `height` points; with one of them, the other keeping the image's
    /// proportions; with neither, its pixels divided by `pixelsPerPoint`.
    static func size(of image: Canvas, width: Double?, height: Double?, pixelsPerPoint: Double = 1) -> Size {
        let natural = Size(width: Double(image.width), height: Double(image.height))
        switch (width, height) {
        case let (width?, height?): return Size(width: width, height: height)
        case let (width?, nil): return Size(width: width, height: width * natural.height / natural.width)
        case let (nil, height?): return Size(width: height * natural.width / natural.height, height: height)
        default: return Size(width: natural.width / pixelsPerPoint, height: natural.height / pixelsPerPoint)
        }
    }
}

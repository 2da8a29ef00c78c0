import Galley

/// The files one document reads (pictures, font files), allowed by its ``FileAccess``; each picture decoded once
/// per file (not per spelling of its path: `./p.png`, `p.png` and a hard link are one picture) and all of them
/// together within ``DocumentLimits/documentImagePixels``.
public final class DocumentFiles {
    /// Which paths the document may read, and where relative ones start.
    public let access: FileAccess
    /// The most pixels the document's distinct pictures may have together.
    let pixelBudget: Int
    private var pictures: [FileIdentity: Canvas] = [:]
    /// Pictures given as data URIs, by the URI's text after `data:`.
    private var inlinePictures: [Substring: Canvas] = [:]
    /// Pictures reduced for the sizes they are shown at, by path and pixel size: each reduced once however often
    /// it is shown at that size.
    private var reducedPictures: [ReducedKey: Canvas] = [:]
    private var decodedPixels = 0

    private struct ReducedKey: Hashable {
        let path: String
        let width: Int
        let height: Int
    }

    /// Pixels kept per point of a picture's shown size: sixteen times the usual largest scale (8), so that drawing
    /// the reduced picture at any scale up to 8 gives the original's pixels (within a few levels on a photograph-like
    /// picture; PictureReductionTests).
    static let pixelsPerShownPoint = 128.0

    /// The files `access` allows, none read yet, their pictures held to `limits`'
    /// ``DocumentLimits/documentImagePixels``.
    public convenience init(access: FileAccess, limits: DocumentLimits = DocumentLimits()) {
        self.init(access: access, pixelBudget: limits.documentImagePixels)
    }

    init(access: FileAccess, pixelBudget: Int) {
        self.access = access
        self.pixelBudget = pixelBudget
    }

    /// The picture at `path`, at one pixel per point: a file, or the PNG a `data:image/png;base64,…` URI holds
    /// (read whatever the access, as it names no file).
    ///
    /// - Throws: ``FileRefused`` for a path outside the allowed folders; `ImageError` (missing, unreadable, corrupt, over the pixel limit of
    ///   one picture or of the document's pictures together).
    public func image(_ path: String) throws -> Canvas {
        if let inline = InlinePicture(path) {
            // The same data URI given again is the same picture: decoded and counted once.
            if let known = inlinePictures[inline.payload] { return known }
            let image = try counted(try inline.decode(), path: inline.name)
            if inlinePictures.count < 1_024 { inlinePictures[inline.payload] = image }
            return image
        }
        let resolved = try access.allow(path).path
        let identity = FileIdentity(path: resolved)
        if let identity, let known = pictures[identity] { return known }
        let decoded: Canvas
        do {
            decoded = try PictureReader.read(contentsOfFile: resolved)
        } catch let error as ImageError {
            throw error.naming(path)
        }
        let image = try counted(decoded, path: path)
        if let identity { pictures[identity] = image }
        return image
    }

    /// `image`, once its pixels are added to the document's, within the budget.
    private func counted(_ image: Canvas, path: String) throws -> Canvas {
        let total = decodedPixels + image.width * image.height
        guard total <= pixelBudget else {
            throw ImageError.overDocumentBudget(path: path, pixels: total, limit: pixelBudget)
        }
        decodedPixels = total
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
        let size = Self.size(of: image, named: path, width: width, height: height, pixelsPerPoint: pixelsPerPoint)
        let key = ReducedKey(
            path: path, width: Int((size.width * Self.pixelsPerShownPoint).rounded(.up)),
            height: Int((size.height * Self.pixelsPerShownPoint).rounded(.up)))
        let shown = reducedPictures[key] ?? image.reduced(keepingAtLeast: key.width, key.height)
        if reducedPictures.count < 1_024 { reducedPictures[key] = shown }
        return try TextAttachment(
            image: shown, bounds: Rect(x: 0, y: baselineOffset, width: size.width, height: size.height), label: label)
    }

    /// The size `image` (read from `path`) is shown at: `width` × `height` points; with one of them, the other
    /// keeping the image's proportions; with neither, its pixels divided by the scale its file's name gives
    /// (``pixelsPerPoint(named:)``), else by `pixelsPerPoint`.
    package static func size(
        of image: Canvas, named path: String, width: Double?, height: Double?, pixelsPerPoint: Double = 1
    ) -> Size {
        let pixelsPerPoint = Self.pixelsPerPoint(named: path) ?? pixelsPerPoint
        let natural = Size(width: Double(image.width), height: Double(image.height))
        switch (width, height) {
        case let (width?, height?): return Size(width: width, height: height)
        case let (width?, nil): return Size(width: width, height: width * natural.height / natural.width)
        case let (nil, height?): return Size(width: height * natural.width / natural.height, height: height)
        default: return Size(width: natural.width / pixelsPerPoint, height: natural.height / pixelsPerPoint)
        }
    }

    /// The pixels per point a picture's file name gives, as UIKit reads `icon@2x.png`: a name ending `@2x` to
    /// `@8x` before its extension; nil for any other name and for `data:` URIs.
    static func pixelsPerPoint(named path: String) -> Double? {
        guard InlinePicture(path) == nil, let name = path.split(separator: "/").last else { return nil }
        let stem = name.lastIndex(of: ".").map { name[..<$0] } ?? name[...]
        guard stem.hasSuffix("x"), let at = stem.lastIndex(of: "@"),
            let scale = Int(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]), (2...8).contains(scale)
        else { return nil }
        return Double(scale)
    }
}

import Foundation
import Galley

/// The kinds of image a document is written as (`galley render`, `/v1/render`): by the output's name or
/// `--format`.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// PNG through libpng, drawn and encoded band by band.
    case png
    /// WebP through libwebp: lossless (exact pixels) unless a quality is given.
    case webp
    /// JPEG through libjpeg-turbo, at a quality (90 unless one is given), on the page colour (JPEG has no alpha).
    case jpeg
    /// PDF through cairo: fonts embedded as subsets, the text selectable, links as annotations.
    case pdf
    /// SVG through cairo: glyphs as outlines, one CSS pixel per point.
    case svg

    /// The format a file named `fileName` asks for by its extension; nil for another extension or none.
    public init?(fileName: String) {
        let suffix = (fileName as NSString).pathExtension.lowercased()
        self.init(rawValue: suffix == "jpg" ? "jpeg" : suffix)
    }

    /// The extension of files in this format.
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// Whether a quality (``SettingName/quality``) changes the image: the lossy formats'.
    public var takesQuality: Bool { self == .webp || self == .jpeg }

    /// The format's media type (`Content-Type`).
    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .jpeg: return "image/jpeg"
        case .pdf: return "application/pdf"
        case .svg: return "image/svg+xml"
        }
    }

    /// Refuses what an image in this format has no use for: a quality beside a lossless format, a compression
    /// beside a lossy image, pages in a format without them; `name` spells each setting as the caller's surface
    /// does (`--quality`, `quality`). The one rule the renderer and every request ask.
    ///
    /// - Throws: ``InputError`` naming the setting.
    public func refuseUnused(
        quality: Bool, compression: Bool = false, pages: Bool, name: (SettingName) -> String = { $0.optionName }
    ) throws {
        if quality, !takesQuality {
            throw InputError(
                "\(name(.quality)) applies to WebP and JPEG only; \(rawValue.uppercased()) is written without loss: "
                    + "leave it out, or write webp or jpeg")
        }
        if compression, self != .png, self != .webp || quality {
            throw InputError(
                "\(name(.compression)) applies to PNG and lossless WebP only; "
                    + (self == .webp
                        ? "a WebP with a quality is lossy: leave one out"
                        : "\(rawValue.uppercased()) is compressed its own way"))
        }
        if pages, self != .pdf {
            throw InputError("\(name(.pageHeight)) splits a PDF into pages; ask for pdf (name the output .pdf)")
        }
    }

    /// The formats' extensions, for messages: `.png, .webp, .jpg, .pdf or .svg`.
    public static var extensionsList: String {
        let names = allCases.map { "." + $0.fileExtension }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

import Foundation
import Galley

/// The kinds of image a document is written as (`galley render`, `/v1/render`): by the output's name or
/// `--format`.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// PNG through libpng, drawn and encoded band by band.
    case png
    /// WebP through libwebp: lossless (exact pixels) unless a quality is given.
    case webp

    /// The format a file named `fileName` asks for by its extension; nil for another extension or none.
    public init?(fileName: String) {
        self.init(rawValue: (fileName as NSString).pathExtension.lowercased())
    }

    /// The extension of files in this format.
    public var fileExtension: String { rawValue }

    /// The format's media type (`Content-Type`).
    public var mediaType: String {
        switch self {
        case .png: return "image/png"
        case .webp: return "image/webp"
        }
    }

    /// The formats' extensions, for messages: `.png or .webp`.
    public static var extensionsList: String {
        let names = allCases.map { "." + $0.fileExtension }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

import Foundation
import Galley
import GalleyDocuments

/// `galley render -o -` and `galley layout --json` for a document given as text, whoever asks for them (the
/// service's `/v1/render` and `/v1/layout`, the C library): the same bytes the commands write.
package enum DocumentWork {
    /// The image `options` ask for (`format`, PNG by default) of `text` read as `kind`, drawn on `threads` threads;
    /// the files the document names are read as `access` allows.
    ///
    /// - Throws: for a bad option, document or image.
    package static func image(
        of text: String, kind: InputKind, options: RequestOptions, access: FileAccess, threads: Int
    ) throws -> (format: ImageFormat, bytes: [UInt8]) {
        let format = options.choice(.format, as: ImageFormat.self) ?? .png
        try options.checkOptions(apply: format)
        let (document, library) = try options.readDocument(text: text, kind: kind, documentAccess: access)
        let image = try options.renderImage(
            DocumentRenderer(document: document, library: library), as: format, threads: threads)
        return (format, [UInt8](image.data))
    }

    /// The JSON `galley layout --json` prints for `text` read as `kind` under `options`.
    ///
    /// - Throws: for a bad option or document.
    package static func layoutJSON(of text: String, kind: InputKind, options: RequestOptions, access: FileAccess)
        throws -> [UInt8]
    {
        let (document, library) = try options.readDocument(text: text, kind: kind, documentAccess: access)
        var json = ""
        try LayoutListing.write(document, library: library, json: true) { json += $0 }
        return Array(json.utf8)
    }
}

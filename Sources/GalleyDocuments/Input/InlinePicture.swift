import Foundation
import Galley

/// A picture given in the document itself as a `data:image/png;base64,…` URI (RFC 2397; `image/jpeg`,
/// `image/webp` and `image/gif` too) instead of a path: it reads no file, so it is accepted wherever a picture is,
/// whatever folders the document may read.
struct InlinePicture {
    /// The URI's base64 text.
    let payload: Substring

    /// The picture `reference` holds, or nil when it is not a data URI (a path).
    init?(_ reference: String) {
        guard reference.utf8.starts(with: "data:".utf8) else { return nil }
        payload = reference.dropFirst(5)
    }

    /// How errors name it: the URI's start, never its (long) text.
    let name = "data:image/…;base64,…"

    /// The picture types a data URI may name.
    static let types: Set<String> = ["image/png", "image/jpeg", "image/webp", "image/gif"]

    /// The picture decoded at one pixel per point.
    ///
    /// - Throws: `ImageError` for a data URI that is not a base64 picture, or for the picture itself.
    func decode() throws -> Canvas {
        guard let comma = payload.firstIndex(of: ",") else {
            throw ImageError.corrupt(path: name, message: "a data URI needs a comma before its data")
        }
        let header = payload[..<comma].lowercased()
        guard header.hasSuffix(";base64"), Self.types.contains(String(header.dropLast(7))) else {
            throw ImageError.corrupt(
                path: name,
                message: "data:\(header.prefix(40)) is not an inline picture (data:image/png;base64,…, or image/jpeg, "
                    + "image/webp, image/gif)")
        }
        guard
            let data = Data(
                base64Encoded: String(payload[payload.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else { throw ImageError.corrupt(path: name, message: "its base64 data does not decode") }
        return try PictureReader.read(data: data, named: name)
    }
}

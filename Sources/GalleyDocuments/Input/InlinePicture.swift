import Foundation
import Galley

/// A picture given in the document itself as a `data:image/png;base64,…` URI (RFC 2397) instead of a path: it
/// reads no file, so it is accepted wherever a picture is, whatever folders the document may read.
struct InlinePicture {
    /// The URI's base64 text.
    let payload: Substring

    /// The picture `reference` holds, or nil when it is not a data URI (a path).
    init?(_ reference: String) {
        guard reference.utf8.starts(with: "data:".utf8) else { return nil }
        payload = reference.dropFirst(5)
    }

    /// How errors name it: the URI's start, never its (long) text.
    let name = "data:image/png;base64,…"

    /// The PNG decoded at one pixel per point.
    ///
    /// - Throws: `ImageError` for a data URI that is not base64 PNG, or for the PNG itself.
    func decode() throws -> Canvas {
        guard let comma = payload.firstIndex(of: ",") else {
            throw ImageError.corrupt(path: name, message: "a data URI needs a comma before its data")
        }
        let header = payload[..<comma].lowercased()
        guard header == "image/png;base64" else {
            throw ImageError.corrupt(
                path: name, message: "data:\(header.prefix(40)) is not an inline PNG (data:image/png;base64,…)")
        }
        guard
            let data = Data(
                base64Encoded: String(payload[payload.index(after: comma)...]), options: .ignoreUnknownCharacters)
        else { throw ImageError.corrupt(path: name, message: "its base64 data does not decode") }
        return try PNGReader.read(data: data, named: name)
    }
}

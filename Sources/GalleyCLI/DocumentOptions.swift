import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// How the commands that lay out a whole input (`render`, `layout`) read it with the request settings laid over
/// what the file itself asks for, the font library's skipped faces reported first.
enum DocumentOptions {
    /// The document in the file `input` (.txt, .md, .json, or `-`) with `options` laid over it, and the font library
    /// it uses.
    static func read(_ input: String, options: RequestOptions) throws -> (Document, FontLibrary) {
        _ = try FontOptions.library(options)
        return try options.readDocument(path: input)
    }

    /// One JSON document given as text (a line of a .jsonl batch) with `options` laid over it; pictures it names are
    /// found relative to `baseDirectory`, and read from there and the allowed folders.
    static func read(json: String, baseDirectory: String?, options: RequestOptions) throws -> (Document, FontLibrary) {
        _ = try FontOptions.library(options)
        return try options.readDocument(json: json, baseDirectory: baseDirectory)
    }
}

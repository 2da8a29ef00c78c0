import Foundation
import GalleyDocuments

/// A URL's query string read as an HTML form encodes it: `&`-separated `name=value` pairs, `+` for a space, `%XX`
/// escapes; how `galley serve`'s query parameters reach ``RequestOptions``.
public enum RequestQuery {
    /// The most parameters one query may hold.
    public static let itemLimit = 256

    /// The items of `query` in order (repeated names kept, empty pairs skipped), both sides decoded.
    ///
    /// - Throws: ``InputError`` for a malformed escape, one that is not UTF-8, or more than ``itemLimit`` items.
    public static func items(_ query: String?) throws -> [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        let pairs = query.split(separator: "&")
        guard pairs.count <= itemLimit else {
            throw InputError("the query has \(pairs.count) parameters; at most \(itemLimit)")
        }
        return try pairs.map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (try decode(parts[0]), parts.count > 1 ? try decode(parts[1]) : "")
        }
    }

    private static func decode(_ text: Substring) throws -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw InputError("the query has a malformed %-escape in \"\(text.prefix(80))\"")
        }
        return decoded
    }
}

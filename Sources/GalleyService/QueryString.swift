import Foundation

/// Reads a URL's query string as an HTML form encodes it: `&`-separated `name=value` pairs, `+` for a space,
/// `%XX` escapes.
enum QueryString {
    /// The items of `query` in order (repeated names kept, empty pairs skipped).
    ///
    /// - Throws: ``ServiceFailure`` (400) for a malformed escape or one that is not UTF-8.
    static func items(_ query: String?) throws -> [QueryItem] {
        guard let query, !query.isEmpty else { return [] }
        return try query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return QueryItem(name: try decode(parts[0]), value: parts.count > 1 ? try decode(parts[1]) : "")
        }
    }

    private static func decode(_ text: Substring) throws -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw ServiceFailure.badRequest("the query has a malformed %-escape in \"\(text.prefix(80))\"")
        }
        return decoded
    }
}

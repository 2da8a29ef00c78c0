import GalleyDocuments
import GalleyRequests
import Synchronization

/// Settings decoded once per distinct settings text: a program that measures row by row with the same keywords
/// asks for the same settings thousands of times, and decoding them (and resolving their font) cost more than
/// measuring a short row. Held to ``limit`` entries, forgotten all at once when full.
final class SettingsCache: Sendable {
    /// The process's cache.
    static let shared = SettingsCache()

    /// The most settings texts kept.
    static let limit = 64

    /// Measuring by the settings text that asked for it.
    private let measuring = Mutex([String: RowMeasuring]())

    /// The measuring `json` asks for, decoded once and then reused (a font file it names is read once, as the
    /// library's fonts are).
    ///
    /// - Throws: as ``LibrarySettings/init(json:work:)`` and ``RowMeasuring/init(options:rowAccess:)`` do (an error
    ///   is not kept: the next call reports it again).
    func rowMeasuring(json: String?) throws -> RowMeasuring {
        let key = json ?? ""
        if let known = measuring.withLock({ $0[key] }) { return known }
        let settings = try LibrarySettings(json: json, work: .measure)
        let made = try RowMeasuring(options: settings.options, rowAccess: settings.access)
        measuring.withLock { table in
            if table.count >= Self.limit { table.removeAll() }
            table[key] = made
        }
        return made
    }
}

/// Shaped words kept across paragraphs and threads: key = the shaping context (font with its variations and size,
/// shaping attributes, script, direction) and the word's UTF-16; value = its glyphs with clusters counted from
/// the word's start, and whether the word may be joined to its neighbours without shaping them together.
///
/// ``Shaper`` stores a word (with its trailing spaces) or a group of words that stands between spaces, and joins
/// them only across boundaries where HarfBuzz would give the same glyphs for the whole line (see
/// ``FontInstance/isSpaceNeutral(_:)``). Bounded at ``entryLimit`` words: when full it empties and starts over.
/// Safe to share between threads: one lock guards the table; shaping happens outside it.
public final class ShapeCache: Sendable {
    /// The cache shapers use unless given their own.
    public static let shared = ShapeCache(entryLimit: 100_000)

    /// The most words held.
    public let entryLimit: Int

    /// What besides its text decides how a word shapes.
    struct Context: Hashable {
        let font: Font
        let shaping: ShapingKey
        let script: Script
        let rightToLeft: Bool
    }

    /// A word in a context, the context named by its number so that a word's key hashes only the word.
    struct Key: Hashable {
        let context: Int
        let word: [UInt16]
    }

    private struct Tables {
        var words: BoundedTable<Key, ShapedWord>
        var contexts: [Context: Int] = [:]
    }

    private let tables: Locked<Tables>

    public init(entryLimit: Int) {
        self.entryLimit = max(0, entryLimit)
        tables = Locked(Tables(words: BoundedTable(costLimit: entryLimit)))
    }

    /// The number of words held.
    public var count: Int { tables.withLock { $0.words.count } }

    /// The number standing for `context` in keys; contexts are few (fonts × attributes × scripts), and when there
    /// are more than the word limit the words and contexts start over together.
    func context(for context: Context) -> Int {
        tables.withLock { tables in
            if let number = tables.contexts[context] { return number }
            if tables.contexts.count >= entryLimit {
                tables.contexts.removeAll()
                tables.words.removeAll()
            }
            let number = tables.contexts.count
            tables.contexts[context] = number
            return number
        }
    }

    /// Forgets every word (to free memory, or to measure with a cold cache).
    public func removeAll() {
        tables.withLock { tables in
            tables.words.removeAll()
            tables.contexts.removeAll()
        }
    }

    func word(for key: Key) -> ShapedWord? { tables.withLock { $0.words[key] } }

    func store(_ word: ShapedWord, for key: Key) { tables.withLock { $0.words.insert(word, for: key) } }
}

/// A word's glyphs, and whether every character in it is space-neutral in its font.
struct ShapedWord {
    var glyphs: [ShapedGlyph]
    let isSeparable: Bool
}

@_spi(Stages) import GalleyText

/// Shaped words kept across paragraphs and threads: key = the shaping context (font with its variations and size,
/// shaping attributes, script, direction) and the word's UTF-16; value = its glyphs with clusters counted from
/// the word's start, and whether the word may be joined to its neighbours without shaping them together.
///
/// `Shaper` stores a word (with its trailing spaces) or a group of words that stands between spaces, and joins
/// them only across boundaries where HarfBuzz would give the same glyphs for the whole line (see
/// `FontInstance.isSpaceNeutral(_:)`). Bounded at ``entryLimit`` words: when full it empties and starts over.
/// Safe to share between threads: one lock guards the table; shaping happens outside it.
package final class ShapeCache: Sendable {
    /// The cache shapers use unless given their own.
    package static let shared = ShapeCache(entryLimit: 100_000)

    /// The most words held.
    package let entryLimit: Int

    /// What besides its text decides how a word shapes.
    struct Context: Hashable {
        let font: Font
        let shaping: ShapingKey
        let script: Script
        let rightToLeft: Bool
    }

    /// A word in a context, the context named by its number so that a word's key hashes only the word. Words of
    /// up to 12 UTF-16 units (most, with their trailing space) are packed into the key itself, so that looking
    /// one up allocates nothing.
    struct Key: Hashable {
        let context: Int
        let length: Int
        private let packed0: UInt64, packed1: UInt64, packed2: UInt64
        /// The units of a word too long to pack.
        private let long: [UInt16]?

        init(context: Int, word: UnsafeBufferPointer<UInt16>) {
            self.context = context
            length = word.count
            var packed: (UInt64, UInt64, UInt64) = (0, 0, 0)
            if word.count <= 12 {
                for (index, unit) in word.enumerated() {
                    let bits = UInt64(unit) << (16 * UInt64(index % 4))
                    switch index / 4 {
                    case 0: packed.0 |= bits
                    case 1: packed.1 |= bits
                    default: packed.2 |= bits
                    }
                }
                long = nil
            } else {
                long = Array(word)
            }
            (packed0, packed1, packed2) = packed
        }

        /// A key no word in a context makes (context numbers are not negative).
        static let unused = Key(context: -1, word: UnsafeBufferPointer(start: nil, count: 0))

        /// The key's bits mixed by multiplication, for a table indexed by their top bits; nil for a word too long
        /// to pack.
        var mixedBits: UInt64? {
            guard long == nil else { return nil }
            let head = UInt64(truncatingIfNeeded: context) << 8 | UInt64(truncatingIfNeeded: length)
            return (packed0 &* 0x9E37_79B9_7F4A_7C15) ^ (packed1 &* 0xC2B2_AE3D_27D4_EB4F)
                ^ (packed2 &* 0x1656_67B1_9E37_79F9) ^ (head &* 0x27D4_EB2F_1656_67C5)
        }
    }

    private struct Tables {
        var words: BoundedTable<Key, CachedWord>
        var contexts: [Context: Int] = [:]
        /// Context numbers are never reused, so a number a shaper remembers stays its context's (at worst it
        /// misses words stored under the number another shaper got after the table started over).
        var nextContextNumber = 0
    }

    private let tables: Locked<Tables>

    /// A cache of at most `entryLimit` shaped words.
    package init(entryLimit: Int) {
        self.entryLimit = max(0, entryLimit)
        tables = Locked(Tables(words: BoundedTable(costLimit: entryLimit)))
    }

    /// The number of words held.
    package var count: Int { tables.withLock { $0.words.count } }

    /// The number standing for `context` in keys; contexts are few (fonts × attributes × scripts), and when there
    /// are more than the word limit the words and contexts start over together.
    func context(for context: Context) -> Int {
        tables.withLock { tables in
            if let number = tables.contexts[context] { return number }
            if tables.contexts.count >= entryLimit {
                tables.contexts.removeAll()
                tables.words.removeAll()
            }
            let number = tables.nextContextNumber
            tables.nextContextNumber += 1
            tables.contexts[context] = number
            return number
        }
    }

    /// Forgets every word (to free memory, or to measure with a cold cache).
    package func removeAll() {
        tables.withLock { tables in
            tables.words.removeAll()
            tables.contexts.removeAll()
        }
    }

    func word(for key: Key) -> CachedWord? { tables.withLock { $0.words[key] } }

    func store(_ word: CachedWord, for key: Key) { tables.withLock { $0.words.insert(word, for: key) } }
}

/// A word as the cache holds it: its glyphs packed, clusters counted from the word's start, and whether every
/// character in it is space-neutral in its font. Sendable as its glyphs are never changed once packed.
struct CachedWord: @unchecked Sendable {
    let glyphs: PackedGlyphs
    let isSeparable: Bool
}

/// A word's glyphs, and whether every character in it is space-neutral in its font.
struct ShapedWord {
    /// The glyphs of a word shaped in place, clusters counted from ``clusterOffset``: from the word's start when
    /// it is about to be cached, from the paragraph's start (offset 0) otherwise. Empty for a cached word.
    var glyphs: [ShapedGlyph] = []
    /// A cached word's glyphs, clusters counted from its start.
    var packed: PackedGlyphs? = nil
    let isSeparable: Bool
    /// What to add to the glyphs' clusters for offsets from the paragraph's start.
    var clusterOffset = 0

    /// Appends the glyphs to `output`, clusters counted from the paragraph's start.
    func append(to output: inout [ShapedGlyph]) {
        // Through optional chaining, which borrows the glyphs: bound by `if let`, they were retained.
        if packed?.append(to: &output, movedBy: clusterOffset) != nil { return }
        let first = output.count
        output.append(contentsOf: glyphs)
        if clusterOffset != 0 {
            for index in first..<output.count { output[index].cluster += clusterOffset }
        }
    }
}

/// Shaped words kept across paragraphs and threads: key = font (face, variations, size), shaping attributes,
/// script, direction and the word's UTF-16; value = its glyphs with clusters counted from the word's start.
///
/// Only words that shape the same alone as in their line go here (see ``FontFace/shapesWordByWord``), so a hit
/// gives exactly the glyphs HarfBuzz would. Bounded at ``entryLimit`` words: when full it empties and starts over.
/// Safe to share between threads: one lock guards the table; shaping happens outside it.
public final class ShapeCache: Sendable {
    /// The cache shapers use unless given their own.
    public static let shared = ShapeCache(entryLimit: 100_000)

    /// The most words held.
    public let entryLimit: Int

    struct Key: Hashable {
        let font: Font
        let shaping: ShapingKey
        let script: Script
        let rightToLeft: Bool
        let word: [UInt16]
    }

    private let table: Locked<BoundedTable<Key, [ShapedGlyph]>>

    public init(entryLimit: Int) {
        self.entryLimit = max(0, entryLimit)
        table = Locked(BoundedTable(costLimit: entryLimit))
    }

    /// The number of words held.
    public var count: Int { table.withLock { $0.count } }

    func glyphs(for key: Key) -> [ShapedGlyph]? { table.withLock { $0[key] } }

    func store(_ glyphs: [ShapedGlyph], for key: Key) { table.withLock { $0.insert(glyphs, for: key) } }
}

import GalleyLayout
@_spi(Stages) import GalleyText

/// A glyph drawn at one size and subpixel offset: 8-bit coverage, or a premultiplied BGRA image for colour emoji.
struct GlyphBitmap: Sendable {
    let width: Int
    let height: Int
    /// Pixels from the pen's whole-pixel x to the bitmap's left edge.
    let left: Int
    /// Pixels from the baseline up to the bitmap's top edge.
    let top: Int
    /// Coverage, `width` bytes per row; empty for a colour glyph.
    let coverage: [UInt8]
    /// The image of a colour glyph.
    let color: ColorBitmap?
    /// Whether this is only the part of a huge glyph inside one canvas (never cached).
    var isClipped = false

    var byteCount: Int { coverage.count + (color?.bgra.count ?? 0) + 64 }

    /// A huge glyph none of which reaches the window it was asked for: nothing to draw here, but not an answer to
    /// keep (another window may meet it).
    static let clippedAway = GlyphBitmap(
        width: 0, height: 0, left: 0, top: 0, coverage: [], color: nil, isClipped: true)
}

/// A premultiplied BGRA image, as FreeType gives colour bitmaps.
struct ColorBitmap: Sendable {
    let width: Int
    let height: Int
    let bgra: [UInt8]
}

/// Rasterized glyphs kept across renders, keyed by face, variation coordinates, pixel size, glyph id, horizontal
/// subpixel shift (in 64ths of a pixel) and form (slant, expansion, stroke).
///
/// Bounded by ``byteLimit``: when an insertion would pass it, the cache empties and starts over (cheaper than LRU
/// bookkeeping on every hit, and a render refills what it uses). Safe to share between threads: one lock guards
/// the table, and rasterizing happens outside it.
package final class GlyphCache: Sendable {
    /// The cache every ``Renderer`` uses unless given its own: 64 MiB.
    package static let shared = GlyphCache(byteLimit: 64 << 20)

    /// The most bytes of bitmaps the cache holds.
    package let byteLimit: Int

    struct Key: Hashable, Sendable {
        let face: FontFace
        let variations: [FontVariation]
        let pixelSize: Double
        let glyph: UInt32
        /// The rightward shift of the outline, in 64ths of a pixel (FreeType's 26.6).
        let shift: UInt8
        var form: GlyphForm = .plain
    }

    private let table: Locked<BoundedTable<Key, GlyphBitmap?>>

    /// A cache holding at most `byteLimit` bytes of bitmaps.
    package init(byteLimit: Int) {
        self.byteLimit = max(0, byteLimit)
        table = Locked(BoundedTable(costLimit: byteLimit))
    }

    /// The number of glyphs held.
    package var count: Int { table.withLock { $0.count } }
    /// The bytes of bitmaps held.
    package var byteCount: Int { table.withLock { $0.totalCost } }

    /// Empties the cache.
    package func removeAll() { table.withLock { $0.removeAll() } }

    func bitmap(for key: Key, rasterize: () -> GlyphBitmap?) -> GlyphBitmap? {
        if let found = table.withLock({ $0[key] }) { return found }
        let bitmap = rasterize()
        if bitmap?.isClipped == true { return bitmap }
        table.withLock { $0.insert(bitmap, for: key, cost: bitmap?.byteCount ?? 64) }
        return bitmap
    }
}

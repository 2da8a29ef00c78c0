/// The words one shaper met lately, in front of its ``ShapeCache``: a hit here costs a multiplication and a
/// comparison, where the shared cache costs a lock and a SipHash of the key (most of shaping's time when nearly
/// every word is a hit, as in measuring rows).
///
/// Direct-mapped: a word's slot is fixed by its key's bits, and a word that lands on a taken slot replaces its
/// tenant. Holds only words short enough to pack into their key. Needs no lock, as a shaper serves one thread.
/// Entries stay right after the shared cache starts over: a context's number is never reused.
struct RecentWords {
    /// A power of two: 1,024 slots of 80 bytes each.
    private static let slotBits = 10
    private var slots: [(key: ShapeCache.Key, word: ShapedWord)?] = Array(repeating: nil, count: 1 << slotBits)

    /// The word held for `key`, if `key` is in its slot.
    func word(for key: ShapeCache.Key) -> ShapedWord? {
        guard let slot = Self.slot(of: key), let entry = slots[slot], entry.key == key else { return nil }
        return entry.word
    }

    /// Holds `word` for `key`, in place of the slot's tenant.
    mutating func store(_ word: ShapedWord, for key: ShapeCache.Key) {
        guard let slot = Self.slot(of: key) else { return }
        slots[slot] = (key, word)
    }

    private static func slot(of key: ShapeCache.Key) -> Int? {
        key.mixedBits.map { Int(truncatingIfNeeded: $0 >> UInt64(64 - slotBits)) }
    }
}

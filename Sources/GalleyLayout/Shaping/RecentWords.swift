@_spi(Stages) import GalleyText

/// The words one shaper met lately, in front of its `ShapeCache`: a hit here costs a multiplication and a
/// comparison, where the shared cache costs a lock and a SipHash of the key (most of shaping's time when nearly
/// every word is a hit, as in measuring rows).
///
/// Direct-mapped: a word's slot is fixed by its key's bits, and a word that lands on a taken slot replaces its
/// tenant. Holds only words short enough to pack into their key. Needs no lock, as a shaper serves one thread.
/// Entries stay right after the shared cache starts over: a context's number is never reused.
struct RecentWords {
    /// A power of two: 1,024 slots.
    private static let slotBits = 10
    /// An empty slot holds a key no word makes. Slots are read in place: an optional tuple of a key and a word was
    /// copied whole at every lookup, through the runtime's generic copy.
    private var slots = [Slot](repeating: Slot(key: ShapeCache.Key.unused, word: nil), count: 1 << slotBits)

    private struct Slot {
        var key: ShapeCache.Key
        var word: CachedWord?
    }

    /// The word held for `key`, if `key` is in its slot.
    func word(for key: ShapeCache.Key) -> CachedWord? {
        guard let slot = Self.slot(of: key) else { return nil }
        return slots.withUnsafeBufferPointer { $0[slot].key == key ? $0[slot].word : nil }
    }

    /// Holds `word` for `key`, in place of the slot's tenant.
    mutating func store(_ word: CachedWord, for key: ShapeCache.Key) {
        guard let slot = Self.slot(of: key) else { return }
        slots[slot] = Slot(key: key, word: word)
    }

    private static func slot(of key: ShapeCache.Key) -> Int? {
        key.mixedBits.map { Int(truncatingIfNeeded: $0 >> UInt64(64 - slotBits)) }
    }
}

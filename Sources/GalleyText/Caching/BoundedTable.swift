/// A dictionary with a bound on the total cost of what it holds: an insertion that would pass the bound empties
/// it first. Galley's caches (glyph bitmaps, shaped words, font lookups and fallbacks) use it inside their locks;
/// emptying beats LRU bookkeeping on every hit, and a render or a layout refills what it uses.
package struct BoundedTable<Key: Hashable, Value> {
    /// The most total cost held.
    let costLimit: Int
    private(set) var entries: [Key: Value] = [:]
    /// The total cost of the entries.
    package private(set) var totalCost = 0

    package init(costLimit: Int) { self.costLimit = max(0, costLimit) }

    package subscript(key: Key) -> Value? { entries[key] }

    package var count: Int { entries.count }

    /// Holds `value` for `key` unless the key is already held or `cost` alone passes the bound.
    package mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        guard entries[key] == nil else { return }
        if totalCost + cost > costLimit {
            entries.removeAll(keepingCapacity: true)
            totalCost = 0
        }
        guard cost <= costLimit else { return }
        entries[key] = value
        totalCost += cost
    }

    package mutating func removeAll() {
        entries.removeAll()
        totalCost = 0
    }
}

/// A dictionary with a bound on the total cost of what it holds: an insertion that would pass the bound empties
/// it first. Galley's caches (glyph bitmaps, shaped words, font lookups and fallbacks) use it inside their locks;
/// emptying beats LRU bookkeeping on every hit, and a render or a layout refills what it uses.
struct BoundedTable<Key: Hashable, Value> {
    /// The most total cost held.
    let costLimit: Int
    private(set) var entries: [Key: Value] = [:]
    /// The total cost of the entries.
    private(set) var totalCost = 0

    init(costLimit: Int) { self.costLimit = max(0, costLimit) }

    subscript(key: Key) -> Value? { entries[key] }

    var count: Int { entries.count }

    /// Holds `value` for `key` unless the key is already held or `cost` alone passes the bound.
    mutating func insert(_ value: Value, for key: Key, cost: Int = 1) {
        guard entries[key] == nil else { return }
        if totalCost + cost > costLimit {
            entries.removeAll(keepingCapacity: true)
            totalCost = 0
        }
        guard cost <= costLimit else { return }
        entries[key] = value
        totalCost += cost
    }

    mutating func removeAll() {
        entries.removeAll()
        totalCost = 0
    }
}

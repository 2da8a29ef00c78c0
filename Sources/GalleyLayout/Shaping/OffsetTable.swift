@_spi(Stages) import GalleyText

/// Values at a few of a paragraph's UTF-16 offsets (or of its breaks' indices), kept as one array sorted by
/// offset: a lookup is a bisection over the few entries, and entries added in increasing order (as a paragraph is
/// walked) are appended. A dictionary hashed every offset asked, and a row of Chinese asks at every candidate
/// line end; its storage was also an allocation per table per paragraph. One array, not one of offsets and one
/// of values: a line breaker holds six tables, and each copy of it retains each array.
struct OffsetTable<Value: Sendable>: Sendable {
    /// The entries, by increasing offset.
    private(set) var entries: [(offset: Int, value: Value)] = []

    /// Whether no offset has a value.
    var isEmpty: Bool { entries.isEmpty }

    /// How many offsets have a value.
    var count: Int { entries.count }

    /// The offsets that have a value, in increasing order.
    var offsets: some Collection<Int> { entries.lazy.map(\.offset) }

    /// The value at `offset`; nil where there is none. Setting nil removes it.
    subscript(offset: Int) -> Value? {
        get {
            let index = index(of: offset)
            return index < entries.count && entries[index].offset == offset ? entries[index].value : nil
        }
        set {
            let index = index(of: offset)
            let present = index < entries.count && entries[index].offset == offset
            switch (newValue, present) {
            case (let value?, true): entries[index].value = value
            case (let value?, false): entries.insert((offset, value), at: index)
            case (nil, true): entries.remove(at: index)
            case (nil, false): break
            }
        }
    }

    /// The value at `offset`, `defaultValue` where there is none: for changing a value in place.
    subscript(offset: Int, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[offset] ?? defaultValue() }
        set { self[offset] = newValue }
    }

    /// Adds the entries of `other`, in one pass over both (an entry inserted among others moves those after it:
    /// inserting many would be quadratic); where both have an offset, its value is `combine(self's, other's)`.
    mutating func merge(_ other: OffsetTable<Value>, combining combine: (Value, Value) -> Value) {
        guard !other.isEmpty else { return }
        guard let last = entries.last, last.offset >= other.entries[0].offset else {
            entries.append(contentsOf: other.entries)
            return
        }
        var merged: [(offset: Int, value: Value)] = []
        merged.reserveCapacity(entries.count + other.entries.count)
        var mine = 0, theirs = 0
        while mine < entries.count || theirs < other.entries.count {
            if theirs == other.entries.count
                || (mine < entries.count && entries[mine].offset < other.entries[theirs].offset)
            {
                merged.append(entries[mine])
                mine += 1
            } else if mine == entries.count || other.entries[theirs].offset < entries[mine].offset {
                merged.append(other.entries[theirs])
                theirs += 1
            } else {
                merged.append((entries[mine].offset, combine(entries[mine].value, other.entries[theirs].value)))
                mine += 1
                theirs += 1
            }
        }
        entries = merged
    }

    /// The index of the first entry at or past `offset`. An offset past the last entry (the common case while a
    /// paragraph is walked forward) is answered without a bisection.
    func index(of offset: Int) -> Int {
        guard let last = entries.last, offset <= last.offset else { return entries.count }
        return entries.partitioningIndex { $0.offset >= offset }
    }
}

extension OffsetTable {
    /// A reader of the table at offsets that never decrease: a walk along its entries (a prepared paragraph asks
    /// five tables at every break, and CJK spacing one at every cluster of a run).
    struct AscendingReader {
        private let entries: [(offset: Int, value: Value)]
        private var next: Int

        /// A reader from the table's entry `first` on (the first at or past the offsets it will be asked).
        init(_ table: OffsetTable<Value>, from first: Int = 0) {
            entries = table.entries
            next = first
        }

        /// The offset of the first entry not passed yet (`Int.max` past the last): asked below it, the table
        /// gives nothing.
        var nextOffset: Int { next < entries.count ? entries[next].offset : .max }

        /// The table's value at `offset`, nil where it has none; `offset` is at least the one asked before.
        mutating func entry(at offset: Int) -> Value? {
            while next < entries.count, entries[next].offset < offset { next += 1 }
            return next < entries.count && entries[next].offset == offset ? entries[next].value : nil
        }
    }
}

extension OffsetTable.AscendingReader where Value == Double {
    /// The table's value at `offset`, 0 where it has none; `offset` is at least the one asked before.
    mutating func value(at offset: Int) -> Double { entry(at: offset) ?? 0 }
}

extension RandomAccessCollection where Index == Int {
    /// The first index whose element makes `isPast` true, or `endIndex` when none does, by bisection: `isPast`
    /// must be false for a prefix of the collection and true for the rest (it is sorted by what `isPast` tests).
    /// The one binary search of the package: run starts, line breaks, tab stops, clusters, fragments.
    @_spi(Stages) @inlinable public func partitioningIndex(where isPast: (Element) throws -> Bool) rethrows -> Int {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if try isPast(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

import Galley
import GalleyRequests
import Synchronization

/// Measurers kept between calls, per font library, so that a program measuring batch after batch keeps the words
/// its measurers have learnt (a new measurer shapes every word again). A call takes a set out and puts it back, so
/// calls at once on different threads never share one.
final class WorkerPool: Sendable {
    /// The process's pool.
    static let shared = WorkerPool()

    /// One measurer per worker thread; unchecked Sendable because a set is used by one call at a time, taken out of
    /// the pool for the call.
    private final class MeasurerSet: @unchecked Sendable {
        let measurers: [TextMeasurer]
        init(_ measurers: [TextMeasurer]) { self.measurers = measurers }
    }

    /// Sets of measurers waiting, by font library; at most ``setsPerLibrary`` each.
    private let idle = Mutex([ObjectIdentifier: [MeasurerSet]]())
    /// The most idle sets kept for one library (more calls at once make sets that are dropped after).
    static let setsPerLibrary = 4
    /// The most font libraries idle sets are kept for.
    static let libraryLimit = 8

    /// Runs `body` with one measurer per usable processor for `measuring`'s library, under its limits.
    func withMeasurers<Result>(for measuring: RowMeasuring, _ body: ([TextMeasurer]) throws -> Result) rethrows
        -> Result
    {
        let key = ObjectIdentifier(measuring.library)
        let set =
            idle.withLock { $0[key]?.popLast() }
            ?? MeasurerSet((0..<Processors.usable).map { _ in measuring.workerMeasurer() })
        for measurer in set.measurers { measurer.limits = measuring.limits }
        defer {
            idle.withLock { idle in
                // Font files the settings name make libraries of their own: the pool is held to a few.
                if idle[key] == nil, idle.count >= Self.libraryLimit { idle.removeAll() }
                if idle[key, default: []].count < Self.setsPerLibrary { idle[key, default: []].append(set) }
            }
        }
        return try body(set.measurers)
    }
}

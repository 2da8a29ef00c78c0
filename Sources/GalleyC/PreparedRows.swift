import Galley
import GalleyDocuments
import GalleyRequests
import Synchronization

/// Rows prepared once for `galley_prepared_measure`: each row's text shaped and its breaks found, measured at any
/// width by a scan of its break widths. A lock keeps calls on one handle from different threads (Python releases
/// its lock around a foreign call) one at a time.
final class PreparedRows: Sendable {
    private let rows: Mutex<[PreparedRow]>
    /// How many rows, failed ones included.
    let count: Int

    /// Prepares every row `reader` gives under `measuring`.
    init(measuring: RowMeasuring, reader: LineReader) throws {
        let measurer = measuring.workerMeasurer()
        var rows: [PreparedRow] = []
        while true {
            let batch = try reader.nextLines(RowMeasuring.batchSize)
            if batch.isEmpty { break }
            for line in batch { rows.append(measuring.prepare(line, with: measurer)) }
        }
        count = rows.count
        self.rows = Mutex(rows)
    }

    /// Every row measured at `width` points, a line each; the status says whether a row failed.
    func measure(width: Double) throws -> (bytes: [UInt8], status: Int32) {
        guard width.isFinite, width > 0 else { throw InputError("width \(width) must be a positive number of points") }
        return rows.withLock { rows in
            var text: [UInt8] = []
            var failed = false
            for row in rows {
                let line = RowMeasuring.measure(row, width: width)
                failed = failed || line.failed
                text += line.line.utf8
                text.append(UInt8(ascii: "\n"))
            }
            return (text, failed ? galleyRowsFailed : galleyOK)
        }
    }
}

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

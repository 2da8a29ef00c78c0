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
            var answer = MeasuredText()
            answer.append(rows.lazy.map { RowMeasuring.measure($0, width: width) })
            return (answer.bytes, answer.status)
        }
    }
}

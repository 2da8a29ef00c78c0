import Dispatch
import GalleyRequests

/// Writes batches of result lines to standard output in order, when `overlapped` on a thread of its own one batch
/// behind the caller at most, so that writing overlaps measuring and memory stays bounded (on one processor there
/// is nothing to overlap, and a thread would only cost memory).
final class OrderedOutput: @unchecked Sendable {
    private let queue: DispatchQueue?
    private let pending = DispatchSemaphore(value: 1)

    init(overlapped: Bool) { queue = overlapped ? DispatchQueue(label: "galley.measure.output") : nil }

    /// Set on the output thread, read after waiting for it: the first write failure, and whether a line failed.
    private var failure: Error?
    private var anyFailed = false

    /// Queues `results` after the batches before it, once the previous one is written; throws a failure of an
    /// earlier write.
    func write(_ results: [MeasuredLine]) throws {
        pending.wait()
        if let failure {
            pending.signal()
            throw failure
        }
        let work: @Sendable () -> Void = { [self] in
            defer { pending.signal() }
            var text = ""
            for result in results {
                if result.failed { anyFailed = true }
                text += result.line + "\n"
            }
            do { try StandardOutput.write(text) } catch { failure = error }
        }
        if let queue { queue.async(execute: work) } else { work() }
    }

    /// Waits for the last batch; throws a write failure, else returns whether any line failed.
    func finish() throws -> Bool {
        pending.wait()
        defer { pending.signal() }
        if let failure { throw failure }
        return anyFailed
    }
}

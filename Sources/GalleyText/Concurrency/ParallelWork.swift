import Dispatch
import Synchronization

/// Items handed out one index at a time to a few threads: the package's one loop for work split across processors
/// (PNG bands, paragraphs shaped ahead of the typesetter, `measure` lines, a batch's images).
package enum ParallelWork {
    /// `body(index, worker)` for every index in `0..<count`, on up to `threads` threads (the calling one among
    /// them). Each thread makes its own state with `makeWorker` once and takes the next index when it finishes
    /// one, so a slow item holds no other back. The results come back in index order.
    ///
    /// The first error thrown (by `makeWorker` or `body`, or ``WorkCancelled`` once the caller's
    /// ``Cancellation`` is cancelled) stops the hand-out and is thrown once every thread has
    /// stopped; the results already made are dropped.
    package static func map<Worker, Result>(
        count: Int, threads: Int, makeWorker: @Sendable () throws -> Worker,
        _ body: @Sendable (Int, Worker) throws -> Result
    ) throws -> [Result] {
        let results = Locked([Result?](repeating: nil, count: count))
        let failure = Locked<(any Error)?>(nil)
        handOut(count: count, threads: threads) { _, next in
            do {
                let worker = try makeWorker()
                while failure.withLock({ $0 == nil }), let index = next() {
                    try Cancellation.check()
                    let result = try body(index, worker)
                    results.withLock { $0[index] = result }
                }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { $0.map { $0! } }
    }

    /// `body(index, thread)` for every index in `0..<count`, on up to `threads` threads, where `thread` (in
    /// `0..<threads`) names the thread running it, for state a caller keeps per thread across calls (a word
    /// cache per `measure` worker).
    package static func forEach(count: Int, threads: Int, _ body: @Sendable (_ index: Int, _ thread: Int) -> Void) {
        handOut(count: count, threads: threads) { thread, next in
            while let index = next() { body(index, thread) }
        }
    }

    /// Runs `perThread(thread, next)` on up to `threads` threads at once; `next()` hands out the indices
    /// `0..<count` one at a time, across all of them, and nil once they are all handed out.
    private static func handOut(
        count: Int, threads: Int, _ perThread: @Sendable (_ thread: Int, _ next: () -> Int?) -> Void
    ) {
        let next = Atomic(0)
        // The caller's cancellation reaches the other threads too.
        let cancellation = Cancellation.current
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { thread in
            Cancellation.$current.withValue(cancellation) {
                perThread(thread) {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    return index < count ? index : nil
                }
            }
        }
    }
}

import Dispatch

/// Items handed out one index at a time to a few threads: Galley's one loop for work split across processors
/// (PNG bands, paragraphs shaped ahead of the typesetter).
enum ParallelWork {
    /// `body(index, worker)` for every index in `0..<count`, on up to `threads` threads (the calling one among
    /// them). Each thread makes its own state with `makeWorker` once and takes the next index when it finishes
    /// one, so a slow item holds no other back. The results come back in index order.
    ///
    /// The first error thrown (by `makeWorker` or `body`) stops the hand-out and is thrown once every thread has
    /// stopped; the results already made are dropped.
    static func map<Worker, Result>(
        count: Int, threads: Int, makeWorker: @Sendable () throws -> Worker,
        _ body: @Sendable (Int, Worker) throws -> Result
    ) throws -> [Result] {
        let results = Locked([Result?](repeating: nil, count: count))
        let next = Locked(0)
        let failure = Locked<(any Error)?>(nil)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, count))) { _ in
            do {
                let worker = try makeWorker()
                while failure.withLock({ $0 == nil }) {
                    let index = next.withLock { value in
                        defer { value += 1 }
                        return value
                    }
                    guard index < count else { return }
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
}

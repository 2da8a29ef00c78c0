import Foundation
import Galley
import Synchronization

/// The threads that measure and draw for the service, and the admission of requests to them.
///
/// A request holds a ``Place`` from when it is admitted until it and every job it started have ended: at most
/// `workers + queue` places exist, so the work waiting can never grow past them, and a request that finds none is
/// refused at once. Jobs run in arrival order on `workers` threads of their own (Swift's cooperative threads and
/// NIO's event loops never block on layout), each thread with an index for the state it keeps across jobs (a
/// measurer and its word cache).
final class WorkPool: @unchecked Sendable {
    /// The number of worker threads.
    let workers: Int
    /// The most requests admitted at once.
    let places: Int

    // Unchecked Sendable: `jobs` is guarded by `condition`; `admitted` and `busy` are atomics.
    private let condition = NSCondition()
    private var jobs: [@Sendable (Int) -> Void] = []
    private var nextJob = 0
    private let admitted = Atomic(0)
    private let busy = Atomic(0)

    /// Where jobs' deadlines are watched.
    let deadlines: Deadlines

    /// A pool of `workers` threads, started at once, admitting `workers + queue` requests at a time; jobs'
    /// deadlines are watched by `deadlines`.
    init(workers: Int, queue: Int, deadlines: Deadlines) {
        self.workers = workers
        self.deadlines = deadlines
        places = workers + queue
        for worker in 0..<workers {
            let thread = Thread { [self] in work(as: worker) }
            thread.name = "galley-worker-\(worker)"
            thread.start()
        }
    }

    /// The requests admitted now, and the workers busy now.
    var load: (admitted: Int, busyWorkers: Int) { (admitted.load(ordering: .relaxed), busy.load(ordering: .relaxed)) }

    /// A place for one request, or nil when all are taken.
    func admit() -> Place? {
        var current = admitted.load(ordering: .relaxed)
        while current < places {
            let (exchanged, original) = admitted.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiring)
            if exchanged { return Place(pool: self) }
            current = original
        }
        return nil
    }

    /// A request's hold on the pool, given back when the last reference to it goes: the request's handler, its
    /// response body and its jobs each keep one, so a job still running past its request's deadline keeps its
    /// place until it ends.
    final class Place: Sendable {
        private let pool: WorkPool

        fileprivate init(pool: WorkPool) { self.pool = pool }

        deinit { pool.admitted.subtract(1, ordering: .releasing) }
    }

    /// Why a job did not produce a result.
    enum Outcome: Error {
        /// `deadline` passed first: the job was skipped if it had not started, and its result is dropped if it
        /// had.
        case deadlinePassed
    }

    /// `work(worker)` run on a worker thread for the request holding `place`, awaited until `deadline`.
    ///
    /// - Throws: ``Outcome/deadlinePassed`` when the deadline comes first (or the awaiting task is cancelled); what
    ///   `work` throws.
    func run<Result: Sendable>(
        for place: Place, until deadline: ContinuousClock.Instant,
        _ work: @escaping @Sendable (_ worker: Int) throws -> Result
    ) async throws -> Result {
        let ticket = Ticket<Result>()
        // At the deadline the request is answered, and the job, if it has started, is asked to stop: layout,
        // drawing and measuring check the token every band, picture and row, and give the worker back.
        let cancellation = Cancellation()
        let token = deadlines.add(deadline) {
            cancellation.cancel()
            ticket.end(.failure(Outcome.deadlinePassed))
        }
        defer { deadlines.remove(token) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                ticket.wait(with: continuation)
                enqueue { worker in
                    _ = place  // held until the job ends
                    guard ticket.start() else { return }
                    ticket.end(Swift.Result(catching: { try cancellation.run { try work(worker) } }))
                }
            }
        } onCancel: {
            cancellation.cancel()
            ticket.end(.failure(Outcome.deadlinePassed))
        }
    }

    private func enqueue(_ job: @escaping @Sendable (Int) -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// A worker thread's loop: the oldest job next, forever.
    private func work(as worker: Int) {
        while true {
            condition.lock()
            while nextJob == jobs.count { condition.wait() }
            let job = jobs[nextJob]
            nextJob += 1
            // The taken jobs are dropped from the front once they are half the array.
            if nextJob * 2 >= jobs.count {
                jobs.removeFirst(nextJob)
                nextJob = 0
            }
            condition.unlock()
            busy.add(1, ordering: .relaxed)
            job(worker)
            busy.subtract(1, ordering: .relaxed)
        }
    }
}

/// The meeting point of a job and the request awaiting it: whichever ends it first (its result, its deadline, a
/// cancellation) resumes the request, once; a job that finds it ended before starting is skipped.
private final class Ticket<Result: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result, any Error>?
        /// How it ended, when it ended before the continuation was given.
        var early: Swift.Result<Result, any Error>?
        var ended = false
    }

    private let state = Mutex(State())

    func wait(with continuation: CheckedContinuation<Result, any Error>) {
        let early = state.withLock { state -> Swift.Result<Result, any Error>? in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            return early
        }
        if let early { continuation.resume(with: early) }
    }

    /// Whether the job should run: false once the ticket ended.
    func start() -> Bool { state.withLock { !$0.ended } }

    func end(_ result: Swift.Result<Result, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result, any Error>? in
            guard !state.ended else { return nil }
            state.ended = true
            guard let continuation = state.continuation else {
                state.early = result
                return nil
            }
            state.continuation = nil
            return continuation
        }
        continuation?.resume(with: result)
    }
}

import Synchronization

/// A signal that asks work under way to stop: laying out checks it before each band of lines and each paragraph,
/// drawing before each band of pixels and each picture, paragraph-wide line breaking every thousand breaks, and
/// measuring before each row, so cancelled work ends within a band's time (milliseconds) and gives its thread
/// back. Work sees the token bound as ``current`` around it (``run(_:)``), so no signature carries one.
public final class Cancellation: Sendable {
    private let cancelled = Atomic(false)

    /// A token not yet cancelled.
    public init() {}

    /// Asks the work that runs under this token to stop; its next check throws ``WorkCancelled``.
    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    /// The token of the work running on this thread (or task), if any.
    @TaskLocal public static var current: Cancellation?

    /// `work`'s result, run with this token as ``current``.
    public func run<Result>(_ work: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(self) { try work() }
    }

    /// Throws when this token has been cancelled.
    public func check() throws(WorkCancelled) {
        if isCancelled { throw WorkCancelled() }
    }

    /// Throws when the current work's token has been cancelled; a check where no token is bound costs a lookup.
    public static func check() throws(WorkCancelled) {
        if let current, current.isCancelled { throw WorkCancelled() }
    }
}

/// Work stopped because its ``Cancellation`` was cancelled (its deadline passed, or the user interrupted it).
public struct WorkCancelled: GalleyError, Equatable {
    /// Work stopped before it ended.
    public init() {}

    public var description: String { "the work was stopped before it ended (its deadline passed or it was cancelled)" }
}

import Foundation

/// A value that is only ever touched while holding a lock: Galley's one lock type (package-wide: the documents
/// module and the command use it too). The one exception waits rather than locks: the service's work pool, whose
/// requests wait for a worker on a condition variable (`NSCondition`).
///
/// It is built on `NSLock` (a pthread mutex) rather than `Synchronization.Mutex` for two reasons: its value may be
/// a non-Sendable C handle, and ThreadSanitizer sees pthread locks but not Mutex's futex, so it reported false
/// races on Mutex-guarded state (`Scripts/sanitize thread`).
package final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) { self.value = value }

    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// `body`'s result under the lock when the lock is free now; nil, without waiting, when another thread holds it.
    package func withLockIfAvailable<T>(_ body: (inout Value) throws -> T) rethrows -> T? {
        guard lock.try() else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked {
    /// The value kept, made by `make` at the first call that finds none: a fact read once and then kept (a
    /// face's features). Calls meanwhile wait for it rather than making it again.
    package func value<Wrapped>(orMaking make: () throws -> Wrapped) rethrows -> Wrapped where Value == Wrapped? {
        try withLock { value in
            if let value { return value }
            let made = try make()
            value = made
            return made
        }
    }
}

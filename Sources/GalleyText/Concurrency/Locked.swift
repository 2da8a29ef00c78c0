import Foundation

/// A value that is only ever touched while holding a lock, in the library's stages (package-wide: the documents
/// module uses it too).
///
/// Galley's locks are Swift's `Mutex` where it serves (the command's and the service's own state, the document
/// limits), this type where it does not, and one condition variable (the service's work pool, on which requests
/// wait for a worker). This one is built on `NSLock` (a pthread mutex) for two reasons: its value may be a
/// non-Sendable C handle, and ThreadSanitizer sees pthread locks but not Mutex's futex, so it reported false races
/// on Mutex-guarded state in the library's caches (`Scripts/sanitize thread`).
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

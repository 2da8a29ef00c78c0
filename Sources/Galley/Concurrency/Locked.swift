import Foundation

/// A value of a non-Sendable type (a C handle, usually) that is only ever touched while holding a lock.
///
/// `Synchronization.Mutex` needs its value to be sendable across isolation regions, which C pointers are not;
/// this wrapper states the actual guarantee: every access happens inside ``withLock(_:)``.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

import Synchronization

/// A value made by the first caller that asks and then read by every thread with one atomic load, without a lock:
/// facts a face learns once and is asked for again and again (its character coverage, how its lookups use the
/// space and neighbouring glyphs). Two threads asking first may both make it; one answer is kept.
///
/// The value is published by address (a retained box, swapped in by one compare-and-exchange) and read in place,
/// neither copied nor retained: a lock, or a copy of a value holding sets, cost more than the question asked of it,
/// and on two cores each took the same cache line from the other.
final class PublishedOnce<Value: Sendable>: Sendable {
    /// The address of the retained ``Box``, 0 before the value is made.
    private let address = Atomic<Int>(0)

    private final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    init() {}

    deinit {
        let published = address.load(ordering: .acquiring)
        if published != 0 { Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: published)!).release() }
    }

    /// `body` of the value, made by `make` first when none is published.
    func read<Result>(orMaking make: () -> Value, _ body: (Value) -> Result) -> Result {
        box(orMaking: make)._withUnsafeGuaranteedRef { body($0.value) }
    }

    /// The value, made by `make` first when none is published (a copy: ``read(orMaking:_:)`` reads it in place).
    func value(orMaking make: () -> Value) -> Value { read(orMaking: make) { $0 } }

    /// The published box, made and published by the first caller.
    private func box(orMaking make: () -> Value) -> Unmanaged<Box> {
        let published = address.load(ordering: .acquiring)
        if published != 0 { return Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: published)!) }
        let made = Unmanaged.passRetained(Box(make()))
        let (exchanged, found) = address.compareExchange(
            expected: 0, desired: Int(bitPattern: made.toOpaque()), ordering: .acquiringAndReleasing)
        if exchanged { return made }
        made.release()
        return Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: found)!)
    }
}

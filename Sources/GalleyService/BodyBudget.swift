import Synchronization

/// The bytes of request bodies the service holds at once, uploads under way included: admission to the workers
/// happens once a body is in, so a slow upload holds a connection and the bytes it has sent, never a worker's
/// place, while the bodies held together stay within one bound.
final class BodyBudget: Sendable {
    /// The most bytes held at once.
    let limit: Int
    private let held = Atomic(0)

    /// A budget of `limit` bytes.
    init(limit: Int) { self.limit = limit }

    /// Takes `count` bytes; false, taking nothing, when that would pass the limit.
    fileprivate func take(_ count: Int) -> Bool {
        var current = held.load(ordering: .relaxed)
        while current + count <= limit {
            let (exchanged, original) = held.compareExchange(
                expected: current, desired: current + count, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    fileprivate func give(_ count: Int) { held.subtract(count, ordering: .relaxed) }

    /// The bytes of request bodies held now: being read, or waiting for their work.
    var heldBytes: Int { held.load(ordering: .relaxed) }
}

/// One request's share of the ``BodyBudget``, given back when the last reference to it goes (the request, its
/// jobs and its streamed answer each keep one, as they keep their place).
final class BodyReservation: Sendable {
    private let budget: BodyBudget
    private let bytes = Atomic(0)

    init(_ budget: BodyBudget) { self.budget = budget }

    /// Takes `count` more bytes; false when the budget has none left.
    func take(_ count: Int) -> Bool {
        guard budget.take(count) else { return false }
        bytes.add(count, ordering: .relaxed)
        return true
    }

    deinit { budget.give(bytes.load(ordering: .relaxed)) }
}

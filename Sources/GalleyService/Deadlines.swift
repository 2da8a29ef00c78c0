import Synchronization

/// Actions to take when requests' deadlines pass, all checked by one task every ``resolution``: a request costs a
/// lock and a dictionary entry rather than a timer of its own (a timer each made the dispatch manager's queue the
/// service's busiest code). Entries live only while their request waits, so there are at most as many as the work
/// pool has places.
package final class Deadlines: Sendable {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let action: @Sendable () -> Void
    }

    private struct State {
        var nextToken = 0
        var entries: [Int: Entry] = [:]
    }

    /// How late an action may fire after its deadline.
    static let resolution: Duration = .milliseconds(10)

    private let state = Mutex(State())

    /// No deadlines yet.
    package init() {}

    /// Calls `action` once `deadline` has passed, unless the returned token is given to ``remove(_:)`` first.
    func add(_ deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextToken += 1
            state.entries[state.nextToken] = Entry(deadline: deadline, action: action)
            return state.nextToken
        }
    }

    /// Forgets the action of `token`.
    func remove(_ token: Int) {
        _ = state.withLock { $0.entries.removeValue(forKey: token) }
    }

    /// Fires the actions whose deadlines have passed, every ``resolution``, until the task is cancelled.
    package func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.resolution)
            let now = ContinuousClock.now
            let due = state.withLock { state -> [Entry] in
                let due = state.entries.filter { $0.value.deadline <= now }
                for token in due.keys { state.entries[token] = nil }
                return Array(due.values)
            }
            for entry in due { entry.action() }
        }
    }
}

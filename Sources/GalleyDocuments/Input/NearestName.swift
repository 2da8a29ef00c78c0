/// The known name nearest a mistyped one, for "did you mean" in errors.
public enum NearestName {
    /// The name in `names` fewest edits (insertions, deletions, substitutions, swaps of neighbours) from `typed`,
    /// when it is at most a third of the typed name's length away (at least 1, at most 3); nil otherwise.
    public static func among(_ names: [String], to typed: String) -> String? {
        let typed = Array(typed.lowercased().prefix(64))
        let allowed = min(3, max(1, typed.count / 3))
        var best: (name: String, distance: Int)?
        for name in names {
            let candidate = Array(name.lowercased())
            guard abs(candidate.count - typed.count) <= allowed else { continue }
            let distance = editDistance(typed, candidate)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}

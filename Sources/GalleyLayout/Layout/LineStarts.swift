@_spi(Stages) import GalleyText

/// Galley's one definition of a line, for every count and list of line starts (measurements, prepared text,
/// layouts): a band, the fragments placed side by side at one top (beside an exclusion a line has several), in
/// the order they are placed.
struct LineStarts {
    /// Each line's first UTF-16 offset.
    private(set) var offsets: [Int] = []
    private var lastTop = -Double.infinity

    /// Notes a fragment (or a prepared line) placed at `top` from `offset`: the first at a new top starts a line.
    mutating func add(top: Double, offset: Int) {
        guard top != lastTop else { return }
        // Room for a few lines at once: most texts measured are rows of a few lines, and growing the array from
        // one to two to four allocated two or three times a row.
        if offsets.isEmpty { offsets.reserveCapacity(4) }
        offsets.append(offset)
        lastTop = top
    }
}

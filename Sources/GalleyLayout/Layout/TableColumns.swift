@_spi(Stages) import GalleyText

/// How a ``TextTable``'s columns share the width they are given: each column is at least as wide as its widest
/// unbreakable piece (its minimum) and at most as wide as its widest unbroken line (its maximum), both with the cell
/// padding on each side.
///
/// Where not every column can have its maximum, this departs from CSS's automatic table layout as Typst and LaTeX's
/// `tabulary` depart from it. CSS gives every column its minimum and shares the rest in proportion to what each
/// would still take, so one long sentence in one column squeezes a column of two-character words until they wrap a
/// character a line. Here the cells that would fit on one line take their room first, the narrowest first, so a
/// column of short entries (and its header) stays one line a cell while a column of sentences can give; what is
/// left then goes to the columns still short of their maximum as CSS shares it.
enum TableColumns {
    /// The widths of columns whose cells need at least `minimum` points each (padding included) and whose cells'
    /// unbroken lines are `cells` points wide (a list per column, padding included), in `available` points: every
    /// column at its maximum (its widest cell) when they fit, the table then narrower than the space; when even
    /// the minimums do not fit, the minimums scaled down to the space (the cells' words then break between
    /// characters); else each column from its minimum widened to hold its cells on one line, cell by cell from the
    /// narrowest cell of the table up, each where the room left allows, and the room left shared among the columns
    /// still short of their maximum in proportion to what each would still take.
    ///
    /// A table that `fills` its space gives the room its maxima leave to its columns in proportion to them (all
    /// columns alike when they are all empty).
    static func widths(minimum: [Double], cells: [[Double]], available: Double, fills: Bool = false) -> [Double] {
        let available = max(0, available)
        let maximum = zip(minimum, cells).map { max($0, $1.max() ?? 0) }
        let least = minimum.reduce(0, +), most = maximum.reduce(0, +)
        if most <= available {
            guard fills, most < available else { return maximum }
            return most > 0
                ? maximum.map { $0 * available / most } : maximum.map { _ in available / Double(maximum.count) }
        }
        if least >= available {
            return least > 0
                ? minimum.map { $0 * available / least }
                : minimum.map { _ in available / Double(max(1, minimum.count)) }
        }
        var widths = minimum
        var room = available - least
        let byWidth = cells.enumerated().flatMap { column, widths in widths.map { (column, $0) } }
            .sorted { $0.1 < $1.1 }
        for (column, width) in byWidth where width > widths[column] && width - widths[column] <= room {
            room -= width - widths[column]
            widths[column] = width
        }
        let wanting = zip(widths, maximum).reduce(0) { $0 + ($1.1 - $1.0) }
        guard room > 0, wanting > 0 else { return widths }
        return zip(widths, maximum).map { $0 + ($1 - $0) * min(1, room / wanting) }
    }
}

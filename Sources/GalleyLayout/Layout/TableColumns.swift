@_spi(Stages) import GalleyText

/// How a ``TextTable``'s columns share the width they are given, as CSS's automatic table layout shares it: each
/// column is at least as wide as its widest unbreakable piece (its minimum) and at most as wide as its widest
/// unbroken line (its maximum), both with the cell padding on each side.
enum TableColumns {
    /// The widths of columns whose cells need at least `minimum` and at most `maximum` points each (padding
    /// included) in `available` points: every maximum when they fit (the table narrower than the space); else each
    /// minimum plus a share of the room left in proportion to what the column would still take; when even the
    /// minimums do not fit, the minimums scaled down to the space (the cells' words then break between
    /// characters).
    ///
    /// A table that `fills` its space gives the room its maxima leave to its columns in proportion to them (all
    /// columns alike when they are all empty).
    static func widths(minimum: [Double], maximum: [Double], available: Double, fills: Bool = false) -> [Double] {
        let available = max(0, available)
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
        let share = (available - least) / (most - least)
        return zip(minimum, maximum).map { $0 + ($1 - $0) * share }
    }
}

@_spi(Stages) import GalleyText

/// Where a ``TextTable`` was laid out in one container: its column and row edges there, which drawing rules and
/// tints read. A table whose rows run on into the next container has a frame in each. Coordinates are the
/// container's, in points.
public struct TableFrame: Sendable {
    /// The table.
    public let table: TextTable
    /// The container this part of the table is in.
    public let containerIndex: Int
    /// The table's row this part starts with (0 for the first part; a row split between containers counts in both).
    public var firstRow = 0
    /// The columns' left edges, then the last column's right edge (``TextTable/columnCount`` + 1 values).
    public let columnEdges: [Double]
    /// The rows' top edges, then the last row's bottom edge (one more than the rows laid out; a part that repeats
    /// the header starts with the header's edges).
    public let rowEdges: [Double]
    /// The lines of the table's header rows drawn again at the top of this part, where the table ran on from the
    /// container before (empty in its first part, and where there was no room). They are not among the layout's
    /// ``TextLayout/lineFragments``: their characters are laid out once, in the first part.
    public var repeatedHeaderLines: [LineFragment] = []

    /// How many of this part's rows are header rows: those of the table's ``TextTable/headerRowCount`` it holds,
    /// or repeats.
    public var headerRowCount: Int {
        repeatedHeaderLines.isEmpty ? max(0, table.headerRowCount - firstRow) : table.headerRowCount
    }

    /// The table's outer rectangle.
    public var rect: Rect {
        let (left, right) = (columnEdges.first ?? 0, columnEdges.last ?? 0)
        let (top, bottom) = (rowEdges.first ?? 0, rowEdges.last ?? 0)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

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
    /// The rows' top edges, then the last row's bottom edge (one more than the rows laid out).
    public let rowEdges: [Double]

    /// How many of this part's rows are header rows: those of the table's ``TextTable/headerRowCount`` it holds.
    public var headerRowCount: Int { max(0, table.headerRowCount - firstRow) }

    /// The table's outer rectangle.
    public var rect: Rect {
        let (left, right) = (columnEdges.first ?? 0, columnEdges.last ?? 0)
        let (top, bottom) = (rowEdges.first ?? 0, rowEdges.last ?? 0)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

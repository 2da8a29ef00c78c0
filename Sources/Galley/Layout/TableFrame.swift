/// Where a ``TextTable`` was laid out: its column and row edges in its container, which drawing rules and tints
/// read. Coordinates are the container's, in points.
public struct TableFrame: Sendable {
    /// The table.
    public let table: TextTable
    /// The container the table's first row is in.
    public let containerIndex: Int
    /// The columns' left edges, then the last column's right edge (``TextTable/columnCount`` + 1 values).
    public let columnEdges: [Double]
    /// The rows' top edges, then the last row's bottom edge (one more than the rows laid out).
    public let rowEdges: [Double]

    /// The table's outer rectangle.
    public var rect: Rect {
        let (left, right) = (columnEdges.first ?? 0, columnEdges.last ?? 0)
        let (top, bottom) = (rowEdges.first ?? 0, rowEdges.last ?? 0)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

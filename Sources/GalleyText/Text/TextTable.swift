/// A table whose cells are paragraphs, as TextKit's `NSTextTable` with its `NSTextTableBlock`s: each paragraph of
/// the table names its cell (``ParagraphStyle/tableCell``), the cells follow one another row by row, and the
/// layout sizes the columns from their content (CSS's automatic table layout), sets each cell's lines inside its
/// column, and makes each row as tall as its tallest cell.
///
/// A table is known by its identity: consecutive paragraphs naming the same table object are its cells.
public final class TextTable: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns, 1 to ``columnLimit``.
    public let columnCount: Int
    /// The space between a cell's edges and its text, on each side, in points.
    public let cellPadding: Double
    /// How many rows at the top are header rows (drawn on a tint, with a heavier rule below them).
    public let headerRowCount: Int
    /// The colour of the rules around and between cells; nil draws none.
    public let ruleColor: Color?
    /// The colour the header rows are filled with; nil for none.
    public let headerColor: Color?
    /// The colour the table's area is filled with, its corners rounded by half the cell padding (a code block's
    /// box); nil for none.
    public let backgroundColor: Color?
    /// Whether the table takes the whole width it is given (CSS `width: 100%`) rather than only what its content
    /// needs.
    public let fillsWidth: Bool

    /// The most columns a table may have.
    public static let columnLimit = 1_000

    /// A table of `columnCount` columns (clamped to 1...``columnLimit``), `cellPadding` points inside each cell
    /// (clamped to 0...100), its first `headerRowCount` rows headers, its rules in `ruleColor`, its header rows
    /// filled with `headerColor` (by default the rule colour at a tenth of its alpha), its area filled with
    /// `backgroundColor`, as wide as its content or, when `fillsWidth`, as the space it is given.
    public init(
        columnCount: Int, cellPadding: Double = 6, headerRowCount: Int = 0, ruleColor: Color? = nil,
        headerColor: Color? = nil, backgroundColor: Color? = nil, fillsWidth: Bool = false
    ) {
        self.columnCount = min(max(1, columnCount), Self.columnLimit)
        self.cellPadding = cellPadding.isFinite ? min(max(0, cellPadding), 100) : 0
        self.headerRowCount = max(0, headerRowCount)
        self.ruleColor = ruleColor
        self.headerColor = headerColor ?? ruleColor.map { $0.withAlpha($0.alpha * 0.1) }
        self.backgroundColor = backgroundColor
        self.fillsWidth = fillsWidth
    }

    /// Whether `lhs` and `rhs` are the same table.
    public static func == (lhs: TextTable, rhs: TextTable) -> Bool { lhs === rhs }

    /// Hashes the table's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The table's columns and padding, for debugging.
    public var description: String { "TextTable(\(columnCount) columns, padding \(cellPadding) pt)" }
}

/// The cell of a ``TextTable`` a paragraph is set in (TextKit's `NSTextTableBlock`): its row and column, from 0.
public struct TextTableCell: Hashable, Sendable {
    /// The table.
    public let table: TextTable
    /// The cell's row, from 0.
    public let row: Int
    /// The cell's column, from 0, below the table's ``TextTable/columnCount`` (clamped into it).
    public let column: Int

    /// The cell at `row` and `column` of `table`.
    public init(table: TextTable, row: Int, column: Int) {
        self.table = table
        self.row = max(0, row)
        self.column = min(max(0, column), table.columnCount - 1)
    }
}

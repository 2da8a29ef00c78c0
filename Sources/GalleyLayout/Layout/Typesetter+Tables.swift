@_spi(Stages) import GalleyText

/// A table being placed: its columns and the row the cells have reached.
struct TableState {
    /// A cell of the row being placed: where its fragments start among the typesetter's, its first line's
    /// baseline and how far down its text reached (container coordinates, points).
    struct RowCell {
        var fragmentStart: Int
        var firstBaseline: Double?
        var bottom: Double
    }

    let table: TextTable
    /// The container the rows being placed are in, and the row the table's part there starts with.
    var containerIndex: Int
    var firstRow = 0
    /// The columns' left edges, then the last one's right edge, in container coordinates.
    let columnEdges: [Double]
    /// The container's line-fragment padding, which the placer insets every span by.
    let framePadding: Double
    var row = -1
    /// The column of the cell placed last (a cell may hold several paragraphs).
    var column = -1
    var rowTop = 0.0
    var rowCells: [RowCell] = []
    var rowEdges: [Double] = []
    /// The space after the last cell placed (its paragraph spacing), kept below the table.
    var spacingAfter = 0.0
    /// The table's header rows as first placed (their lines, and their top edges then the last one's bottom),
    /// kept to repeat at the top of each container the table runs on into; nil before they are placed, or when
    /// lines are not kept.
    var header: (lines: [LineFragment], edges: [Double])?
    /// Where the table's lines start among the typesetter's fragments.
    var fragmentStart = 0
    /// The header lines repeated at the top of this part of the table (none in its first part).
    var repeatedHeader: [LineFragment] = []

    /// The stretch cell `column`'s lines may use, padding included (the placer insets it by `framePadding`).
    func span(column: Int) -> FreeSegment {
        let inset = table.cellPadding - framePadding
        let (left, right) = (columnEdges[column] + inset, columnEdges[column + 1] - inset)
        return FreeSegment(minX: left, maxX: max(left, right))
    }
}

extension Typesetter {
    /// Starts placing `cell`, paragraph `index`: lays out the table's columns when it is the table's first cell
    /// (from the intrinsic widths of all its cells, the paragraphs from `index` on naming the same table), ends the
    /// row before when the cell starts a new one, and puts the text at the top of the row's cell.
    mutating func enterTableCell(
        _ cell: TextTableCell, index: Int, paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph
    ) throws {
        if table?.table !== cell.table {
            closeTable()
            table = try tableState(cell.table, from: index, paragraph: paragraph, shaped: shaped)
            table?.fragmentStart = output.fragments.count
        }
        guard table != nil else { return }
        if cell.row != table!.row {
            let top = table!.row >= 0 ? closeRow() : bands.blockOffset
            table!.row = cell.row
            table!.column = -1
            table!.rowTop = top
            table!.rowEdges.append(top)
        }
        // A cell's further paragraphs follow its first one; a new cell starts at the row's top.
        if table!.column == cell.column, !table!.rowCells.isEmpty { return }
        table!.column = cell.column
        bands.blockOffset = table!.rowTop + cell.table.cellPadding
        table!.rowCells.append(
            TableState.RowCell(fragmentStart: output.fragments.count, firstBaseline: nil, bottom: bands.blockOffset))
    }

    /// Moves the table on to the container the band about to be placed went to, when that is the next one: the
    /// rows so far keep their frame in the container they are in, closed below the lowest line placed there; the
    /// row being placed goes on at the new container's top (`top`), its cell's next lines first (the cells before
    /// it in the row stay behind, so the row's baselines are not lined up again), below the table's header rows
    /// repeated as a reader of a long table on paper expects (``repeatedHeaderHeight(at:blockSize:)``). Returns how
    /// far the header pushes the band down, in points (0 when none is repeated).
    mutating func followTable(toBandAt top: Double, blockSize: Double) -> Double {
        guard var state = table, state.containerIndex != bands.containerIndex else { return 0 }
        let padding = state.table.cellPadding
        let rowStart = state.rowCells.first?.fragmentStart ?? output.fragments.count
        let placed = output.fragments[rowStart...].lazy.filter { $0.containerIndex == state.containerIndex }
        let lowest = placed.map(\.rect.maxY).max()
        // Closed below the lowest line by the cell padding, as far as the container reaches.
        let container = bands.frames[state.containerIndex]
        let bottom = min(
            max(state.rowTop + 2 * padding, (lowest ?? state.rowTop) + padding),
            container.isHeightUnbounded ? .infinity : container.height)
        // A table none of whose lines made it into the container leaves no frame there.
        if lowest != nil || state.rowEdges.count > 1 {
            output.addTable(frame(of: state, bottom: bottom))
        }
        let shift = repeatedHeaderHeight(at: top, blockSize: blockSize)
        state.containerIndex = bands.containerIndex
        state.firstRow = max(0, state.row)
        state.rowTop = top + shift
        state.rowEdges = [top]
        state.repeatedHeader = []
        if shift > 0, let header = state.header {
            // The header moved from where it was first placed to the container's top.
            let dy = top - header.edges[0]
            state.rowEdges = header.edges.map { $0 + dy }
            state.repeatedHeader = header.lines.map {
                $0.offset(y: dy, characters: 0, paragraphIndex: $0.paragraphIndex, containerIndex: bands.containerIndex)
            }
        }
        state.rowCells = [
            TableState.RowCell(fragmentStart: output.fragments.count, firstBaseline: nil, bottom: top + shift)
        ]
        table = state
        return shift
    }

    /// How tall the header rows repeated above a band placed at `top`, `blockSize` points tall, in the container
    /// the table just ran on into are: the header's height when the table has header rows above the row going on,
    /// the container has no exclusions (its lines' widths would change where they move down), and the header takes
    /// at most a third of the container with room left for the band; else 0.
    private func repeatedHeaderHeight(at top: Double, blockSize: Double) -> Double {
        guard let state = table, let edges = state.header?.edges, state.row >= state.table.headerRowCount,
            !bands.hasExclusions
        else { return 0 }
        let height = edges[edges.count - 1] - edges[0]
        let container = bands.frames[bands.containerIndex]
        guard container.isHeightUnbounded || height <= container.height / 3,
            container.isHeightUnbounded || top + height + blockSize <= container.height
        else { return 0 }
        return height
    }

    /// The frame of the part of the table `state` describes, its last row's bottom at `bottom`.
    private func frame(of state: TableState, bottom: Double) -> TableFrame {
        var frame = TableFrame(
            table: state.table, containerIndex: state.containerIndex, columnEdges: state.columnEdges,
            rowEdges: state.rowEdges + [bottom])
        frame.firstRow = state.firstRow
        frame.repeatedHeaderLines = state.repeatedHeader
        return frame
    }

    /// Notes a line of the cell being placed whose baseline is at `baseline` (container coordinates).
    mutating func noteTableLine(baseline: Double) {
        guard table != nil, let last = table!.rowCells.indices.last, table!.rowCells[last].firstBaseline == nil
        else { return }
        table!.rowCells[last].firstBaseline = baseline
    }

    /// Ends the cell just placed, whose paragraph spacing is `spacing`.
    mutating func leaveTableCell(spacing: Double) {
        guard table != nil, let last = table!.rowCells.indices.last else { return }
        table!.rowCells[last].bottom = bands.blockOffset
        table!.spacingAfter = spacing
    }

    /// Ends the row being placed: its cells move down so that their first baselines line up (as a table row's
    /// cells align in CSS, `vertical-align: baseline`), and the row is as tall as its tallest cell. Returns the
    /// row's bottom edge.
    private mutating func closeRow() -> Double {
        guard var state = table else { return bands.blockOffset }
        let padding = state.table.cellPadding
        let target = state.rowCells.compactMap(\.firstBaseline).max()
        var bottom = state.rowTop + 2 * padding
        for (position, cell) in state.rowCells.enumerated() {
            let dy = target.map { $0 - (cell.firstBaseline ?? $0) } ?? 0
            if dy > 0, Output.keepsFragments {
                let end =
                    position + 1 < state.rowCells.count
                    ? state.rowCells[position + 1].fragmentStart : output.fragments.count
                for index in cell.fragmentStart..<end {
                    output.fragments[index] = output.fragments[index].offset(
                        y: dy, characters: 0, paragraphIndex: output.fragments[index].paragraphIndex)
                }
            }
            bottom = max(bottom, cell.bottom + dy + padding)
        }
        state.rowCells = []
        // The header rows, as placed in the table's first part, for each container the table runs on into (not a
        // header that itself runs over two containers).
        if Output.keepsFragments, state.firstRow == 0, state.row == state.table.headerRowCount - 1,
            output.fragments[state.fragmentStart...].allSatisfy({ $0.containerIndex == state.containerIndex })
        {
            state.header = (Array(output.fragments[state.fragmentStart...]), state.rowEdges + [bottom])
        }
        table = state
        return bottom
    }

    /// Ends the table being placed, if any: its last row, then the text continues below it (after the last cell's
    /// spacing), and its frame is kept (and, measuring, counted in the height).
    mutating func closeTable() {
        guard table != nil else { return }
        guard table!.row >= 0 else {
            table = nil
            return
        }
        let bottom = closeRow()
        let state = table!
        table = nil
        bands.blockOffset = bottom + state.spacingAfter
        output.addTable(frame(of: state, bottom: bottom))
    }

    /// The columns of `table`, whose cells are the paragraphs from `index` on that name it: each column as wide
    /// as ``TableColumns`` shares the container's width (after the first cell's indents) out.
    private func tableState(
        _ table: TextTable, from index: Int, paragraph: (Int) -> Paragraph?, shaped: (Int) throws -> ShapedParagraph
    ) throws -> TableState? {
        guard bands.containerIndex < bands.frames.count, let first = paragraph(index) else { return nil }
        let padding = 2 * table.cellPadding
        var minimum = [Double](repeating: padding, count: table.columnCount)
        var cells = [[Double]](repeating: [], count: table.columnCount)
        var next = index
        while let cellParagraph = paragraph(next), let cell = cellParagraph.style.tableCell, cell.table === table {
            if cellParagraph.length > 0 {
                let widths = try LineBreaker(try shaped(next)).contentWidths()
                minimum[cell.column] = max(minimum[cell.column], widths.minimum + padding)
                cells[cell.column].append(widths.maximum + padding)
            }
            next += 1
        }
        let frame = bands.frames[bands.containerIndex]
        var indents = LineIndents()
        (indents.head, indents.tail) = (first.style.headIndent, first.style.tailIndent)
        let span = indents.span(inWidth: frame.width, firstLine: false)
        let widths = TableColumns.widths(
            minimum: minimum, cells: cells, available: span.width - 2 * frame.padding, fills: table.fillsWidth)
        var edges = [span.minX + frame.padding]
        for width in widths { edges.append(edges[edges.count - 1] + width) }
        return TableState(
            table: table, containerIndex: bands.containerIndex, columnEdges: edges, framePadding: frame.padding)
    }
}

import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Draws the tables of container `containerIndex`: their background, their header rows' tint (its
    /// ``TextTable/headerColor``), then a rule along every row and column edge, as GitHub draws a Markdown table (in
    /// its ``TextTable/ruleColor``; no rules without one).
    func drawTables(_ layout: TextLayout, on canvas: inout some DrawingTarget, containerIndex: Int) {
        for frame in layout.tableFrames where frame.containerIndex == containerIndex {
            let rect = frame.rect
            guard frame.rowEdges.count > 1, frame.columnEdges.count > 1, rect.intersects(canvas.grid.visibleRect) else {
                continue
            }
            if let background = frame.table.backgroundColor {
                canvas.fill(.roundedRect(rect, cornerRadius: frame.table.cellPadding / 2), color: background)
            }
            let headerRows = min(frame.headerRowCount, frame.rowEdges.count - 1)
            if headerRows > 0, let tint = frame.table.headerColor {
                let bottom = frame.rowEdges[headerRows]
                canvas.fill(
                    .rect(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: bottom - rect.minY)), color: tint)
            }
            guard let color = frame.table.ruleColor else { continue }
            let rule = Self.tableRuleWidth
            var path = BezierPath()
            for y in frame.rowEdges {
                path.append(
                    .rect(Rect(x: rect.minX - rule / 2, y: y - rule / 2, width: rect.width + rule, height: rule)))
            }
            for x in frame.columnEdges {
                path.append(
                    .rect(Rect(x: x - rule / 2, y: rect.minY - rule / 2, width: rule, height: rect.height + rule)))
            }
            canvas.fill(path, color: color)
        }
    }

    /// The width of a table's rules, in points.
    static let tableRuleWidth = 0.75
}

import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Tables (``TextTable``): columns sized from their cells' content (narrow columns at their widest, the wide ones
/// sharing the rest), cells aligned in their columns, rows as tall as their tallest cell; checked on fragment geometry.
@Suite struct TextTableTests {
    static let alignments: [ParagraphStyle.Alignment] = [.left, .center, .right]
    static let cells = [
        ["Name", "Status", "Time (ms)"],
        ["Line breaking with ICU and the CSS rules Chromium applies", "done", "12.5"],
        ["塑形", "完成", "3"],
        ["竖排 vertical writing", "计划中，明年上半年开始", "1,024.75"],
    ]

    /// The table's cells as paragraphs of one storage, column `c` aligned as `alignments[c]`, laid out `width`
    /// points wide; a paragraph after it.
    static func layout(width: Double, cells: [[String]] = cells, containerHeights: [Double] = [0]) throws -> (
        TextLayout, TextStorage, TextTable
    ) {
        let table = TextTable(columnCount: cells[0].count, cellPadding: 6, headerRowCount: 1, ruleColor: .black)
        let storage = TextStorage()
        let font = try TestFonts.bundled.font(family: "Inter", size: 15)
        for (row, texts) in cells.enumerated() {
            for (column, text) in texts.enumerated() {
                var style = ParagraphStyle()
                style.alignment = alignments[column]
                style.paragraphSpacing = 8
                style.tableCell = TextTableCell(table: table, row: row, column: column)
                storage.append(
                    (storage.length > 0 ? "\n" : "") + text,
                    attributes: TextAttributes(font: .font(font), language: "zh-Hans", paragraphStyle: style))
            }
        }
        storage.append("\nAfter the table.", attributes: TextAttributes(font: .font(font)))
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        for height in containerHeights {
            manager.addTextContainer(TextContainer(size: Size(width: width, height: height)))
        }
        return (try manager.layout(), storage, table)
    }

    @Test func aTableRunningPastItsContainerGoesOnInTheNextWithAFrameInEach() throws {
        // 200 points wide the table is about 300 tall: a 150-point container holds its header and part of its rows.
        let (layout, _, _) = try Self.layout(width: 200, containerHeights: [150, 400])
        let frames = layout.tableFrames
        #expect(frames.map(\.containerIndex) == [0, 1], "\(frames.map(\.containerIndex))")
        guard frames.count == 2 else { return }
        // The first part holds the header; the second goes on from the row that did not fit, below the header
        // repeated: its lines drawn again at the container's top (the layout's lines hold them once).
        #expect(frames[0].firstRow == 0 && frames[0].headerRowCount == 1 && frames[0].repeatedHeaderLines.isEmpty)
        #expect(frames[1].firstRow > 0 && frames[1].headerRowCount == 1)
        #expect(frames[0].rect.maxY <= 150 + 1e-6 && frames[1].rect.minY == 0)
        #expect(frames[0].columnEdges == frames[1].columnEdges)
        let header = layout.lineFragments.filter { $0.paragraphIndex < 3 }
        let headerHeight = frames[0].rowEdges[1] - frames[0].rowEdges[0]
        #expect(frames[1].repeatedHeaderLines.map(\.characterRange) == header.map(\.characterRange))
        #expect(frames[1].repeatedHeaderLines.allSatisfy { $0.containerIndex == 1 })
        #expect(
            zip(frames[1].repeatedHeaderLines, header).allSatisfy {
                abs($0.rect.minY - ($1.rect.minY - frames[0].rowEdges[0])) < 1e-9 && $0.rect.minX == $1.rect.minX
            })
        #expect(abs(frames[1].rowEdges[1] - headerHeight) < 1e-9)
        #expect(layout.lineFragments.filter { $0.paragraphIndex < 3 }.count == header.count)
        // Every cell line lies inside its container's part of the table, below the repeated header.
        for line in layout.lineFragments where line.paragraphIndex < Self.cells.count * 3 {
            let frame = frames[line.containerIndex]
            #expect(line.rect.minY >= frame.rect.minY - 1e-6 && line.rect.maxY <= frame.rect.maxY + 1e-6)
            if line.containerIndex == 1 { #expect(line.rect.minY >= headerHeight - 1e-6) }
        }
        // The paragraph after the table follows the second part.
        let after = try #require(layout.lineFragments.last)
        #expect(after.containerIndex == 1 && after.rect.minY >= frames[1].rect.maxY - 1e-6)
    }

    /// A header is repeated only where it leaves room: not in a container it would fill more than a third of.
    @Test func aHeaderTallerThanAThirdOfTheNextContainerIsNotRepeated() throws {
        let (layout, _, _) = try Self.layout(width: 200, containerHeights: [150, 90, 400])
        let frames = layout.tableFrames
        #expect(frames.count >= 2)
        let headerHeight = frames[0].rowEdges[1] - frames[0].rowEdges[0]
        #expect(headerHeight > 30, "the header is taller than a third of the 90-point container")
        #expect(frames.dropFirst().first?.repeatedHeaderLines.isEmpty == true)
        #expect(frames.dropFirst().first?.headerRowCount == 0)
    }

    @Test(arguments: [200.0, 320, 600])
    func cellsAlignInTheirColumnsAndRowsHoldTheirTallestCell(width: Double) throws {
        let (layout, _, table) = try Self.layout(width: width)
        let frame = try #require(layout.tableFrames.first)
        #expect(frame.table === table && frame.rowEdges.count == Self.cells.count + 1)
        #expect(frame.rect.minX >= 0 && frame.rect.maxX <= width + 1e-6)
        let cellFragments = layout.lineFragments.filter { $0.paragraphIndex < Self.cells.count * 3 }
        for column in 0..<3 {
            let lines = cellFragments.filter { $0.paragraphIndex % 3 == column }
            let (left, right) = (frame.columnEdges[column] + 6, frame.columnEdges[column + 1] - 6)
            for line in lines {
                // Every line stays in its column (a wrapped cell continues at the column's x, not the container's).
                #expect(line.usedRect.minX >= left - 1e-6 && line.usedRect.maxX <= right + 1e-6, "\(line.usedRect)")
                switch Self.alignments[column] {
                case .left: #expect(abs(line.usedRect.minX - left) < 1e-6)
                case .right: #expect(abs(line.usedRect.maxX - right) < 1e-6)
                default: #expect(abs(line.usedRect.midX - (left + right) / 2) < 1e-6)
                }
            }
        }
        for row in 0..<Self.cells.count {
            let lines = cellFragments.filter { $0.paragraphIndex / 3 == row }
            let (top, bottom) = (frame.rowEdges[row], frame.rowEdges[row + 1])
            // The row's cells share their first baseline and lie between the row's edges, padding inside.
            let firsts = (0..<3).compactMap { column in lines.first { $0.paragraphIndex % 3 == column } }
            #expect(Set(firsts.map(\.baselineY)).count == 1, "row \(row)")
            #expect(lines.allSatisfy { $0.rect.minY >= top + 6 - 1e-6 && $0.rect.maxY <= bottom - 6 + 1e-6 })
            // The row is as tall as its tallest cell.
            #expect(abs((lines.map(\.rect.maxY).max() ?? 0) + 6 - bottom) < 1e-6)
        }
        // The text after the table starts below it, after the last cell's spacing.
        let after = try #require(layout.lineFragments.last)
        #expect(abs(after.rect.minY - (frame.rowEdges.last! + 8)) < 1e-6)
        #expect(abs(after.usedRect.minX) < 1e-6)
    }

    @Test func shortCellsKeepOneLineAndLongOnesShareTheRest() {
        // Wide enough: every column at its maximum.
        #expect(TableColumns.widths(minimum: [20, 30], cells: [[100], [50]], available: 200) == [100, 50])
        // Between: the narrow column's cell keeps its line; the wide one takes the rest.
        #expect(TableColumns.widths(minimum: [20, 30], cells: [[100], [50]], available: 140) == [90, 50])
        // Three short columns beside a long sentence: each short one stays one line, the sentence wraps.
        #expect(
            TableColumns.widths(minimum: [30, 40, 25, 25], cells: [[60], [900], [50], [45]], available: 400)
                == [60, 245, 50, 45])
        // A column of short entries with one long one: the short entries keep their lines, and what is left is
        // shared between the columns still short of their widest cell.
        let mixed = TableColumns.widths(minimum: [20, 20], cells: [[60, 60, 300], [200]], available: 250)
        #expect(mixed[0] >= 60 && abs(mixed.reduce(0, +) - 250) < 1e-9)
        #expect(abs(mixed[0] - (60 + 240 * 170 / 420)) < 1e-9)
        // No cell's line fits the room beyond the minimums: each minimum and a share of the rest in proportion to
        // what it would still take (CSS's automatic table layout).
        let shared = TableColumns.widths(minimum: [20, 30], cells: [[100], [50]], available: 60)
        #expect(abs(shared[0] - (20 + 80 * 0.1)) < 1e-9 && abs(shared[1] - (30 + 20 * 0.1)) < 1e-9)
        // Too narrow for the minimums: the minimums scaled down.
        #expect(TableColumns.widths(minimum: [20, 30], cells: [[100], [50]], available: 25) == [10, 15])
        // An empty column is as wide as its padding.
        #expect(TableColumns.widths(minimum: [12, 12], cells: [[], [40]], available: 100) == [12, 40])
    }

    @Test func aNarrowTableUsesItsContentsWidthAndAWideOneTheContainers() throws {
        let small = try Self.layout(width: 600, cells: [["a", "b"], ["c", "d"]]).0
        let frame = try #require(small.tableFrames.first)
        #expect(frame.rect.width < 100)
        let wide = try #require(try Self.layout(width: 320).0.tableFrames.first)
        #expect(abs(wide.rect.width - 320) < 1e-6)
    }

    @Test func measuringATableGivesTheLayoutsHeight() throws {
        let (layout, storage, _) = try Self.layout(width: 320)
        let measured = try TextMeasurer(fontLibrary: try TestFonts.bundled).measure(
            storage, width: 320, maximumNumberOfLines: 0)
        #expect(abs(measured.height - layout.usedRect().maxY) < 1e-6)
    }
}

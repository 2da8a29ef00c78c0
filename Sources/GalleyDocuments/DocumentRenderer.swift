import Foundation
import Galley

/// Lays a ``Document`` out (columns, exclusions, badge) and draws it: painted exclusion shapes and their labels
/// first, then the text.
public struct DocumentRenderer {
    public let document: Document
    public let library: FontLibrary

    public init(document: Document, library: FontLibrary) {
        self.document = document
        self.library = library
    }

    /// The document laid out in its columns without drawing: the line fragments ``render()`` draws, container
    /// `i` being column `i`.
    public func layout() throws -> TextLayout { try laidOut().layout }

    /// The document drawn into a new canvas.
    public func render() throws -> Canvas {
        let (layout, exclusions, columnWidth) = try laidOut()
        let columns = document.columns
        let drawnShapes = exclusions.filter { $0.fill != nil }.map(\.path.bounds.maxY).max() ?? 0
        let height = document.height > 0 ? document.height : max(layout.usedRect().maxY, drawnShapes)
        let padding = document.render.padding
        var canvas = try Canvas(
            covering: Rect(
                x: -padding, y: -padding, width: document.width + 2 * padding, height: max(1, height) + 2 * padding),
            scale: document.render.scale, background: document.render.background)
        let renderer = Renderer()
        // Columns follow the text's direction: a right-to-left document's first column is on the right.
        let rightToLeft = layout.lineFragments.first?.isRightToLeft ?? false
        let origin = canvas.origin
        func moveTo(column: Int) {
            let position = rightToLeft ? columns - 1 - column : column
            canvas.origin = Point(x: origin.x - Double(position) * (columnWidth + document.columnGap), y: origin.y)
        }
        // Exclusions are in the first column's coordinates.
        moveTo(column: 0)
        for exclusion in exclusions {
            if let fill = exclusion.fill { renderer.fill(exclusion.path, color: fill, on: &canvas) }
            if let label = exclusion.label {
                try draw(label, centeredIn: exclusion.path.bounds, on: &canvas, renderer: renderer)
            }
        }
        for column in 0..<columns {
            moveTo(column: column)
            renderer.draw(layout, storage: document.storage, on: &canvas, containerIndex: column)
        }
        canvas.origin = origin
        return canvas
    }

    /// The layout, the exclusions it flowed around (the badge's included) and the width of one column.
    private func laidOut() throws -> (layout: TextLayout, exclusions: [Exclusion], columnWidth: Double) {
        var exclusions = document.exclusions
        if let date = document.badgeDate {
            exclusions.append(
                NoteReader.badge(
                    for: date, containerWidth: document.width, defaults: TextAttributes(), settings: document.settings))
        }
        guard document.columns == 1 || document.height > 0 else {
            throw InputError(
                path: "container.columns", "\(document.columns) columns need a container height to flow between")
        }
        let columns = document.columns
        let columnWidth = (document.width - document.columnGap * Double(columns - 1)) / Double(columns)
        guard columnWidth > 0 else {
            throw InputError(path: "container.columnGap", "leaves no room for \(columns) columns")
        }
        let manager = LayoutManager(textStorage: document.storage, fontLibrary: library, settings: document.settings)
        for column in 0..<columns {
            manager.addTextContainer(
                TextContainer(
                    size: Size(width: columnWidth, height: document.height),
                    exclusionPaths: column == 0 ? exclusions.map(\.path) : [],
                    lineFragmentPadding: document.lineFragmentPadding,
                    maximumNumberOfLines: document.maximumLines, lineBreakMode: document.lineBreakMode))
        }
        return (try manager.layout(), exclusions, columnWidth)
    }

    /// Draws a short label centred in `bounds` (a badge's text).
    private func draw(_ label: TextStorage, centeredIn bounds: Rect, on canvas: inout Canvas, renderer: Renderer) throws
    {
        let manager = LayoutManager(textStorage: label, fontLibrary: library, settings: document.settings)
        manager.addTextContainer(TextContainer(width: max(1, bounds.width)))
        let layout = try manager.layout()
        let used = layout.usedRect()
        let origin = canvas.origin
        canvas.origin = Point(
            x: origin.x - bounds.minX, y: origin.y - (bounds.minY + (bounds.height - used.height) / 2))
        renderer.draw(layout, storage: label, on: &canvas)
        canvas.origin = origin
    }
}

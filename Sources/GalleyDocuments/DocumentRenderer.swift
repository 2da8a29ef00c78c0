import Foundation
import Galley

/// Lays a ``Document`` out (columns, exclusions, badge) and draws it: painted exclusion shapes and their labels
/// first, then the text.
public struct DocumentRenderer {
    /// The document drawn.
    public let document: Document
    /// Where its fonts are found.
    public let library: FontLibrary

    /// A renderer for `document` with fonts from `library`.
    public init(document: Document, library: FontLibrary) {
        self.document = document
        self.library = library
    }

    /// The document laid out in its columns without drawing: the line fragments ``render()`` draws, container
    /// `i` being column `i`.
    public func layout() throws -> TextLayout { try laidOut(forDrawing: false).layout }

    /// The document drawn into a new canvas.
    public func render() throws -> Canvas {
        let (layout, exclusions, columnWidth) = try laidOut(forDrawing: true)
        let columns = document.columns
        let renderer = Renderer()
        // Columns follow the text's direction: a right-to-left document's first column is on the right.
        let rightToLeft = layout.lineFragments.first?.isRightToLeft ?? false
        func columnX(_ column: Int) -> Double {
            Double(rightToLeft ? columns - 1 - column : column) * (columnWidth + document.columnGap)
        }
        // The image is the container and the painted exclusions with the margin around them, grown where any
        // column's ink (shadows included) would fall outside it.
        let textHeight = document.height > 0 ? document.height : layout.usedRect().maxY
        var content = Rect(x: 0, y: 0, width: document.width, height: max(1, textHeight))
        for exclusion in exclusions where exclusion.fill != nil || exclusion.label != nil || exclusion.image != nil {
            let bounds =
                exclusion.image != nil ? exclusion.imageFrame ?? exclusion.shape.bounds : exclusion.shape.bounds
            content = content.union(
                Rect(x: bounds.minX + columnX(0), y: bounds.minY, width: bounds.width, height: bounds.height))
        }
        let margin = document.render.padding
        var area = Rect(
            x: content.minX - margin, y: content.minY - margin, width: content.width + 2 * margin,
            height: content.height + 2 * margin)
        for column in 0..<columns {
            if let ink = renderer.drawnBounds(of: layout, storage: document.storage, containerIndex: column) {
                area = area.union(
                    Rect(x: ink.minX + columnX(column), y: ink.minY, width: ink.width, height: ink.height))
            }
        }
        var canvas = try Canvas(covering: area, scale: document.render.scale, background: document.render.background)
        let origin = canvas.origin
        func moveTo(column: Int) {
            canvas.origin = Point(x: origin.x - columnX(column), y: origin.y)
        }
        // Exclusions are in the first column's coordinates.
        moveTo(column: 0)
        for exclusion in exclusions {
            if let fill = exclusion.fill, let path = exclusion.path { renderer.fill(path, color: fill, on: &canvas) }
            if let image = exclusion.image, let frame = exclusion.imageFrame { canvas.draw(image, in: frame) }
            if let label = exclusion.label {
                try draw(label, centeredIn: exclusion.shape.bounds, on: &canvas, renderer: renderer)
            }
        }
        for column in 0..<columns {
            moveTo(column: column)
            renderer.draw(layout, storage: document.storage, on: &canvas, containerIndex: column)
        }
        canvas.origin = origin
        return canvas
    }

    /// The layout, the exclusions it flowed around (the badge's included) and the width of one column; when
    /// `forDrawing`, a text too tall for an image fails as soon as its lines pass the drawable height.
    private func laidOut(forDrawing: Bool) throws -> (layout: TextLayout, exclusions: [Exclusion], columnWidth: Double)
    {
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
        let drawableHeight = forDrawing ? tallestDrawableHeight() : nil
        for column in 0..<columns {
            manager.addTextContainer(
                TextContainer(
                    size: Size(width: columnWidth, height: document.height > 0 ? document.height : drawableHeight ?? 0),
                    exclusions: column == 0 ? exclusions.map(\.shape) : [],
                    lineFragmentPadding: document.lineFragmentPadding,
                    maximumNumberOfLines: document.maximumLines, lineBreakMode: document.lineBreakMode))
        }
        let layout = try manager.layout()
        if let drawableHeight, !layout.unlaidCharacterRange.isEmpty {
            let width = Int(((document.width + 2 * document.render.padding) * document.render.scale).rounded(.up))
            throw RenderError.textTooTall(width: width, height: drawableHeight, limit: Canvas.pixelLimit)
        }
        return (layout, exclusions, columnWidth)
    }

    /// The height, in points, past which text in an unbounded container could not be drawn within
    /// ``Canvas/pixelLimit`` at the document's width, scale and margin: the layout stops there and fails at once
    /// rather than after laying out all of a text too tall to draw. Nil when the container has a height, or when
    /// its last line may be truncated (a bounded height would change which line that is).
    private func tallestDrawableHeight() -> Double? {
        guard document.height == 0, document.lineBreakMode == .wordWrap || document.lineBreakMode == .charWrap
        else { return nil }
        let scale = document.render.scale, margin = document.render.padding
        let widthPixels = max(1, ((document.width + 2 * margin) * scale).rounded(.up))
        let heightPixels = min(Double(Canvas.sideLimit), (Double(Canvas.pixelLimit) / widthPixels).rounded(.down))
        let height = heightPixels / scale - 2 * margin
        return height > 0 && height < TextContainer.sizeLimit ? height : nil
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

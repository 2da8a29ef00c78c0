import Foundation

/// A picture ready to be drawn whole or in bands: the area it covers, in points, and how to draw any part of it.
/// ``Renderer`` makes one image (``Renderer/render(_:scale:background:)``) or PNG bytes band by band
/// (``Renderer/renderPNG(_:scale:background:writer:)``) from it; the image's pixel (0, 0) shows the area's origin.
///
/// A drawing is drawn on several threads at once, one band each, so it holds its layouts and paint as values.
public protocol Drawing: Sendable {
    /// The points the image covers.
    var area: Rect { get }
    /// Draws into `canvas`, whose ``Canvas/origin`` and ``Canvas/firstRow`` say which part of ``area`` it holds.
    func draw(on canvas: inout Canvas)
}

extension Renderer {
    /// The points an image of text covers: `content` (the container, or whatever else the picture holds) with
    /// `padding` points of margin around it, grown where ink drawing `layout` can make (lines reaching past their
    /// container, shadows) would fall outside that. `containers` names the containers drawn and how far right of
    /// `content`'s coordinates each is placed (a document's columns).
    ///
    /// - Throws: ``RenderError/invalidDimension(name:value:)`` for a negative or non-finite padding.
    public func imageArea(
        content: Rect, padding: Double, layout: TextLayout, containers: [(index: Int, x: Double)]
    ) throws -> Rect {
        guard padding.isFinite, padding >= 0 else {
            throw RenderError.invalidDimension(name: "padding", value: padding)
        }
        var area = Rect(
            x: content.minX - padding, y: content.minY - padding, width: content.width + 2 * padding,
            height: content.height + 2 * padding)
        for container in containers {
            if let ink = drawnBounds(of: layout, containerIndex: container.index) {
                area = area.union(
                    Rect(x: ink.minX + container.x, y: ink.minY, width: ink.width, height: ink.height))
            }
        }
        return area
    }

    /// A container's rectangle in its own coordinates: `size`, as tall as the text in it (at least a point) when
    /// the height is unbounded (0).
    public func containerArea(_ size: Size, of layout: TextLayout, containerIndex: Int = 0) -> Rect {
        let height = size.height > 0 ? size.height : layout.usedRect(inContainer: containerIndex).maxY
        return Rect(x: 0, y: 0, width: size.width, height: max(1, height))
    }

    /// `drawing` drawn into one canvas at `scale` pixels per point over `background` (nil: transparent).
    ///
    /// - Throws: ``RenderError/imageTooLarge(width:height:limit:)`` before drawing when the image would pass
    ///   ``Canvas/pixelLimit``; ``RenderError/invalidDimension(name:value:)`` for an empty area or a bad scale.
    public func render(_ drawing: some Drawing, scale: Double, background: Color?) throws -> Canvas {
        var canvas = try Canvas(covering: drawing.area, scale: scale, background: background)
        drawing.draw(on: &canvas)
        return canvas
    }

    /// `drawing` encoded as PNG by `writer`, drawn band by band on its threads
    /// (``PNGWriter/encode(width:height:scale:origin:background:drawingBand:)``): the pixels of
    /// ``render(_:scale:background:)`` without the whole image in memory at once.
    ///
    /// - Throws: what ``render(_:scale:background:)`` throws before drawing; ``RenderError/pngFailed(_:)``.
    public func renderPNG(
        _ drawing: some Drawing, scale: Double, background: Color?, writer: PNGWriter = PNGWriter()
    ) throws -> Data {
        let size = try Canvas.pixelSize(covering: drawing.area, scale: scale)
        return try writer.encode(
            width: size.width, height: size.height, scale: scale, origin: drawing.area.origin,
            background: background ?? .clear
        ) { canvas in drawing.draw(on: &canvas) }
    }
}

/// One container of a layout as a ``Drawing``: what ``Renderer/render(_:options:)`` and
/// ``Renderer/renderPNG(_:options:writer:)`` draw.
struct ContainerDrawing: Drawing {
    let layout: TextLayout
    let containerIndex: Int
    let area: Rect
    let renderer: Renderer

    func draw(on canvas: inout Canvas) { renderer.draw(layout, on: &canvas, containerIndex: containerIndex) }
}

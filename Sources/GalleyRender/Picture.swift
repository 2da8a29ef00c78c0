import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// What an image shows, in points: laid-out text, filled paths and pictures, in the order they are drawn, over an
/// area. ``Renderer`` draws one as a raster image (``Renderer/render(_:scale:background:limits:)``), PNG bytes
/// band by band (``Renderer/renderPNG(_:scale:background:writer:limits:)``), PDF pages
/// (``Renderer/renderPDF(_:scale:background:limits:info:)``) or an SVG document
/// (``Renderer/renderSVG(_:scale:background:limits:)``): every output from the one description, so each draws the
/// same marks. The image's top-left corner shows the area's origin.
///
/// A picture holds its layouts (which carry their paint) and images as values: it is drawn on several threads at
/// once, one band each.
public struct Picture: Sendable {
    /// One thing drawn.
    public enum Element: Sendable {
        /// A path filled in a colour with its fill rule.
        case fill(BezierPath, Color)
        /// An image scaled into a frame (points).
        case image(Canvas, frame: Rect)
        /// Container `containerIndex` of a layout, its coordinates' (0, 0) placed at `origin`.
        case text(TextLayout, containerIndex: Int, origin: Point)
    }

    /// The points the image covers.
    public var area: Rect
    /// What is drawn, first to last.
    public var elements: [Element]

    /// A picture of `elements` over `area`.
    public init(area: Rect, elements: [Element] = []) {
        self.area = area
        self.elements = elements
    }
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
        let frame = layout.writingFrame(inContainer: containerIndex)
        // Vertical text fills its container's height, and as much of its width as its columns need when that
        // is unbounded (the frame's width).
        if frame.isVertical { return Rect(x: 0, y: 0, width: max(1, frame.width), height: size.height) }
        let height = size.height > 0 ? size.height : layout.usedRect(inContainer: containerIndex).maxY
        return Rect(x: 0, y: 0, width: size.width, height: max(1, height))
    }

    /// `picture` drawn into one canvas at `scale` pixels per point over `background` (nil: transparent).
    ///
    /// - Throws: ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` before drawing when the image would
    ///   pass `limits`; ``RenderError/invalidDimension(name:value:)`` for an empty area or a bad scale.
    public func render(_ picture: Picture, scale: Double, background: Color?, limits: Limits = Limits()) throws
        -> Canvas
    {
        var canvas = try Canvas(covering: picture.area, scale: scale, background: background, limits: limits)
        draw(picture, on: &canvas)
        return canvas
    }

    /// `picture` encoded as PNG by `writer`, drawn band by band on its threads
    /// (``PNGWriter/encode(width:height:scale:origin:background:limits:drawingBand:)``): the pixels of
    /// ``render(_:scale:background:limits:)`` without the whole image in memory at once.
    ///
    /// - Throws: what ``render(_:scale:background:limits:)`` throws before drawing; ``RenderError/pngFailed(_:)``.
    public func renderPNG(
        _ picture: Picture, scale: Double, background: Color?, writer: PNGWriter = PNGWriter(),
        limits: Limits = Limits()
    ) throws -> Data {
        let size = try Canvas.pixelSize(covering: picture.area, scale: scale, limits: limits)
        return try writer.encode(
            width: size.width, height: size.height, scale: scale, origin: picture.area.origin,
            background: background ?? .clear, limits: limits
        ) { canvas in draw(picture, on: &canvas) }
    }

    /// Draws `picture`'s elements in order onto `target`, whose grid shows the part of the picture drawn (the
    /// whole of it, or a band).
    func draw(_ picture: Picture, on target: inout some DrawingTarget) {
        let origin = target.origin
        for element in picture.elements {
            switch element {
            case .fill(let path, let color): target.fill(path, color: color)
            case .image(let image, let frame): target.draw(image, in: frame)
            case .text(let layout, let containerIndex, let textOrigin):
                target.origin = Point(x: origin.x - textOrigin.x, y: origin.y - textOrigin.y)
                draw(layout, onto: &target, containerIndex: containerIndex)
                target.origin = origin
            }
        }
    }
}

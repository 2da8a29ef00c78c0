import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// `pages` as a PDF document, one page each, sized as the PNG of each would be at `scale` (so `pdftoppm` at
    /// 72 × `scale` dpi gives the PNG's size): glyphs as text in fonts cairo embeds as subsets (selectable and
    /// searchable, in the order the lines were laid out), links as URI annotations, paths as vectors; blurred
    /// shadows, letterpress layers and colour emoji as images at `scale` pixels per point. `background` fills
    /// each page (nil: none). `info` gives the document's title and outline.
    ///
    /// - Throws: ``RenderError/invalidDimension(name:value:)`` for an empty area or a bad scale;
    ///   ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` for a page whose image would pass `limits`'
    ///   side; ``RenderError/vectorFailed(_:)`` when there are no pages or cairo fails.
    public func renderPDF(
        _ pages: [Picture], scale: Double = 2, background: Color?, limits: Limits = Limits(),
        info: PDFDocumentInfo = PDFDocumentInfo()
    ) throws -> Data {
        let grids = try pages.map { try pageGrid(of: $0, scale: scale, limits: limits) }
        guard let first = grids.first else { throw RenderError.vectorFailed("a PDF needs at least one page") }
        let document = try VectorDocument(
            .pdf, width: first.size.width, height: first.size.height,
            glyphs: glyphsDrawn(zip(pages, grids.map(\.grid))), pictureLimit: limits.imagePixels)
        for (picture, page) in zip(pages, grids) { try draw(picture, in: document, on: page, background: background) }
        document.describe(info)
        return try document.finish()
    }

    /// `picture` as an SVG document sized in CSS pixels (one per point, as the PNG at scale 1), glyphs as
    /// outlines, with what ``renderPDF(_:scale:background:limits:info:)`` draws as images at `scale` pixels per point.
    ///
    /// - Throws: what ``renderPDF(_:scale:background:limits:info:)`` throws.
    public func renderSVG(_ picture: Picture, scale: Double = 2, background: Color?, limits: Limits = Limits())
        throws -> Data
    {
        let (grid, size) = try pageGrid(of: picture, scale: scale, limits: limits)
        let document = try VectorDocument(
            .svg, width: size.width, height: size.height, glyphs: glyphsDrawn([(picture, grid)]),
            pictureLimit: limits.imagePixels)
        try draw(picture, in: document, on: (grid, size), background: background)
        return try document.finish()
    }

    /// Lays out `manager`'s text if needed and writes a PDF with a page per text container, each drawn as
    /// ``render(_:options:)`` draws it with `options` (its container index aside): a text flowing through chained
    /// containers is paged.
    public func renderPDF(_ manager: LayoutManager, options: RenderOptions = RenderOptions()) throws -> Data {
        let pages = try manager.textContainers.indices.map { index in
            var page = options
            page.containerIndex = index
            return try picture(manager, options: page)
        }
        return try renderPDF(pages, scale: options.scale, background: options.background, limits: options.limits)
    }

    /// Lays out `manager`'s text if needed and writes container `options.containerIndex` as SVG, drawn as
    /// ``render(_:options:)`` draws it.
    public func renderSVG(_ manager: LayoutManager, options: RenderOptions = RenderOptions()) throws -> Data {
        try renderSVG(
            picture(manager, options: options), scale: options.scale, background: options.background,
            limits: options.limits)
    }

    /// The pixel grid of a picture's image at `scale`, and the page's size in points: that image's whole pixels.
    private func pageGrid(of picture: Picture, scale: Double, limits: Limits) throws -> (
        grid: PixelGrid, size: Size
    ) {
        let pixels = try Canvas.pixelSize(covering: picture.area, scale: scale, limits: limits)
        return (
            PixelGrid(width: pixels.width, height: pixels.height, scale: scale, origin: picture.area.origin),
            Size(width: Double(pixels.width) / scale, height: Double(pixels.height) / scale)
        )
    }

    /// The glyphs drawing each picture on its page's grid draws as outlines, by face.
    private func glyphsDrawn(_ pages: some Sequence<(Picture, PixelGrid)>) -> [FontFace: Set<UInt32>] {
        var glyphs: [FontFace: Set<UInt32>] = [:]
        for (picture, grid) in pages {
            var use = GlyphUse(grid: grid)
            draw(picture, on: &use)
            glyphs.merge(use.glyphs) { $0.union($1) }
        }
        return glyphs
    }

    /// Draws `picture` as a new page of `document` the size of `page`, effects on its grid.
    private func draw(
        _ picture: Picture, in document: VectorDocument, on page: (grid: PixelGrid, size: Size), background: Color?
    ) throws {
        let (grid, size) = page
        try document.addPage(width: size.width, height: size.height) { context in
            var page = VectorPage(context: context, document: document, grid: grid)
            if let background {
                page.fillRect(
                    Rect(x: picture.area.minX, y: picture.area.minY, width: size.width, height: size.height),
                    color: background)
            }
            draw(picture, on: &page)
        }
    }
}

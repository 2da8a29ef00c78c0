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

    /// The line fragments of ``layout()``, handed to `body` one by one as they are laid out, none kept: memory
    /// follows a batch of paragraphs, not the text's length (`LayoutManager.enumerateLineFragments(_:)`).
    ///
    /// Returns the frames of the tables laid out.
    ///
    /// - Throws: what ``layout()`` throws, and what `body` throws.
    @discardableResult
    public func enumerateLineFragments(_ body: (LineFragment) throws -> Void) throws -> [TableFrame] {
        try layoutManager(forDrawing: false, pages: nil).manager.enumerateLineFragments(body)
    }

    /// The document drawn into a new canvas.
    public func render() throws -> Canvas {
        let scene = try Scene(self)
        return try scene.renderer.render(
            scene.picture, scale: document.render.scale, background: document.render.background, limits: limits)
    }

    /// The document drawn and encoded as PNG band by band on `writer`'s threads
    /// (`Renderer.renderPNG(_:scale:background:writer:limits:)`): the pixels of ``render()`` without the whole image in
    /// memory at once.
    public func renderPNG(with writer: PNGWriter = PNGWriter()) throws -> Data {
        try renderPNGReportingCut(with: writer).png
    }

    /// ``renderPNG(with:)``, and the UTF-16 range of the characters the document's height (or its line limit)
    /// left out of the image: empty when the whole text is drawn.
    public func renderPNGReportingCut(with writer: PNGWriter = PNGWriter()) throws -> (png: Data, cut: Range<Int>) {
        let scene = try Scene(self)
        let png = try scene.renderer.renderPNG(
            scene.picture, scale: document.render.scale, background: document.render.background, writer: writer,
            limits: limits)
        return (png, scene.layout.unlaidCharacterRange)
    }

    /// The document drawn and encoded as `format` (PNG band by band, deflated on `threads` threads; WebP from the
    /// whole image, lossless, or lossy at `quality` from 0 to 100; PNG and lossless WebP as `compression` says; JPEG at `quality` from 1 to 100, 90 when nil, on the page
    /// colour; PDF and SVG through cairo, effects at the document's scale),
    /// and the UTF-16 range of the characters its height (or line limit) left out of the image.
    ///
    /// - Throws: ``InputError`` for a `quality` with a format other than WebP, pages in a format other than PDF, or
    ///   page numbers without pages; what rendering throws.
    public func renderImage(
        _ format: ImageFormat, quality: Double? = nil, compression: ImageCompression = .fast,
        threads: Int = Processors.usable
    ) throws -> (data: Data, cut: Range<Int>) {
        let (scale, background) = (document.render.scale, document.render.background)
        // A document's pages come from its container (a JSON document's `container.pageHeight`).
        try format.refuseUnused(quality: quality != nil, pages: document.pageHeight != nil) {
            $0 == .pageHeight ? "container.pageHeight" : $0.optionName
        }
        guard document.pageHeight != nil || !document.pageNumbers else {
            throw InputError(path: "container.pageNumbers", "numbers the pages of a paged PDF: give a page height")
        }
        if let pageHeight = document.pageHeight {
            let (pages, layout, cut) = try pages(height: pageHeight)
            let info = pdfInfo(layout, pages: pages)
            return (
                try Renderer().renderPDF(pages, scale: scale, background: background, limits: limits, info: info), cut
            )
        }
        let scene = try Scene(self)
        let renderer = scene.renderer, picture = scene.picture
        let data: Data
        switch format {
        case .png:
            data = try renderer.renderPNG(
                picture, scale: scale, background: background, writer: compression.pngWriter(threads: threads),
                limits: limits)
        case .webp:
            // Refused before the whole image is drawn.
            let size = try Canvas.pixelSize(covering: picture.area, scale: scale, limits: limits)
            try limits.checkWebP(width: size.width, height: size.height)
            data = try WebPWriter(quality: quality, effort: compression.webpEffort).encode(
                try renderer.render(picture, scale: scale, background: background, limits: limits), limits: limits)
        case .jpeg:
            data = try JPEGWriter(quality: quality, page: background ?? .white).encode(
                try renderer.render(picture, scale: scale, background: background, limits: limits))
        case .pdf:
            data = try renderer.renderPDF(
                [picture], scale: scale, background: background, limits: limits,
                info: pdfInfo(scene.layout, pages: [picture]))
        case .svg: data = try renderer.renderSVG(picture, scale: scale, background: background, limits: limits)
        }
        return (data, scene.layout.unlaidCharacterRange)
    }

    /// What drawing the document needs, laid out once and then drawn into any number of canvases, bands or pages
    /// (on several threads at once): the painted exclusions with their labels laid out, then the text's columns, as
    /// one picture. Layouts carry their paint, so no storage is read while drawing.
    private struct Scene {
        let layout: TextLayout
        let picture: Picture
        let renderer = Renderer()

        init(_ owner: DocumentRenderer) throws {
            let document = owner.document
            let (layout, exclusions, columnWidth) = try owner.laidOut(forDrawing: true)
            self.layout = layout
            // Columns follow the text's direction, so a right-to-left document's first column is on the right.
            let rightToLeft = layout.lineFragments.first?.isRightToLeft ?? false
            let columnX = (0..<document.columns).map { column in
                Double(rightToLeft ? document.columns - 1 - column : column) * (columnWidth + document.columnGap)
            }
            // Exclusions are in the first column's coordinates.
            let firstColumn = columnX[0]
            var elements = try owner.paintings(of: exclusions, movedRight: firstColumn)
            for (column, x) in columnX.enumerated() {
                elements.append(.text(layout, containerIndex: column, origin: Point(x: x, y: 0)))
            }
            // The image is the container and the painted exclusions with the margin around them, grown where any
            // column's ink (shadows included) would fall outside it.
            var content = renderer.containerArea(
                Size(width: document.width, height: document.height), of: layout, containerIndex: 0)
            for exclusion in exclusions where exclusion.fill != nil || exclusion.label != nil || exclusion.image != nil
            {
                let bounds =
                    exclusion.image != nil ? exclusion.imageFrame ?? exclusion.shape.bounds : exclusion.shape.bounds
                content = content.union(
                    Rect(x: bounds.minX + firstColumn, y: bounds.minY, width: bounds.width, height: bounds.height))
            }
            let area = try renderer.imageArea(
                content: content, padding: document.render.margin, layout: layout,
                containers: columnX.enumerated().map { ($0.offset, $0.element) })
            picture = Picture(area: area, elements: elements)
        }
    }

    /// What the painted exclusions draw, `x` points right of where they are (the first column's place): their
    /// filled paths, their pictures, their labels laid out and centred in their bounds.
    private func paintings(of exclusions: [Exclusion], movedRight x: Double) throws -> [Picture.Element] {
        var elements: [Picture.Element] = []
        for exclusion in exclusions {
            if let fill = exclusion.fill, let path = exclusion.path {
                elements.append(.fill(path.applying(.translation(x: x, y: 0)), fill))
            }
            if let image = exclusion.image, let frame = exclusion.imageFrame {
                elements.append(
                    .image(
                        image, frame: Rect(x: frame.minX + x, y: frame.minY, width: frame.width, height: frame.height)))
            }
            if let text = exclusion.label {
                let manager = LayoutManager(textStorage: text, fontLibrary: library, settings: document.settings)
                manager.limits = limits
                let bounds = exclusion.shape.bounds
                manager.addTextContainer(TextContainer(width: max(1, bounds.width)))
                let label = try manager.layout()
                let used = label.usedRect()
                elements.append(
                    .text(
                        label, containerIndex: 0,
                        origin: Point(x: bounds.minX + x, y: bounds.minY + (bounds.height - used.height) / 2)))
            }
        }
        return elements
    }

    /// The document as PDF pages `pageHeight` points tall, margins included: the text flowing from page to page,
    /// the exclusions on the first; and the UTF-16 range of the characters its line limit left out.
    ///
    /// - Throws: ``InputError`` for several columns or a height (a paged document is as tall as its pages), a
    ///   page with no room inside its margins or shorter than the first line, and a text needing more than
    ///   ``Document/pageLimit`` pages.
    private func pages(height pageHeight: Double) throws -> (
        pictures: [Picture], layout: TextLayout, cut: Range<Int>
    ) {
        let field = "container.pageHeight"
        guard document.columns == 1, document.height == 0 else {
            throw InputError(
                path: field, "pages hold the text in one column as tall as the page; leave columns and height unset")
        }
        let margin = document.render.margin
        let contentHeight = pageHeight - 2 * margin
        guard contentHeight > 0 else {
            throw InputError(path: field, "\(pageHeight) points leaves no room inside the \(margin)-point margins")
        }
        // As many pages as the text's height needs, and one more for lines that do not split evenly; doubled
        // until the text fits. Vertical text, which has no height unbounded, starts from one page.
        let height = isVertical ? 0 : try layout().usedRect(inContainer: 0).maxY
        var count = min(Document.pageLimit, max(1, Int((height / contentHeight).rounded(.up)) + 1))
        while true {
            let (manager, exclusions, _, _) = try layoutManager(forDrawing: false, pages: (count, contentHeight))
            let layout = try manager.layout()
            if !layout.unlaidCharacterRange.isEmpty, document.maximumLines == 0 {
                guard layout.lineFragments.contains(where: { $0.containerIndex == 0 }) else {
                    throw InputError(path: field, "\(pageHeight) points is shorter than the first line and the margins")
                }
                guard count < Document.pageLimit else {
                    throw InputError(
                        path: field, "the text needs more than \(Document.pageLimit) pages of \(pageHeight) points")
                }
                count = min(Document.pageLimit, count * 2)
                continue
            }
            let filled = (layout.lineFragments.map(\.containerIndex).max() ?? 0) + 1
            let area = Rect(x: -margin, y: -margin, width: document.width + 2 * margin, height: pageHeight)
            let paintings = try paintings(of: exclusions, movedRight: 0)
            let pictures = try (0..<filled).map { page in
                Picture(
                    area: area,
                    elements: (page == 0 ? paintings : []) + [.text(layout, containerIndex: page, origin: .zero)]
                        + (document.pageNumbers
                            ? [try pageNumber(page + 1, bottomMargin: contentHeight...pageHeight - margin)] : []))
            }
            return (pictures, layout, layout.unlaidCharacterRange)
        }
    }

    /// Page `number` as drawn at the foot of its page: its figures at footnote size in the text's colour, centred
    /// across the page and in `bottomMargin`, the band under the text (points from the text's top).
    private func pageNumber(_ number: Int, bottomMargin: ClosedRange<Double>) throws -> Picture.Element {
        let ink = document.storage.length > 0 ? document.storage.attributes(at: 0).foregroundColor : nil
        let text = TextStorage(
            String(number),
            attributes: TextAttributes(
                font: .textStyle(.footnote), foregroundColor: ink ?? Document.ink,
                fontFeatures: [FontFeature("tnum", 1)]))
        let manager = LayoutManager(textStorage: text, fontLibrary: library, settings: document.settings)
        manager.limits = limits
        manager.addTextContainer(TextContainer(width: document.width))
        let layout = try manager.layout()
        let used = layout.usedRect()
        let middle = (bottomMargin.lowerBound + bottomMargin.upperBound) / 2
        return .text(
            layout, containerIndex: 0, origin: Point(x: (document.width - used.width) / 2, y: middle - used.height / 2))
    }

    /// The PDF's title, outline and language: the note's title (its first heading when that is a top-level one), a
    /// bookmark for each heading (``ParagraphStyle/headerLevel``), at its first line on the page `pages` (one per
    /// container of `layout`) shows it, and the language of its first paragraph with text (as given, or as its
    /// characters tell).
    func pdfInfo(_ layout: TextLayout, pages: [Picture]) -> PDFDocumentInfo {
        var info = PDFDocumentInfo()
        info.language = document.storage.paragraphs.first { $0.length > 0 }?.language
        var fragment = layout.lineFragments.startIndex
        for (index, paragraph) in document.storage.paragraphs.enumerated() where paragraph.style.headerLevel > 0 {
            let title = paragraph.string.trimmingCharacters(in: .whitespacesAndNewlines)
            if index == 0, paragraph.style.headerLevel == 1 { info.title = title }
            while fragment < layout.lineFragments.endIndex, layout.lineFragments[fragment].paragraphIndex < index {
                fragment += 1
            }
            guard fragment < layout.lineFragments.endIndex, layout.lineFragments[fragment].paragraphIndex == index,
                !title.isEmpty
            else { continue }
            let line = layout.lineFragments[fragment]
            let page = pages.count > 1 ? line.containerIndex : 0
            guard page < pages.count else { continue }
            let top = layout.writingFrame(inContainer: line.containerIndex).containerRect(line.rect).minY
            info.outline.append(
                .init(level: paragraph.style.headerLevel, title: title, page: page, y: top - pages[page].area.minY))
        }
        return info
    }

    /// The layout, the exclusions it flowed around (the badge's included) and the width of one column; when
    /// `forDrawing`, a text too tall for an image fails as soon as its lines pass the drawable height.
    private func laidOut(forDrawing: Bool) throws -> (layout: TextLayout, exclusions: [Exclusion], columnWidth: Double)
    {
        let (manager, exclusions, columnWidth, drawableHeight) = try layoutManager(forDrawing: forDrawing, pages: nil)
        let layout = try manager.layout()
        if let drawableHeight, !layout.unlaidCharacterRange.isEmpty {
            let width = Int(((document.width + 2 * document.render.margin) * document.render.scale).rounded(.up))
            throw RenderError.textTooTall(
                width: width, height: drawableHeight, limit: limits.imagePixels, sideLimit: limits.imageSide)
        }
        return (layout, exclusions, columnWidth)
    }

    /// A layout manager over the document's storage with a container per column, or per page when `pages` gives
    /// their count and height (the exclusions, the badge among them, in the first), and the height past which the
    /// text could not be drawn when it is `forDrawing`.
    private func layoutManager(forDrawing: Bool, pages: (count: Int, height: Double)?) throws -> (
        manager: LayoutManager, exclusions: [Exclusion], columnWidth: Double, drawableHeight: Double?
    ) {
        var exclusions = document.exclusions
        if let badge = document.badge {
            exclusions.append(badge.exclusion(containerWidth: document.width, settings: document.settings))
        }
        guard document.columns == 1 || document.height > 0 else {
            throw InputError(
                path: "container.columns", "\(document.columns) columns need a container height to flow between")
        }
        let columns = pages?.count ?? document.columns
        let columnWidth =
            pages == nil
            ? (document.width - document.columnGap * Double(columns - 1)) / Double(columns) : document.width
        guard columnWidth > 0 else {
            throw InputError(path: "container.columnGap", "leaves no room for \(columns) columns")
        }
        let manager = LayoutManager(textStorage: document.storage, fontLibrary: library, settings: document.settings)
        manager.limits = limits
        let drawableHeight = forDrawing ? tallestDrawableHeight() : nil
        for column in 0..<columns {
            let container = TextContainer(
                size: Size(
                    width: columnWidth,
                    height: pages?.height ?? (document.height > 0 ? document.height : drawableHeight ?? 0)),
                exclusions: column == 0 ? exclusions.map(\.shape) : [],
                lineFragmentPadding: document.lineFragmentPadding,
                maximumNumberOfLines: document.maximumLines, lineBreakMode: document.lineBreakMode)
            container.minimumSegmentWidth = document.minimumSegmentWidth.map { min($0, columnWidth) }
            container.wrapSide = document.wrapSide
            manager.addTextContainer(container)
        }
        exclusions += try placedFloats(in: manager, columnWidth: columnWidth)
        return (manager, exclusions, columnWidth, drawableHeight)
    }

    /// The document's floating pictures placed in `manager`'s first container (`columnWidth` points wide) one
    /// after another, each added to its exclusions before the next is placed: its top at the first line of its
    /// paragraph as the text flows around those before it (under the text's last line when its paragraph is not
    /// in that container), against the side it floats to.
    private func placedFloats(in manager: LayoutManager, columnWidth: Double) throws -> [Exclusion] {
        guard !document.floats.isEmpty, let container = manager.textContainers.first else { return [] }
        guard !isVertical else {
            throw InputError("a floating picture ({float=left} or {float=right}) needs horizontal text")
        }
        var placed: [Exclusion] = []
        for float in document.floats {
            let lines = try manager.layout().lineFragments.filter { $0.containerIndex == 0 }
            let top =
                lines.first { $0.characterRange.lowerBound >= float.anchor }?.rect.minY
                ?? lines.map(\.rect.maxY).max() ?? 0
            var frame = Rect(
                x: float.side == .left ? 0 : columnWidth - float.size.width, y: top, width: float.size.width,
                height: float.size.height)
            // Kept clear of what is there already (the date badge, the pictures floated before), as CSS stacks
            // floats: moved down past each shape it would overlap.
            while let below = container.exclusions.map(\.bounds).filter({ $0.intersects(frame) }).map(\.maxY).max() {
                frame.origin.y = below + FloatingPicture.margin
            }
            let exclusion = try Exclusion(
                image: float.image, frame: frame, threshold: FloatingPicture.threshold, margin: FloatingPicture.margin)
            container.exclusions.append(exclusion.shape)
            placed.append(exclusion)
        }
        return placed
    }

    /// The bounds the document's layout and image keep to (its render options').
    private var limits: Limits { document.render.limits }

    /// Whether the document's text is set in columns (its first paragraph's writing mode, the layout's).
    private var isVertical: Bool { document.storage.attributes(at: 0).paragraphStyle?.writingMode.isVertical == true }

    /// The height, in points, past which text in an unbounded container could not be drawn within
    /// ``Limits/imagePixels`` at the document's width, scale and margin: the layout stops there and fails at once
    /// rather than after laying out all of a text too tall to draw. Nil when the container has a height, when its
    /// last line may be truncated (a bounded height would change which line that is), or for vertical text.
    private func tallestDrawableHeight() -> Double? {
        guard document.height == 0, document.lineBreakMode == .wordWrap || document.lineBreakMode == .charWrap
        else { return nil }
        // Vertical text's height is its columns' length, which it must be given (the layout says so).
        guard !isVertical else { return nil }
        let scale = document.render.scale, margin = document.render.margin
        let widthPixels = max(1, ((document.width + 2 * margin) * scale).rounded(.up))
        let heightPixels = min(Double(limits.imageSide), (Double(limits.imagePixels) / widthPixels).rounded(.down))
        let height = heightPixels / scale - 2 * margin
        return height > 0 && height < TextContainer.sizeLimit ? height : nil
    }
}

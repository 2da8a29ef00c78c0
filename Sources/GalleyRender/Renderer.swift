import Foundation
import GalleyLayout
@_spi(Stages) import GalleyText

/// Stage 5: draws laid-out text into canvases with FreeType, and into PDF and SVG pages with cairo: colours,
/// backgrounds, underlines and strikethroughs, shadows, the letterpress effect and colour emoji; and fills and strokes
/// paths.
///
/// ```swift
/// let canvas = try Renderer().render(layoutManager, options: RenderOptions(scale: 2))
/// try PNGWriter().write(canvas, to: "note.png")
/// ```
///
/// A renderer holds no mutable state of its own; glyph bitmaps go to a shared, bounded cache. Renderers
/// are safe to use from several threads, each drawing its own canvas.
public final class Renderer: Sendable {
    /// Where rasterized glyphs are kept.
    package let glyphCache: GlyphCache

    /// A renderer keeping glyph bitmaps in the process-wide glyph cache.
    public convenience init() { self.init(glyphCache: .shared) }

    /// A renderer keeping glyph bitmaps in `glyphCache`.
    package init(glyphCache: GlyphCache) { self.glyphCache = glyphCache }

    /// Lays out `manager`'s text if needed and draws container `options.containerIndex` into a new canvas.
    ///
    /// - Throws: the layout's errors; ``RenderError/imageTooLarge(width:height:limit:sideLimit:)`` before drawing
    ///   anything when the image would pass `options.limits`.
    public func render(_ manager: LayoutManager, options: RenderOptions = RenderOptions()) throws -> Canvas {
        try render(
            picture(manager, options: options), scale: options.scale, background: options.background,
            limits: options.limits)
    }

    /// Lays out `manager`'s text if needed and draws container `options.containerIndex` straight to PNG with
    /// `writer`, band by band on its threads
    /// (``PNGWriter/encode(width:height:scale:origin:background:limits:drawingBand:)``): the image
    /// ``render(_:options:)`` makes, without the whole of it in memory at once.
    public func renderPNG(
        _ manager: LayoutManager, options: RenderOptions = RenderOptions(), writer: PNGWriter = PNGWriter()
    ) throws -> Data {
        try renderPNG(
            picture(manager, options: options), scale: options.scale, background: options.background, writer: writer,
            limits: options.limits)
    }

    /// Container `options.containerIndex` of `manager`'s layout, over the area
    /// ``makeCanvas(for:containerSize:options:)`` covers.
    func picture(_ manager: LayoutManager, options: RenderOptions) throws -> Picture {
        let layout = try manager.layout()
        guard manager.textContainers.indices.contains(options.containerIndex) else { throw LayoutError.noTextContainer }
        let area = try canvasArea(
            for: layout, containerSize: manager.textContainers[options.containerIndex].size, options: options)
        return Picture(area: area, elements: [.text(layout, containerIndex: options.containerIndex, origin: .zero)])
    }

    /// A canvas for container `options.containerIndex` of `layout`: the clip rect when the caller sets one; else the
    /// container (as tall as the text when its height is unbounded) with the padding around it, grown where ink
    /// the layout can make (lines reaching past the container, shadows) would fall outside that
    /// (``imageArea(content:padding:layout:containers:)``). Pixel (0, 0) is the container's point
    /// (−padding, −padding) × scale unless ink reaches further left or up.
    public func makeCanvas(for layout: TextLayout, containerSize: Size, options: RenderOptions) throws -> Canvas {
        let area = try canvasArea(for: layout, containerSize: containerSize, options: options)
        return try Canvas(covering: area, scale: options.scale, background: options.background, limits: options.limits)
    }

    /// The points ``makeCanvas(for:containerSize:options:)`` covers.
    private func canvasArea(for layout: TextLayout, containerSize: Size, options: RenderOptions) throws -> Rect {
        if let clip = options.clip { return clip }
        return try imageArea(
            content: containerArea(containerSize, of: layout, containerIndex: options.containerIndex),
            padding: options.margin, layout: layout, containers: [(options.containerIndex, 0)])
    }

    /// Where drawing container `containerIndex` of `layout` can put ink, in points: its lines' and tables'
    /// rectangles, widened by the furthest shadow its lines cast (offset plus blur). Nil when the container holds no
    /// line.
    public func drawnBounds(of layout: TextLayout, containerIndex: Int = 0) -> Rect? {
        let lines = layout.lineFragments.filter { $0.containerIndex == containerIndex }
        guard var bounds = lines.first.map({ $0.usedRect.union($0.rect) }) else { return nil }
        for line in lines.dropFirst() { bounds = bounds.union(line.usedRect.union(line.rect)) }
        bounds = layout.writingFrame(inContainer: containerIndex).containerRect(bounds)
        for table in layout.tableFrames where table.containerIndex == containerIndex {
            // Rules are centred on the table's edges.
            let rule = Self.tableRuleWidth / 2
            bounds = bounds.union(
                Rect(
                    x: table.rect.minX - rule, y: table.rect.minY - rule, width: table.rect.width + 2 * rule,
                    height: table.rect.height + 2 * rule))
        }
        var left = 0.0, right = 0.0, up = 0.0, down = 0.0
        for paint in lines.flatMap({ $0.paint?.allPaints ?? [] }) {
            guard let shadow = paint.shadow, shadow.blurRadius.isFinite, shadow.offsetX.isFinite,
                shadow.offsetY.isFinite
            else { continue }
            let blur = max(0, shadow.blurRadius)
            left = max(left, blur - shadow.offsetX)
            right = max(right, blur + shadow.offsetX)
            up = max(up, blur - shadow.offsetY)
            down = max(down, blur + shadow.offsetY)
        }
        return Rect(
            x: bounds.minX - left, y: bounds.minY - up, width: bounds.width + left + right,
            height: bounds.height + up + down)
    }

    /// Draws the fragments of container `containerIndex` that reach into `canvas`, in their paint (the colours,
    /// decorations and effects their characters had when laid out).
    public func draw(_ layout: TextLayout, on canvas: inout Canvas, containerIndex: Int = 0) {
        draw(layout, onto: &canvas, containerIndex: containerIndex)
    }

    /// Draws the fragments and tables of container `containerIndex` that reach into `target`'s grid: every target
    /// gets the same marks in the same order.
    func draw<Target: DrawingTarget>(_ layout: TextLayout, onto canvas: inout Target, containerIndex: Int) {
        let frame = layout.writingFrame(inContainer: containerIndex)
        guard frame.isVertical else { return drawLines(layout, onto: &canvas, containerIndex: containerIndex) }
        LineSpaceTarget.draw(on: &canvas, frame: frame) {
            drawLines(layout, onto: &$0, containerIndex: containerIndex, frame: frame)
        }
    }

    /// ``draw(_:onto:containerIndex:)`` on a target in the layout's line coordinates, which lie in the container as
    /// `frame` says.
    private func drawLines(
        _ layout: TextLayout, onto canvas: inout some DrawingTarget, containerIndex: Int,
        frame: WritingFrame = .horizontal
    ) {
        let visible = canvas.grid.visibleRect
        drawTables(layout, on: &canvas, containerIndex: containerIndex)
        drawBlockRules(layout, on: &canvas, containerIndex: containerIndex)
        func isVisible(_ fragment: LineFragment) -> Bool {
            // Ink, shadows and effects reach past a line's band; a line's height of margin covers them.
            let reach = Rect(
                x: fragment.rect.minX - fragment.rect.height, y: fragment.rect.minY - fragment.rect.height,
                width: fragment.rect.width + 2 * fragment.rect.height, height: 3 * fragment.rect.height)
            return frame.containerRect(reach).intersects(visible)
        }
        func drawLine(_ fragment: LineFragment) {
            let glyphs = place(fragment, on: canvas.grid, frame: frame)
            drawBackgrounds(fragment, on: &canvas)
            drawAttachments(fragment, on: &canvas)
            drawShadows(glyphs, on: &canvas)
            let pressed = letterpressMask(glyphs, on: canvas.grid)
            if let pressed { drawLetterpressHighlight(pressed, on: &canvas) }
            canvas.drawGlyphs(glyphs, characters: fragment.character(at:))
            if let pressed { drawLetterpressInnerShadow(pressed, on: &canvas) }
            drawEmphasisMarks(fragment, frame: frame, on: &canvas)
            drawRubyAnnotations(fragment, frame: frame, on: &canvas)
            drawDecorations(fragment, glyphs: glyphs, frame: frame, on: &canvas)
            drawListMarker(fragment, frame: frame, on: &canvas)
            drawContinuationMark(fragment, on: &canvas)
        }
        // A table's header rows repeated at the top of this container, then the container's own lines.
        for table in layout.tableFrames where table.containerIndex == containerIndex {
            for fragment in table.repeatedHeaderLines where isVisible(fragment) { drawLine(fragment) }
        }
        let fragments = layout.lineFragments
        let drawn = fragments.indices.filter {
            fragments[$0].containerIndex == containerIndex && isVisible(fragments[$0])
        }
        guard frame.isVertical else { return drawn.forEach { drawLine(fragments[$0]) } }
        // A vertical paragraph's columns are drawn as one span showing its text, which a PDF keeps for extraction
        // and search (glyphs one under another read as a line each).
        var start = 0
        while start < drawn.count {
            let paragraph = fragments[drawn[start]].paragraphIndex
            var end = start + 1
            while end < drawn.count, fragments[drawn[end]].paragraphIndex == paragraph { end += 1 }
            canvas.beginActualText(Self.shownText(of: drawn[start..<end].map { fragments[$0] }))
            for index in drawn[start..<end] { drawLine(fragments[index]) }
            canvas.endActualText()
            start = end
        }
    }

    /// The text `fragments` show, in storage order: their characters without the line-ending controls, soft
    /// hyphens and attachments' object replacement characters, which show nothing.
    static func shownText(of fragments: [LineFragment]) -> String {
        let attachment = TextAttachment.character.utf16.first
        var units: [UInt16] = []
        for fragment in fragments {
            for offset in fragment.characterRange {
                guard let unit = fragment.character(at: offset), !CharacterClasses.forcesLineBreakAfter(unit),
                    unit != 0xAD, unit != attachment
                else { continue }
                units.append(unit)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Fills `path` (points) in `color` with its fill rule, anti-aliased, through FreeType's rasterizer.
    public func fill(_ path: BezierPath, color: Color, on canvas: inout Canvas) { canvas.fill(path, color: color) }

    /// Strokes `path` `lineWidth` points wide in `color`, with round joins and caps.
    public func stroke(_ path: BezierPath, lineWidth: Double, color: Color, on canvas: inout Canvas) {
        canvas.stroke(path, lineWidth: lineWidth, color: color)
    }

    // MARK: Glyph placement

    /// A glyph's bitmap at its pixel position, with the paint of its characters.
    struct PlacedGlyph {
        /// What the glyph inks: its fill, or its stroke when the text is hollow (a positive stroke width).
        let bitmap: GlyphBitmap
        /// The bitmap's top-left pixel.
        let x: Int, y: Int
        let paint: TextPaint
        /// The storage offset (UTF-16) of the glyph's first character.
        let characterIndex: Int
        /// The stroke drawn over the fill when the stroke width is negative, with its top-left pixel.
        var outline: (bitmap: GlyphBitmap, x: Int, y: Int)?
        /// What a vector target draws: the font, the glyph, its origin on the baseline in points (offsets and
        /// the baseline shift applied), its slant and expansion, and its outline's width in points (0 for none).
        let font: Font, glyphID: UInt32, position: Point, form: GlyphForm, outlineWidth: Double

        /// Whether ``bitmap`` is the stroke of hollow text.
        var isHollow: Bool { paint.isHollow }

        /// Whether the glyph is a colour image (an emoji's bitmap), which every target draws as pixels; others
        /// are outlines a vector target draws as text.
        var isColorImage: Bool { bitmap.color != nil }

        /// The colour of ``bitmap``'s ink: the stroke's colour for hollow text, else the foreground (black when
        /// unset), darkened for letterpress.
        var inkColor: Color {
            let foreground = paint.foregroundColor ?? .black
            let color = isHollow ? paint.strokeColor ?? foreground : foreground
            return paint.textEffect == .letterpress ? LetterpressRecipe.fill(color) : color
        }

        /// The colour of the stroke drawn over a filled glyph (a negative stroke width).
        var outlineColor: Color { paint.strokeColor ?? paint.foregroundColor ?? .black }
    }

    /// The glyphs of `fragment` placed on `grid`, its line coordinates lying in the container as `frame` says.
    func place(_ fragment: LineFragment, on grid: PixelGrid, frame: WritingFrame = .horizontal) -> [PlacedGlyph] {
        var placed: [PlacedGlyph] = []
        for run in fragment.runs where run.glyphRun.style.attachment == nil {
            place(
                run, paragraphStart: fragment.paragraphStart, on: grid, frame: frame, into: &placed,
                paintAt: fragment.paint(at:))
        }
        return placed
    }

    /// Appends the glyphs of `run` (line coordinates, lying in the container as `frame` says) to `placed`, each
    /// with the paint `paintAt` gives for its storage offset.
    func place(
        _ run: PositionedRun, paragraphStart: Int, on grid: PixelGrid, frame: WritingFrame = .horizontal,
        into placed: inout [PlacedGlyph], paintAt: (Int) -> TextPaint
    ) {
        let bins = Double(GlyphRasterizer.subpixelBins(scale: grid.scale))
        let font = run.glyphRun.font
        let pixelSize = font.size * grid.scale
        let stance = GlyphStance(run.glyphRun, frame: frame)
        for (glyph, penX) in zip(run.glyphRun.glyphs, run.glyphPositions) {
            let paint = paintAt(paragraphStart + glyph.cluster)
            let position = stance.origin(of: glyph, pen: penX, baseline: run.origin.y - (paint.baselineOffset ?? 0))
            let (x, y) = grid.pixelPoint(position)
            guard x.isFinite, y.isFinite, abs(x) < 1e7, abs(y) < 1e7 else { continue }
            let steps = (x * bins).rounded(.down)
            let whole = (steps / bins).rounded(.down)
            let shift = Int(steps - whole * bins) * 64 / Int(bins)
            // Half up, the same for a band as for the whole image (rounding half away from zero is not, above
            // a band's top).
            let pen = Int(whole), baseline = Int((y + 0.5).rounded(.down))
            let reach = Self.effectReach(of: paint, scale: grid.scale)
            let window = PixelWindow(
                left: -pen - reach, right: grid.width - pen + reach, bottom: baseline - grid.height - reach,
                top: baseline + reach)
            var form = stance.form
            if let expansion = paint.expansion { form.horizontalScale *= Shaper.expansionFactor(expansion) }
            if let slant = paint.obliqueness, slant.isFinite { form.slant = min(max(slant, -4), 4) }
            func bitmap(_ form: GlyphForm) -> GlyphBitmap? {
                let key = GlyphCache.Key(
                    face: font.face, variations: font.variations, pixelSize: pixelSize, glyph: glyph.glyphID,
                    shift: UInt8(shift), form: form)
                let found = glyphCache.bitmap(for: key) {
                    GlyphRasterizer.rasterize(
                        font, glyph: glyph.glyphID, pixelSize: pixelSize, shift: shift, form: form, window: window)
                }
                return found.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
            }
            let stroke = paint.strokeWidth ?? 0
            var strokeForm = form
            // TextKit's stroke width is a percentage of the font size.
            strokeForm.strokeWidth = stroke.isFinite ? min(abs(stroke), 100) / 100 * pixelSize : 0
            let hollow = stroke > 0 && strokeForm.strokeWidth > 0
            guard let ink = bitmap(hollow ? strokeForm : form) else { continue }
            var entry = PlacedGlyph(
                bitmap: ink, x: pen + ink.left, y: baseline - ink.top, paint: paint,
                characterIndex: paragraphStart + glyph.cluster, font: font, glyphID: glyph.glyphID,
                position: position, form: form, outlineWidth: strokeForm.strokeWidth / grid.scale)
            if stroke < 0, strokeForm.strokeWidth > 0, ink.color == nil, let outline = bitmap(strokeForm) {
                entry.outline = (outline, pen + outline.left, baseline - outline.top)
            }
            placed.append(entry)
        }
    }

    /// How far, in pixels, a glyph's shadow or letterpress layers can reach from its ink.
    static func effectReach(of paint: TextPaint, scale: Double) -> Int {
        var reach = 0.0
        if let shadow = paint.shadow {
            let offset = max(abs(shadow.offsetX), abs(shadow.offsetY))
            reach = (3 * max(0, shadow.blurRadius) / 2 + offset) * scale + 2
        }
        if paint.textEffect == .letterpress {
            reach = max(
                reach, 3 * LetterpressRecipe.blurPoints * scale + Double(LetterpressRecipe.offset(scale: scale)) + 2)
        }
        return reach.isFinite ? Int(min(reach, 16_777_216).rounded(.up)) : 16_777_216
    }

    /// The union of the coverage of `glyphs`, grown by `margin` pixels, kept to the part within `reach` pixels of
    /// `grid` (a blur or offset brings nothing further onto it).
    func mask(of glyphs: [PlacedGlyph], margin: Int, on grid: PixelGrid, reach: Int) -> CoverageMask {
        guard let first = glyphs.first else { return CoverageMask(left: 0, top: 0, width: 0, height: 0) }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for glyph in glyphs {
            minX = min(minX, glyph.x)
            minY = min(minY, glyph.y)
            maxX = max(maxX, glyph.x + glyph.bitmap.width)
            maxY = max(maxY, glyph.y + glyph.bitmap.height)
        }
        minX = max(minX - margin, -reach) + margin
        minY = max(minY - margin, -reach) + margin
        maxX = min(maxX + margin, grid.width + reach) - margin
        maxY = min(maxY + margin, grid.height + reach) - margin
        var mask = CoverageMask(
            left: minX - margin, top: minY - margin, width: maxX - minX + 2 * margin, height: maxY - minY + 2 * margin)
        for glyph in glyphs {
            if let color = glyph.bitmap.color {
                let alpha = stride(from: 3, to: color.bgra.count, by: 4).map { color.bgra[$0] }
                mask.add(alpha, width: color.width, height: color.height, pitch: color.width, x: glyph.x, y: glyph.y)
            } else {
                mask.add(
                    glyph.bitmap.coverage, width: glyph.bitmap.width, height: glyph.bitmap.height,
                    pitch: glyph.bitmap.width, x: glyph.x, y: glyph.y)
            }
        }
        return mask
    }

    // MARK: Layers

    private func drawShadows(_ glyphs: [PlacedGlyph], on canvas: inout some DrawingTarget) {
        let groups = Dictionary(grouping: glyphs.filter { $0.paint.shadow != nil }, by: { $0.paint.shadow! })
        for (shadow, members) in groups.sorted(by: { $0.value.count > $1.value.count }) {
            let grid = canvas.grid
            let sigma = max(0, shadow.blurRadius) * grid.scale / 2
            let reach = Self.effectReach(of: members[0].paint, scale: grid.scale)
            var layer = mask(of: members, margin: Int((3 * sigma).rounded(.up)) + 1, on: grid, reach: reach)
                .blurred(sigma: sigma)
            layer.left += Int((shadow.offsetX * grid.scale).rounded())
            layer.top += Int((shadow.offsetY * grid.scale).rounded())
            canvas.composite(shadow.color, mask: layer, opacity: 1)
        }
    }

    /// The coverage of the glyphs drawn with the letterpress effect, with room around them for both of its
    /// layers' blurs and offset; nil when there are none.
    private func letterpressMask(_ glyphs: [PlacedGlyph], on grid: PixelGrid) -> CoverageMask? {
        let pressed = glyphs.filter { $0.paint.textEffect == .letterpress && !$0.isColorImage }
        guard !pressed.isEmpty else { return nil }
        let sigma = LetterpressRecipe.blurPoints * grid.scale
        let margin = Int((3 * sigma).rounded(.up)) + LetterpressRecipe.offset(scale: grid.scale) + 1
        return mask(of: pressed, margin: margin, on: grid, reach: 2 * margin)
    }

    private func drawLetterpressHighlight(_ glyphMask: CoverageMask, on canvas: inout some DrawingTarget) {
        let scale = canvas.grid.scale
        let sigma = LetterpressRecipe.highlightBlurFactor * LetterpressRecipe.blurPoints * scale
        var highlight = glyphMask.blurred(sigma: sigma)
        highlight.top += LetterpressRecipe.offset(scale: scale)
        canvas.composite(.white, mask: highlight, opacity: LetterpressRecipe.highlightOpacity)
    }

    private func drawLetterpressInnerShadow(_ glyphMask: CoverageMask, on canvas: inout some DrawingTarget) {
        let scale = canvas.grid.scale
        let sigma = LetterpressRecipe.blurPoints * scale
        let offset = LetterpressRecipe.offset(scale: scale)
        var moved = glyphMask
        moved.top += offset
        let lit = moved.blurred(sigma: sigma)
        var shadow = glyphMask
        for row in 0..<shadow.height {
            for column in 0..<shadow.width {
                let index = row * shadow.width + column
                let inside = glyphMask.values[index]
                guard inside > 0 else { continue }
                shadow.values[index] = inside * (1 - lit.value(x: glyphMask.left + column, y: glyphMask.top + row))
            }
        }
        canvas.composite(.black, mask: shadow, opacity: LetterpressRecipe.innerShadowOpacity)
    }
}

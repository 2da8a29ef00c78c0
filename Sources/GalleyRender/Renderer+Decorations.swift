import GalleyLayout
@_spi(Stages) import GalleyText

extension Renderer {
    /// Fills the line band behind characters that have a background colour.
    func drawBackgrounds(_ fragment: LineFragment, on canvas: inout some DrawingTarget) {
        var current: (color: Color, minX: Double, maxX: Double)?
        func flush() {
            if let current {
                let rect = Rect(
                    x: current.minX, y: fragment.rect.minY, width: current.maxX - current.minX,
                    height: fragment.rect.height)
                canvas.fillRect(rect, color: current.color)
            }
            current = nil
        }
        for span in fragment.characterSpans() {
            let color = fragment.paint(at: span.range.lowerBound).backgroundColor
            if let color, let open = current, open.color == color, abs(open.maxX - span.minX) < 0.01 {
                current = (color, open.minX, span.maxX)
            } else {
                flush()
                if let color { current = (color, span.minX, span.maxX) }
            }
        }
        flush()
    }

    /// Draws underlines and strikethroughs across the line, each segment positioned and sized from the tables
    /// of the font its characters ask for (not the fallback fonts that drew some of its glyphs), so one
    /// decoration stays level across Latin, Chinese, Arabic and emoji. White space hanging at the line's end is
    /// not decorated. An underline breaks around the ink of the glyphs it crosses as its ``TextDecoration/skipInk``
    /// says (`glyphs` are the line's, placed).
    ///
    /// In a vertical line (`frame`) decorations run down the column, placed from the primary font's alphabetic
    /// baseline (half an em left of the central line, where its turned Latin sits), and not broken around ink; an
    /// underline goes on the left, or on the right in Japanese and Korean (CSS `text-underline-position: auto`, as
    /// Chromium draws it), as far from the column's centre line.
    func drawDecorations(
        _ fragment: LineFragment, glyphs: [PlacedGlyph], frame: WritingFrame = .horizontal,
        on canvas: inout some DrawingTarget
    ) {
        var contentEnd = fragment.characterRange.upperBound
        while contentEnd > fragment.characterRange.lowerBound {
            // Past the line's characters is its paragraph's terminator.
            guard let unit = fragment.character(at: contentEnd - 1) else {
                contentEnd -= 1
                continue
            }
            guard CharacterClasses.hangsAtLineEnd(unit) || TextStorage.isParagraphTerminator(unit) else { break }
            contentEnd -= 1
        }
        // Under ideographs an underline sits below the ideographic em box, not at a Latin font's offset, which
        // cuts into the bottoms of 的 and 是: lowered for the whole line, so one underline stays level.
        let ideographicDepth =
            frame.isVertical ? nil : fragment.runs.compactMap { $0.glyphRun.font.ideographicDepth }.max()
        // A turned glyph's bottom is on the left, the line's under side: in vertical-lr its offsets below the
        // baseline are negative in y.
        let down = frame.writingMode.underSign
        for isUnderline in [true, false] {
            var open:
                (
                    decoration: TextDecoration, color: Color, center: Double, thickness: Double, minX: Double,
                    maxX: Double
                )?
            func flush() {
                if let line = open {
                    let gaps =
                        isUnderline && line.decoration.skipInk != .none && !frame.isVertical
                        ? inkGaps(
                            of: glyphs, under: line.decoration, center: line.center, thickness: line.thickness,
                            from: line.minX, to: line.maxX, grid: canvas.grid, fragment: fragment) : []
                    var start = line.minX
                    for gap in gaps + [line.maxX...line.maxX] {
                        // A sliver left between two gaps, or between a gap and the line's end, is dropped: a
                        // fleck no wider than the line is thick reads as a stray mark, not an underline.
                        if gap.lowerBound - start > (gaps.isEmpty ? 0 : 2 * line.thickness) {
                            drawLine(
                                line.decoration, from: start, to: gap.lowerBound, center: line.center,
                                thickness: line.thickness, color: line.color, on: &canvas)
                        }
                        start = max(start, gap.upperBound)
                    }
                }
                open = nil
            }
            for run in fragment.runs {
                let font = run.glyphRun.style.primaryFont
                for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) {
                    let offset = fragment.paragraphStart + glyph.cluster
                    let paint = fragment.paint(at: offset)
                    guard offset < contentEnd,
                        let decoration = isUnderline ? paint.underline : paint.strikethrough,
                        !decoration.byWord
                            || !CharacterClasses.isSkippedByWordDecoration(fragment.character(at: offset) ?? 0x20)
                    else {
                        flush()
                        continue
                    }
                    let color = decoration.color ?? paint.foregroundColor ?? .black
                    // A vertical line's baseline is its centre; decorations hang from the alphabetic one.
                    let central = frame.isVertical ? down * font.size / 2 : 0
                    let baseline = run.origin.y - (paint.baselineOffset ?? 0) + central
                    let thickness = isUnderline ? font.underlineThickness : font.strikeoutThickness
                    var center = baseline - down * (isUnderline ? font.underlinePosition : font.strikeoutPosition)
                    if isUnderline, let ideographicDepth {
                        center = max(center, baseline + ideographicDepth + thickness / 2)
                    }
                    if isUnderline, frame.isVertical, Self.underlinesOnTheRight(run.glyphRun.shaping.language) {
                        // Mirrored about the centre line: right of it in either vertical mode.
                        let centreLine = run.origin.y - (paint.baselineOffset ?? 0)
                        center = 2 * centreLine - center
                    }
                    if let line = open, line.decoration == decoration, line.color == color,
                        abs(line.center - center) < 0.01, abs(line.thickness - thickness) < 0.01,
                        abs(line.maxX - x) < 0.01
                    {
                        open?.maxX = x + glyph.advance
                    } else {
                        flush()
                        open = (decoration, color, center, thickness, x, x + glyph.advance)
                    }
                }
            }
            flush()
        }
    }

    /// Where, between `minX` and `maxX` (points), an underline centred at `center` gives way to glyph ink: the
    /// columns of each glyph's coverage that reach into the underline's band, widened by the line's thickness on
    /// each side (as Chromium widens them), merged and in order. Colour glyphs (emoji) are drawn through; under
    /// `.auto`, so are ideographs, kana, Hangul and full-width forms.
    private func inkGaps(
        of glyphs: [PlacedGlyph], under decoration: TextDecoration, center: Double, thickness: Double,
        from minX: Double, to maxX: Double, grid: PixelGrid, fragment: LineFragment
    ) -> [ClosedRange<Double>] {
        let half = decoration.style == .single ? thickness / 2 : thickness
        let pad = thickness
        let (_, top) = grid.pixelPoint(Point(x: 0, y: center - half - pad / 2))
        let (_, bottom) = grid.pixelPoint(Point(x: 0, y: center + half + pad / 2))
        let (originX, _) = grid.pixelPoint(Point(x: 0, y: 0))
        // A font's tables or a wild baseline offset could put the band nowhere sensible: then nothing is skipped.
        guard top.isFinite, bottom.isFinite, bottom > top, abs(top) < 1e9, abs(bottom) < 1e9, pad >= 0 else {
            return []
        }
        var gaps: [ClosedRange<Double>] = []
        let bandTop = Int(top.rounded(.down)), bandBottom = Int(bottom.rounded(.up))
        func points(_ pixelX: Int) -> Double { (Double(pixelX) - originX) / grid.scale }
        for glyph in glyphs where !glyph.isColorImage && glyph.bitmap.coverage.count > 0 {
            // Only glyphs whose box, widened by the gap, meets this stretch of the line and its band are read.
            guard glyph.y < bandBottom, glyph.y + glyph.bitmap.height > bandTop,
                points(glyph.x + glyph.bitmap.width) + pad > minX, points(glyph.x) - pad < maxX,
                glyph.paint.underline?.skipInk == decoration.skipInk
            else { continue }
            if decoration.skipInk == .auto, Self.isUnderlinedWhole(fragment.character(at: glyph.characterIndex) ?? 0) {
                continue
            }
            let rows = max(0, bandTop - glyph.y)..<min(glyph.bitmap.height, bandBottom - glyph.y)
            var first: Int?, last = 0
            for column in 0..<glyph.bitmap.width {
                for row in rows where glyph.bitmap.coverage[row * glyph.bitmap.width + column] >= 48 {
                    if first == nil { first = column }
                    last = column
                    break
                }
            }
            guard let first else { continue }
            let left = points(glyph.x + first) - pad
            let right = points(glyph.x + last + 1) + pad
            if right > minX, left < maxX { gaps.append(max(left, minX)...min(right, maxX)) }
        }
        return ExclusionGeometry.merged(gaps)
    }

    /// Whether `auto` skip-ink underlines the character whole: ideographs, kana, Hangul, CJK punctuation and
    /// full-width forms.
    private static func isUnderlinedWhole(_ unit: UInt16) -> Bool {
        let value = UInt32(unit)
        return CharacterClasses.isCJK(value) || CharacterClasses.isHangulSyllable(value)
            || CharacterClasses.isCJKCompatibilityForm(value)
    }

    /// Whether a vertical line's underline goes on its right for text in `language` (Japanese and Korean), as CSS
    /// Text Decoration's `text-underline-position: auto` puts it; on its left otherwise (Chinese among them).
    static func underlinesOnTheRight(_ language: String?) -> Bool {
        guard let language else { return false }
        return language == "ja" || language == "ko" || language.hasPrefix("ja-") || language.hasPrefix("ko-")
    }

    /// Draws one decoration from `minX` to `maxX`: its dashes (lengths in multiples of the font's thickness,
    /// starting at `minX`), each in the decoration's style.
    private func drawLine(
        _ decoration: TextDecoration, from minX: Double, to maxX: Double, center: Double, thickness: Double,
        color: Color, on canvas: inout some DrawingTarget
    ) {
        let lengths = decoration.pattern.lengths.map { $0 * thickness * (decoration.style == .thick ? 2 : 1) }
        guard !lengths.isEmpty, lengths.allSatisfy({ $0 > 0 }) else {
            return drawSegment(
                decoration.style, from: minX, to: maxX, center: center, thickness: thickness,
                color: color, on: &canvas)
        }
        var x = minX
        var index = 0
        // Bounded: a decoration at most a container wide, dashes at least a hundredth of a point.
        while x < maxX, index < 1_000_000 {
            let length = max(lengths[index % lengths.count], 0.01)
            if index % 2 == 0 {
                drawSegment(
                    decoration.style, from: x, to: min(maxX, x + length), center: center, thickness: thickness,
                    color: color, on: &canvas)
            }
            x += length
            index += 1
        }
    }

    private func drawSegment(
        _ style: TextDecoration.Style, from minX: Double, to maxX: Double, center: Double, thickness: Double,
        color: Color, on canvas: inout some DrawingTarget
    ) {
        switch style {
        case .single:
            canvas.fillRect(
                Rect(x: minX, y: center - thickness / 2, width: maxX - minX, height: thickness), color: color)
        case .thick:
            canvas.fillRect(
                Rect(x: minX, y: center - thickness, width: maxX - minX, height: 2 * thickness), color: color)
        case .double:
            let line = thickness * 0.75
            for y in [center - line * 1.5, center + line * 0.5] {
                canvas.fillRect(Rect(x: minX, y: y, width: maxX - minX, height: line), color: color)
            }
        }
    }
}

extension Canvas {
    /// Fills `rect` (points) in `color`, with fractional coverage at edges that fall between pixels.
    public mutating func fillRect(_ rect: Rect, color: Color) {
        guard let (left, top, right, bottom, x0, x1, y0, y1) = pixelSpan(of: rect) else { return }
        var mask = CoverageMask(left: x0, top: y0, width: x1 - x0, height: y1 - y0)
        for row in y0..<y1 {
            let vertical = min(bottom, Double(row + 1)) - max(top, Double(row))
            for column in x0..<x1 {
                let horizontal = min(right, Double(column + 1)) - max(left, Double(column))
                mask.values[(row - y0) * mask.width + column - x0] = Float(max(0, vertical) * max(0, horizontal))
            }
        }
        composite(color, mask: mask)
    }

    /// `rect` (points) in fractional pixels, and the whole pixels it touches clipped to the canvas; nil when it is
    /// empty, not finite, or off the canvas.
    func pixelSpan(of rect: Rect) -> (
        left: Double, top: Double, right: Double, bottom: Double, x0: Int, x1: Int, y0: Int, y1: Int
    )? {
        let (left, top) = pixelPoint(rect.origin)
        let right = left + rect.width * scale, bottom = top + rect.height * scale
        guard right > left, bottom > top, left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else {
            return nil
        }
        let x0 = max(0, Int(left.rounded(.down))), x1 = min(width, Int(right.rounded(.up)))
        let y0 = max(0, Int(top.rounded(.down))), y1 = min(height, Int(bottom.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return nil }
        return (left, top, right, bottom, x0, x1, y0, y1)
    }
}

@_spi(Stages) import GalleyText

/// The plain paragraph, placed directly: most texts measured again and again (a prepared row at each width a
/// screen offers) are paragraphs whose every band is one greedy line across the container. Placing such a
/// paragraph needs none of what the line placer keeps for the rest (segments beside exclusions, `text-wrap` plans,
/// hyphens in a row, re-fitting a line widened at its edges, annotations), so it is placed here with the same
/// answers from the same rules: the line source's lines and content, ``LineFit/bandHeight(firstCharacterHeight:lineHeight:)``,
/// the container's bands and indents, ``ParagraphStyle/Alignment/contentX(width:in:rightToLeft:)``.
/// `PlainPlacementTests` holds every measurement equal to the placer's.
extension Typesetter {
    /// Whether the paragraph `context` describes is plain: broken greedily at words (no `text-wrap` plan), set
    /// horizontally and not justified, outside lists and tables, without wrapped-line indents, emphasis marks or
    /// ruby (`hasAnnotations`) or web line heights (whose first and last lines lend room). A paragraph with text
    /// must also have no tab, soft hyphen, hanging mark or hyphenation (`packedWithoutHyphens`): its lines are the
    /// packed breaks' greedy lines.
    static func isPlain(_ context: ParagraphContext, hasAnnotations: Bool, packedWithoutHyphens: Bool) -> Bool {
        let style = context.style
        return context.lineBreakMode == .wordWrap && style.textWrap == .auto && !context.isJustified
            && !context.indentsWrappedLines && style.textLists.isEmpty && style.tableCell == nil
            && context.listItem == nil && style.writingMode == .horizontalTB && !context.strut.rules.web
            && !hasAnnotations && (context.paragraph.length == 0 || packedWithoutHyphens)
    }

    /// Whether the containers let plain paragraphs be placed directly: one container of unbounded height, without
    /// exclusions, padding or a line limit, and a measurement's output.
    var placesPlainly: Bool {
        guard !Output.keepsFragments, bands.frames.count == 1, let frame = bands.frames.first else { return false }
        return frame.isHeightUnbounded && !frame.hasExclusions && frame.padding == 0 && frame.maximumNumberOfLines == 0
    }

    /// Places the plain paragraph `context` describes (``isPlain(_:hasAnnotations:packedWithoutHyphens:)``), not
    /// empty, its lines read from `source`, where ``placesPlainly`` holds: each band one line, as the line placer
    /// would place it. False when a line does not fit its width as chosen (a word wider than the line, an edge
    /// shaped again wider): the placer re-fits such lines, so the text is to be placed again by
    /// ``placeParagraphs(count:paragraph:shaped:lines:)`` and what this placed thrown away.
    mutating func placePlainly<Source: LineSource>(_ context: ParagraphContext, lines source: inout Source) -> Bool {
        bands.enterParagraph(spacingBefore: context.style.paragraphSpacingBefore)
        bands.indents = indents(context)
        let length = context.paragraph.length
        let strut = context.strut
        let uniform = source.uniformFigures.map { strut.metrics(of: CollectionOfOne($0)) }
        var start = 0
        while start < length {
            let firstHeight = (uniform ?? source.metrics(of: start..<(start + 1), strut: strut)).height
            guard let room = bands.reserve(blockSize: firstHeight, firstLine: start == 0, wrapIndent: 0) else {
                return false
            }
            let segment = room.span
            let line = source.nextLine(
                from: start, width: segment.width, mode: .wordWrap, limit: nil,
                hyphenates: context.hyphenatedLineLimit > 0)
            let content = source.content(of: line, shaper: shaper, keepsGlyphs: false, isJustified: false)
            guard LineFit.fits(content.usedWidth, in: segment.width) else { return false }
            let metrics = uniform ?? source.metrics(of: line.utf16Range, strut: strut)
            let top = room.blockOffset + LineAnnotation.none.shift(after: bands.annotationSpace)
            bands.annotationSpace = LineAnnotation.none.after
            let x = context.style.alignment.contentX(
                width: content.usedWidth, in: segment, rightToLeft: context.isRightToLeft)
            output.addLine(
                top: top, offset: context.storageStart + start,
                used: Rect(x: x, y: top, width: max(0, content.usedWidth), height: metrics.height))
            start = line.utf16Range.upperBound
            bands.finishBand(
                top: top, blockSize: LineFit.bandHeight(firstCharacterHeight: firstHeight, lineHeight: metrics.height),
                lineSpacing: context.style.lineSpacing, textContinues: start < length)
        }
        bands.blockOffset += context.style.paragraphSpacing
        return true
    }

    /// Places the plain empty paragraph `context` describes: its one line, as tall as its strut.
    mutating func placePlainEmptyParagraph(_ context: ParagraphContext) {
        bands.enterParagraph(spacingBefore: context.style.paragraphSpacingBefore)
        placeEmptyLine(context)
        bands.blockOffset += context.style.paragraphSpacing
    }
}

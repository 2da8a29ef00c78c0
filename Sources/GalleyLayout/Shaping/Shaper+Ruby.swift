@_spi(Stages) import GalleyText

extension Shaper {
    /// `shaped` with its ruby (``TextAttributes/ruby``): each annotation shaped at half its base's size, and the
    /// base's advances widened where the annotation is wider, as Chromium lays out a ruby column (Blink's
    /// `ApplyRubyAlign` and `GetOverhang`): the base spread `space-around`, and the annotation overhanging the text
    /// on each side by what is left beside the base, at most half its own size and half that text's width. A line
    /// ending at an overhung edge takes the overhang back (kept beside autospace in the paragraph's spacing).
    /// A paragraph without ruby comes back as it is.
    ///
    /// In vertical paragraphs the annotations are set down the column as their text would be (kana upright, Latin
    /// turned) and everything above runs along the column.
    ///
    /// - Throws: `RubyError` for an annotation past ``RubyAnnotation/textLimit``;
    ///   ``LayoutError/paragraphTooLong(length:limit:)`` when the text and its annotations together pass
    ///   ``Limits/paragraphLength``.
    func withRuby(_ shaped: ShapedParagraph, itemizer: Itemizer, limits: Limits) throws -> ShapedParagraph {
        let bases = Self.rubyBases(of: shaped.paragraph)
        guard !bases.isEmpty else { return shaped }
        var total = shaped.paragraph.length
        for base in bases {
            let length = base.text.utf16.count
            guard length <= RubyAnnotation.textLimit else {
                throw RubyError.annotationTooLong(length: length, limit: RubyAnnotation.textLimit)
            }
            total += length
        }
        guard total <= limits.paragraphLength else {
            throw LayoutError.paragraphTooLong(length: total, limit: limits.paragraphLength)
        }
        let paragraph = shaped.paragraph, length = paragraph.length
        let vertical = paragraph.style.writingMode.isVertical
        var runs = shaped.runs
        // Per UTF-16 offset: the advance of the cluster starting there (nil inside a cluster), and the run's font
        // size and whether it is an attachment.
        var clusterAdvance = [Double?](repeating: nil, count: length)
        var fontSize = [Double](repeating: 0, count: length)
        var isAttachment = [Bool](repeating: false, count: length)
        // Per UTF-16 offset: the side its emphasis marks sit on (true under), nil without marks.
        var marksUnder = [Bool?](repeating: nil, count: length)
        for run in runs {
            for glyph in run.glyphs where glyph.cluster >= 0 && glyph.cluster < length {
                clusterAdvance[glyph.cluster] = (clusterAdvance[glyph.cluster] ?? 0) + glyph.advance
            }
            for offset in run.utf16Range.clamped(to: 0..<length) {
                fontSize[offset] = run.font.size
                isAttachment[offset] = run.style.attachment != nil
                // A column's right is where ruby `over` is.
                marksUnder[offset] = run.style.shaping.emphasis.map { vertical ? $0.isLeftInColumns : $0.isUnder }
            }
        }
        func width(of range: Range<Int>) -> Double { range.reduce(0) { $0 + (clusterAdvance[$1] ?? 0) } }
        func scalar(at offset: Int) -> UInt32 { UTF16Decoding.scalar(in: paragraph.text, at: offset).0.value }
        var extra = CJKSpacing()
        var columns: [RubyColumn] = []
        // Annotations recur (the same reading over the same word): each text shaped once per base style.
        var shapedAnnotations: [AnnotationKey: [GlyphRun]] = [:]
        for (index, base) in bases.enumerated() {
            let size = fontSize[base.range.lowerBound]
            let runIndex = runs.partitioningIndex { $0.utf16Range.upperBound > base.range.lowerBound }
            guard runIndex < runs.count,
                let annotation = try annotationRuns(
                    base.text, over: runs[runIndex], in: paragraph.style, itemizer: itemizer,
                    memo: &shapedAnnotations)
            else { continue }
            let clusters = base.range.filter { clusterAdvance[$0] != nil }
            let annotationText = Array(base.text.utf16)
            func annotationScalar(at offset: Int) -> UInt32 {
                UTF16Decoding.scalar(in: annotationText[...], at: offset).0.value
            }
            // Beside the base (zhuyin), horizontally: room after its last character, no spreading or overhang.
            if base.position == .interCharacter, !vertical, let last = clusters.last {
                extra.adjustments[last, default: .init()].advance += RubyColumn.besideWidth(annotationSize: size / 2)
                columns.append(
                    RubyColumn(
                        base: base.range, annotation: annotation, annotationOpportunities: [],
                        position: .interCharacter, endOverhang: 0,
                        annotationTones: Set(
                            annotationText.indices.filter { RubyColumn.isToneMark(annotationScalar(at: $0)) }),
                        annotationLightTones: Set(
                            annotationText.indices.filter { RubyColumn.isLightTone(annotationScalar(at: $0)) })
                    ))
                continue
            }
            let space = RubyColumn.snapped(annotation.reduce(0) { $0 + $1.width }) - width(of: base.range)
            var endOverhang = 0.0
            if space > 0 {
                let opens = { Self.opensRuby(scalar(at: $0)) }
                for (cluster, (before, after)) in RubyColumn.spread(space, over: clusters, opportunities: opens) {
                    extra.adjustments[cluster, default: .init()].xOffset += before
                    extra.adjustments[cluster, default: .init()].advance += before + after
                }
                let limit = min(
                    RubyColumn.inset(space, opportunities: clusters.count(where: opens)),
                    RubyColumn.overhangLimit(annotationSize: size / 2))
                // The text before the base, back to the ruby before it: Blink's previous text item.
                let before = (index > 0 ? bases[index - 1].range.upperBound : 0)..<base.range.lowerBound
                // No overhang onto marks on the annotation's side, which stand beside it.
                let under = base.position == .under
                if limit > 0, let previous = before.last(where: { clusterAdvance[$0] != nil }),
                    !isAttachment[previous], fontSize[previous] <= size, marksUnder[previous] != under
                {
                    let overhang = min(limit, width(of: before) / 2)
                    extra.adjustments[previous, default: .init()].advance -= overhang
                    extra.autospace[base.range.lowerBound] = -overhang
                }
                let after =
                    base.range.upperBound..<(index + 1 < bases.count ? bases[index + 1].range.lowerBound : length)
                if limit > 0, let last = clusters.last, let next = after.first(where: { clusterAdvance[$0] != nil }),
                    !isAttachment[next], fontSize[next] <= size, marksUnder[next] != under
                {
                    endOverhang = min(limit, width(of: after) / 2)
                    extra.adjustments[last, default: .init()].advance -= endOverhang
                    extra.autospace[base.range.upperBound] = -endOverhang
                }
            }
            columns.append(
                RubyColumn(
                    base: base.range, annotation: annotation,
                    annotationOpportunities: Set(
                        annotationText.indices.filter { Self.opensRuby(annotationScalar(at: $0)) }),
                    // Beside a column's characters is its right, where `over` is (CSS).
                    position: base.position == .interCharacter ? .over : base.position, endOverhang: endOverhang))
        }
        // The text between columns is an item of its own in Blink, its width snapped up to a layout unit (1/64 px).
        for (index, base) in bases.enumerated() {
            let stretch = (index > 0 ? bases[index - 1].range.upperBound : 0)..<base.range.lowerBound
            snap(stretch)
            if index == bases.count - 1 { snap(base.range.upperBound..<length) }
        }
        func snap(_ stretch: Range<Int>) {
            guard let last = stretch.last(where: { clusterAdvance[$0] != nil }) else { return }
            let width = width(of: stretch)
            extra.adjustments[last, default: .init()].advance += RubyColumn.snappedUp(width) - width
        }
        extra.apply(to: &runs)
        var spacing = shaped.spacing
        spacing.add(extra)
        // A closing mark before a base keeps its full width at a line's end, as Chromium keeps it: the line ends
        // there only where it fits whole.
        for base in bases { spacing.closingTrim[base.range.lowerBound] = nil }
        return ShapedParagraph(
            paragraph: paragraph, bidi: shaped.bidi, runs: runs, spacing: spacing, rubies: columns)
    }

    /// What an annotation is shaped as: its text, over a base of one style.
    struct AnnotationKey: Hashable {
        let text: String
        let style: ObjectIdentifier
    }

    /// `text` shaped as the annotation over `base`'s characters: half their size, in their primary font (fallback
    /// as text takes it) and language, in the writing mode and orientation of their paragraph's `style`, its runs
    /// in visual order; nil where no font can be had at that size.
    private func annotationRuns(
        _ text: String, over base: GlyphRun, in style: ParagraphStyle, itemizer: Itemizer,
        memo: inout [AnnotationKey: [GlyphRun]]
    ) throws -> [GlyphRun]? {
        let key = AnnotationKey(text: text, style: ObjectIdentifier(base.style))
        if let known = memo[key] { return known }
        guard let font = try? base.style.primaryFont.withSize(base.font.size / 2) else { return nil }
        var setting = ParagraphStyle()
        (setting.writingMode, setting.textOrientation) = (style.writingMode, style.textOrientation)
        let shaped = try shape(
            Paragraph(
                text,
                attributes: TextAttributes(font: .font(font), language: base.shaping.language, paragraphStyle: setting)),
            itemizer: itemizer)
        let runs = BidiParagraph.visualOrder(levels: shaped.runs.map(\.bidiLevel)).map { shaped.runs[$0] }
        memo[key] = runs
        return runs
    }

    /// Whether a character spreads a ruby base or annotation: ideographs, kana and Hangul (Blink's expansion
    /// opportunities in CJK text).
    static func opensRuby(_ scalar: UInt32) -> Bool {
        CharacterClasses.isCJK(scalar) || CharacterClasses.isHangul(scalar)
    }

    /// The ruby bases of `paragraph`, in order: each stretch of characters with one annotation, or each of its
    /// characters where the annotation gives one text per character (mono ruby). A stretch of white space alone
    /// has none.
    static func rubyBases(of paragraph: borrowing Paragraph)
        -> [(range: Range<Int>, text: String, position: RubyAnnotation.Position)]
    {
        var spans: [(range: Range<Int>, ruby: RubyAnnotation)] = []
        for run in paragraph.attributeRuns {
            guard let ruby = run.attributes.ruby, !ruby.texts.isEmpty else { continue }
            if let last = spans.last, last.ruby == ruby, last.range.upperBound == run.utf16Range.lowerBound {
                spans[spans.count - 1].range = last.range.lowerBound..<run.utf16Range.upperBound
            } else {
                spans.append((run.utf16Range, ruby))
            }
        }
        let text = paragraph.text
        var bases: [(range: Range<Int>, text: String, position: RubyAnnotation.Position)] = []
        for span in spans {
            let base = String(
                decoding: text[(text.startIndex + span.range.lowerBound)..<(text.startIndex + span.range.upperBound)],
                as: UTF16.self)
            guard !base.allSatisfy(\.isWhitespace) else { continue }
            let texts = span.ruby.texts
            guard texts.count > 1, texts.count == base.count else {
                bases.append((span.range, texts.joined(), span.ruby.position))
                continue
            }
            var start = span.range.lowerBound
            for (character, annotation) in zip(base, texts) {
                let end = start + character.utf16.count
                bases.append((start..<end, annotation, span.ruby.position))
                start = end
            }
        }
        return bases
    }
}

@_spi(Stages) import GalleyText

/// Shapes and places emphasis marks (``TextAttributes/textEmphasis``): one mark, half the size of the characters'
/// font, centred over (or under) each character that takes one, standing on the characters' em box as Chromium
/// stands them, so the marks fill the room ``LineAnnotation`` made for them.
struct EmphasisMarks {
    /// Shapes the marks as list markers are shaped, keeping them with them.
    let markers: ListMarkers

    /// The marks of `runs` (a line's runs, placed; clusters count from the paragraph's start, which is
    /// `paragraphStart` in the storage) in `paragraph`, whose attributes say which mark each character takes. Web
    /// metrics round the em box up to pixels, as Blink does.
    ///
    /// In a column of `vertical` the marks stand upright right of the characters (or left), each centred on its
    /// character's length down the column (a combined group takes one), as far from the glyphs' centre line as
    /// Blink's layout puts them from its central baseline: Chromium draws a column's glyphs off that baseline, and
    /// its marks keep their distance from the glyphs, not from the baseline.
    ///
    /// Marks beside ruby bases on their annotation's side (`rubies`, reaching as `rubyReach` says) stand outside the
    /// annotation, as CSS Text Decoration 4 places them and Chromium draws them.
    func marks(
        for runs: [PositionedRun], in paragraph: Paragraph, paragraphStart: Int, web: Bool,
        vertical: WritingMode? = nil,
        rubies: ArraySlice<RubyColumn> = [], rubyReach: RubyReach = RubyReach()
    ) -> [PositionedRun] {
        let text = paragraph.text
        var marks: [PositionedRun] = []
        for run in runs {
            let style = run.glyphRun.style
            guard let emphasis = style.shaping.emphasis, style.attachment == nil else { continue }
            // The mark's em box stands on the characters' (``TextReach/marksBase``).
            let reach = TextReach(style, web: web, vertical: vertical != nil)
            // Runs of one side shape together, so one run may hold characters asking for different marks.
            var shaped: [Character: GlyphRun] = [:]
            // A cluster's glyphs side by side (a combined group's all together): its mark is centred on their
            // advances.
            var pen = run.origin.x, index = 0
            let glyphs = run.glyphRun.glyphs
            let combined = vertical != nil && style.shaping.orientation == .combined
            while index < glyphs.count {
                let cluster = glyphs[index].cluster
                var advance = 0.0
                while index < glyphs.count, combined || glyphs[index].cluster == cluster {
                    advance += glyphs[index].advance
                    index += 1
                }
                defer { pen += advance }
                guard cluster >= 0, cluster < text.count,
                    TextEmphasis.marks(UTF16Decoding.scalar(in: text, at: cluster).0),
                    let asked = Self.emphasis(at: cluster, in: paragraph)
                else { continue }
                let character = asked.mark(vertical: vertical != nil)
                guard let mark = shaped[character] ?? markRun(for: asked, character, of: style, upright: vertical)
                else { continue }
                shaped[character] = mark
                let x = pen + (advance - mark.width) / 2
                let characters = (paragraphStart + cluster)..<(paragraphStart + cluster + 1)
                if let vertical {
                    // Upright marks are drawn on their centre line, right of the column (or left), outside ruby
                    // on that side (ruby over is on the right).
                    let left = emphasis.isLeftInColumns
                    let ruby = rubies.contains { $0.base.contains(cluster) && $0.position == (left ? .under : .over) }
                    let stand = ruby ? (left ? rubyReach.under : rubyReach.over) ?? reach.marksBase : reach.marksBase
                    let centre = stand + ((reach.marks ?? reach.marksBase) - reach.marksBase) / 2
                    // The left of a column is its under side.
                    let y = run.origin.y + (left ? centre : -centre) * vertical.underSign
                    marks.append(PositionedRun(glyphRun: mark, origin: Point(x: x, y: y), characterRange: characters))
                    continue
                }
                let markBox = mark.font.emBox
                // Over a ruby base on the marks' side, the marks stand on the annotation.
                let ruby = rubies.first {
                    $0.base.contains(cluster) && !$0.isBeside && ($0.position == .under) == emphasis.isUnder
                }
                let stand =
                    ruby == nil
                    ? reach.marksBase : (emphasis.isUnder ? rubyReach.under : rubyReach.over) ?? reach.marksBase
                let y =
                    emphasis.isUnder ? run.origin.y + stand + markBox.ascent : run.origin.y - stand - markBox.descent
                marks.append(PositionedRun(glyphRun: mark, origin: Point(x: x, y: y), characterRange: characters))
            }
        }
        return marks
    }

    /// The marks the attributes of the character at UTF-16 offset `offset` of `paragraph` ask for.
    private static func emphasis(at offset: Int, in paragraph: Paragraph) -> TextEmphasis? {
        let runs = paragraph.attributeRuns
        let index = runs.partitioningIndex { $0.utf16Range.upperBound > offset }
        return index < runs.count ? runs[index].attributes.textEmphasis : nil
    }

    /// `character`, the mark `emphasis` asks for, shaped as ``markRun(_:size:of:upright:)`` shapes it, half the
    /// size of `style`'s font; where no font has it (no bundled face has the sesame or the double circle), the dot
    /// of its fill, where a browser would draw a missing-glyph box.
    private func markRun(
        for emphasis: TextEmphasis, _ character: Character, of style: RunStyle, upright: WritingMode?
    ) -> GlyphRun? {
        let size = style.font.size / 2
        guard let run = markRun(character, size: size, of: style, upright: upright) else { return nil }
        let dot = TextEmphasis(.dot, isFilled: emphasis.isFilled).mark()
        guard run.glyphs.contains(where: { $0.glyphID == 0 }), character != dot else { return run }
        return markRun(dot, size: size, of: style, upright: upright) ?? run
    }

    /// `mark` shaped at `size` points in the font `style`'s attributes name (fallback as text takes it), one glyph
    /// run, upright in a column of `upright` when it is given; nil when it cannot be shaped.
    private func markRun(_ mark: Character, size: Double, of style: RunStyle, upright: WritingMode?) -> GlyphRun? {
        guard let font = try? style.primaryFont.withSize(size) else { return nil }
        var attributes = TextAttributes(font: .font(font))
        if let upright {
            var column = ParagraphStyle()
            column.writingMode = upright
            column.textOrientation = .upright
            attributes.paragraphStyle = column
        }
        return markers.shaped(
            String(mark), attributes: attributes,
            key: MarkerShapes.Key(
                text: String(mark), font: font, language: nil, rightToLeft: false, upright: upright != nil)
        )?.first
    }
}

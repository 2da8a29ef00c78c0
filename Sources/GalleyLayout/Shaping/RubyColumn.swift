@_spi(Stages) import GalleyText

/// One ruby column of a shaped paragraph (``TextAttributes/ruby``): base characters and the annotation shaped over
/// them, half their size. The wider of the two sets the column's width: a wider annotation spreads the base's
/// characters (``spread(_:over:opportunities:)``); the base's advances already hold that room, so a line measures
/// the column as it is drawn.
///
/// Offsets are UTF-16 offsets from the paragraph's start; widths in points.
package struct RubyColumn: Sendable {
    /// The base characters.
    package let base: Range<Int>
    /// The annotation, shaped at half the base's size in the base's font (fallback as text takes it), its runs in
    /// visual order; their clusters count from the annotation text's start.
    package let annotation: [GlyphRun]
    /// The annotation's clusters (offsets in its text) that spread it when its base is wider: ideographs and kana.
    let annotationOpportunities: Set<Int>
    /// Which side of the line the annotation sits on.
    package let position: RubyAnnotation.Position
    /// Points by which the annotation overhangs the text after the base: the base's last cluster gave up as much
    /// of its advance (its share of the column's room), so the column's box ends that far past the base's end.
    package let endOverhang: Double
    /// The annotation's tone marks (ˊ ˇ ˋ ˪ ˫) and light tones (˙), by cluster (offsets in its text), which an
    /// annotation beside its base sets apart from its stack (``besideStack(size:)``).
    let annotationTones: Set<Int>, annotationLightTones: Set<Int>

    /// The annotation's width, in points, rounded to 1/64 as Blink rounds a text's width to its layout unit
    /// before it sets the column's.
    package var annotationWidth: Double { Self.snapped(annotation.reduce(0) { $0 + $1.width }) }

    /// `width` rounded to the nearest 1/64 point (a `LayoutUnit`).
    static func snapped(_ width: Double) -> Double { (width * 64).rounded() / 64 }

    /// `width` rounded up to the next 1/64 point, as Blink snaps a text item's width (`SnappedWidth`).
    static func snappedUp(_ width: Double) -> Double { (width * 64).rounded(.up) / 64 }

    /// Where each cluster of a stretch `extra` points narrower than its column moves and how much wider it
    /// becomes, as CSS's `ruby-align: space-around` spreads it: each cluster that is an expansion opportunity
    /// (`opportunities`: ideographs and kana, as Blink's justification counts them) takes an equal share, half
    /// before it and half after, so the gaps between them are twice the ends'; a stretch with none is centred.
    /// Clusters are given in order; the answer is per cluster `(before, after)`.
    static func spread(_ extra: Double, over clusters: [Int], opportunities: (Int) -> Bool) -> [Int: (Double, Double)] {
        guard extra > 0, let first = clusters.first, let last = clusters.last else { return [:] }
        let opening = clusters.filter(opportunities)
        let edge = inset(extra, opportunities: opening.count)
        guard !opening.isEmpty else {
            var centred = [first: (edge, 0.0)]
            centred[last, default: (0, 0)].1 += edge
            return centred
        }
        return Dictionary(uniqueKeysWithValues: opening.map { ($0, (edge, edge)) })
    }

    /// The room between a stretch's edge and its first character when it is `extra` points narrower than its column
    /// and has `count` expansion opportunities (Blink's ruby base inset): half an opportunity's share, or half the
    /// room where there is none (the stretch centred). ``spread(_:over:opportunities:)`` spreads by it.
    static func inset(_ extra: Double, opportunities count: Int) -> Double {
        count > 0 ? extra / Double(2 * count) : extra / 2
    }

    /// The most an annotation of `size` points overhangs the text beside its base: its size rounded to whole
    /// pixels, halved in integers, as Blink halves its `FontSize()` (4 for an 8.5-point annotation).
    static func overhangLimit(annotationSize size: Double) -> Double {
        Double(Int((size + 0.5).rounded(.down)) / 2)
    }

    package init(
        base: Range<Int>, annotation: [GlyphRun], annotationOpportunities: Set<Int>,
        position: RubyAnnotation.Position, endOverhang: Double, annotationTones: Set<Int> = [],
        annotationLightTones: Set<Int> = []
    ) {
        self.base = base
        self.annotation = annotation
        self.annotationOpportunities = annotationOpportunities
        self.position = position
        self.endOverhang = endOverhang
        (self.annotationTones, self.annotationLightTones) = (annotationTones, annotationLightTones)
    }

    /// Whether `scalar` is a zhuyin tone mark set beside the symbols: ˊ ˇ ˋ, and ˪ ˫ of Taiwanese and Hakka (the light
    /// tone ˙ stands above them instead).
    static func isToneMark(_ scalar: UInt32) -> Bool {
        scalar == 0x02CA || scalar == 0x02C7 || scalar == 0x02CB || scalar == 0x02EA || scalar == 0x02EB
    }

    /// Whether `scalar` is zhuyin's light tone ˙, which stands above the symbols.
    static func isLightTone(_ scalar: UInt32) -> Bool { scalar == 0x02D9 }

    /// Whether the annotation stands beside its base (``RubyAnnotation/Position/interCharacter``) rather than over
    /// or under it.
    var isBeside: Bool { position == .interCharacter }

    /// The room an annotation beside its base takes after the base's last character, in points, its font being
    /// `size` points: a column an em wide for the symbols and half an em for the tone marks, toned or not, so that
    /// every character of a line with zhuyin keeps one rhythm.
    static func besideWidth(annotationSize size: Double) -> Double { 1.5 * size }

    /// How far over the baseline a base whose font has `emBox` centres its em box, in points: where an annotation
    /// beside it (``besideStack(size:)``) is centred.
    static func besideCentre(over emBox: (ascent: Double, descent: Double)) -> Double {
        (emBox.ascent - emBox.descent) / 2
    }

    /// One glyph of an annotation beside its base, where it stands: `x` from the room's leading edge to the glyph's
    /// pen, `baseline` from the base's em-box centre (down positive), in points.
    struct StackedGlyph {
        let run: Int, glyph: Int
        let x: Double, baseline: Double
    }

    /// Where the glyphs of an annotation beside its base stand, its font `size` points (each glyph on its row by
    /// its own font's em box), and how far the stack reaches over and under the base's em-box centre: the symbols
    /// stacked down their column, an em a row, centred on the base, the light tone above them; each tone mark
    /// centred in the half-em column after them, on the last symbol's row (as Taiwan's Ministry of Education sets
    /// zhuyin beside characters). The one placement ``RubyReach`` measures and ``RubyText`` draws.
    func besideStack(size: Double) -> (glyphs: [StackedGlyph], over: Double, under: Double) {
        typealias Entry = (run: Int, glyph: Int, advance: Double)
        var symbols: [Entry] = [], lightTones: [Entry] = [], tones: [Entry] = []
        for (runIndex, run) in annotation.enumerated() {
            for (index, glyph) in run.glyphs.enumerated() {
                let entry = (runIndex, index, glyph.advance)
                if annotationTones.contains(glyph.cluster) {
                    tones.append(entry)
                } else if annotationLightTones.contains(glyph.cluster) {
                    lightTones.append(entry)
                } else {
                    symbols.append(entry)
                }
            }
        }
        // The symbols are centred on the base; light tones stand above them.
        let half = Double(max(1, symbols.count)) * size / 2
        var glyphs: [StackedGlyph] = []
        func place(_ entry: Entry, x: Double, rowTop: Double) {
            let ascent = annotation[entry.run].font.emBox.ascent
            glyphs.append(StackedGlyph(run: entry.run, glyph: entry.glyph, x: x, baseline: rowTop + ascent))
        }
        for (row, entry) in lightTones.enumerated() {
            place(entry, x: (size - entry.advance) / 2, rowTop: -half - Double(lightTones.count - row) * size)
        }
        for (row, entry) in symbols.enumerated() {
            place(entry, x: (size - entry.advance) / 2, rowTop: -half + Double(row) * size)
        }
        for entry in tones {
            place(entry, x: size + (size / 2 - entry.advance) / 2, rowTop: half - size)
        }
        return (glyphs, half + Double(lightTones.count) * size, half)
    }
}

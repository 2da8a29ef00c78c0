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
        position: RubyAnnotation.Position, endOverhang: Double
    ) {
        self.base = base
        self.annotation = annotation
        self.annotationOpportunities = annotationOpportunities
        self.position = position
        self.endOverhang = endOverhang
    }
}

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
    /// Whether each of the annotation's clusters (by cluster) is a place it spreads at when its base is wider.
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

    /// Where each cluster of a stretch `extra` points narrower than its column moves and how much wider it
    /// becomes, as CSS's `ruby-align: space-around` spreads it: each cluster that is an expansion opportunity
    /// (`opportunities`: ideographs and kana, as Blink's justification counts them) takes an equal share, half
    /// before it and half after, so the gaps between them are twice the ends'; a stretch with none is centred.
    /// Clusters are given in order; the answer is per cluster `(before, after)`.
    static func spread(_ extra: Double, over clusters: [Int], opportunities: (Int) -> Bool) -> [Int: (Double, Double)] {
        guard extra > 0, let first = clusters.first, let last = clusters.last else { return [:] }
        let opening = clusters.filter(opportunities)
        guard !opening.isEmpty else {
            var centred = [first: (extra / 2, 0.0)]
            centred[last, default: (0, 0)].1 += extra / 2
            return centred
        }
        let half = extra / Double(2 * opening.count)
        return Dictionary(uniqueKeysWithValues: opening.map { ($0, (half, half)) })
    }

    /// The room between the column's edge and its first character when the base is `extra` points narrower than
    /// its annotation (Blink's ruby base inset): what `spread` puts before the first opportunity, or half of it all.
    static func inset(_ extra: Double, opportunities count: Int) -> Double {
        count > 0 ? extra / Double(2 * count) : extra / 2
    }

    /// The most an annotation of `size` points overhangs the text beside its base: half its size in whole pixels,
    /// halved as integers, as Blink halves its rounded font size.
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

@_spi(Stages) import GalleyText

/// Grapheme-cluster boundaries as Swift's `Character` draws them (Unicode 15.1's extended grapheme clusters, with
/// Indic conjuncts such as क्ष one cluster, rule GB9c), the one segmentation that carets, selections, emergency
/// line breaks and truncation follow. Debian's ICU 72 and HarfBuzz still split conjuncts after the virama.
enum GraphemeClusters {
    /// The boundaries of `text` (UTF-16), as increasing offsets from its start, its end included and its start not.
    static func boundaries(of text: ArraySlice<UInt16>) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(text.count)
        var offset = 0
        for character in String(decoding: text, as: UTF16.self) {
            offset += character.utf16.count
            offsets.append(offset)
        }
        return offsets
    }

    /// The scripts with a conjunct linker (Indic_Conjunct_Break = Linker), where GB9c joins consonants across a
    /// virama: Devanagari, Bengali, Gujarati, Oriya, Telugu, Malayalam.
    private static let linkingScripts = ScriptSet(iso15924: ["Deva", "Beng", "Gujr", "Orya", "Telu", "Mlym"])

    /// Whether shaping `script` can leave a glyph cluster starting inside a grapheme cluster.
    static func mayDivideConjuncts(_ script: Script) -> Bool { linkingScripts.contains(script) }

    /// `glyphs` (left to right, clusters as UTF-16 offsets into `units`) with every cluster that starts inside a
    /// grapheme cluster of `range` merged into the one before it, so that no glyph cluster, and so no caret or
    /// line edge, falls inside a conjunct.
    static func aligning(
        _ glyphs: [ShapedGlyph], to range: Range<Int>, in units: UnsafeBufferPointer<UInt16>
    ) -> [ShapedGlyph] {
        let boundaries = Set(boundaries(of: ArraySlice(units[range])).map { $0 + range.lowerBound })
        var glyphs = glyphs
        var start = range.lowerBound  // the grapheme cluster the last glyph belongs to
        for index in glyphs.indices {
            let cluster = glyphs[index].cluster
            if cluster == range.lowerBound || boundaries.contains(cluster) {
                start = cluster
            } else if cluster > start {
                glyphs[index].cluster = start
            }
        }
        return glyphs
    }
}

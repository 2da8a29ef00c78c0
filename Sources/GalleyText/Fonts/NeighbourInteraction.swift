/// Which glyphs a face's default OpenType lookups may change or move because of a neighbour: the glyphs of every
/// lookup that reads more than one glyph (ligatures, context and chaining substitutions, kerning pairs, cursive and
/// mark attachment), before, in and after its input. No lookup matches across a boundary with a glyph of none of
/// them on one side, so the text on each side may be shaped apart (`Shaper.shapeByCharacters`).
///
/// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT` cannot answer this from a character shaped alone: a kerning pair
/// that starts at a glyph and runs off the buffer's end leaves the glyph unflagged (Noto Sans CJK's `テ` alone,
/// whose kerning with `キ` only shows with both), so the lookups are read instead (``LookupInteractions``), as
/// they are for the space.
package struct NeighbourInteraction: Sendable {
    /// Glyphs a default lookup reading more than one glyph involves.
    let glyphs: GlyphBits
    /// False when a legacy `kern` table (without GPOS) may kern any pair: no glyph is then known to be alone.
    package let isKnown: Bool

    /// Whether a default lookup reading several glyphs involves `glyph`.
    package func involves(_ glyph: UInt32) -> Bool { glyphs.contains(glyph) }
}

/// How a face's default OpenType lookups involve the space glyph, which decides whether words separated by spaces
/// may be shaped one at a time (and cached) instead of with their whole line.
///
/// Read with `hb_ot_layout_lookup_collect_glyphs` over the lookups of the features HarfBuzz applies by default
/// (``LookupInteractions``). A substitution that reaches across a space can only change glyphs in the *input*
/// sequence of a lookup whose context holds the space, so those input glyphs are collected: a word containing none
/// of them cannot be changed by its neighbours through GSUB. Positioning across a space (kerning a space against a
/// letter) is checked per character by `FontInstance.isSpaceNeutral(_:)`.
struct SpaceInteraction: Sendable {
    /// Whether the space appears in any default lookup (or a legacy `kern` table may kern it, or the face maps no
    /// space).
    let involvesSpace: Bool
    /// Glyphs a substitution involving the space may replace.
    let substitutedNearSpace: GlyphBits
}

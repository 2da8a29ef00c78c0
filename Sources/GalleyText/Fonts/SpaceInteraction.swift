import CHarfBuzz

/// How a face's default OpenType lookups involve the space glyph, which decides whether words separated by spaces
/// may be shaped one at a time (and cached) instead of with their whole line.
///
/// Read with `hb_ot_layout_lookup_collect_glyphs` over the lookups of the features HarfBuzz applies by default.
/// A substitution that reaches across a space can only change glyphs in the *input* sequence of a lookup whose
/// context holds the space, so those input glyphs are collected: a word containing none of them cannot be changed
/// by its neighbours through GSUB. Positioning across a space (kerning a space against a letter) is checked per
/// character by `FontInstance.isSpaceNeutral(_:)`.
struct SpaceInteraction: Sendable {
    /// Whether the space appears in any default lookup (or a legacy `kern` table may kern it).
    let involvesSpace: Bool
    /// Glyphs a substitution involving the space may replace.
    let substitutedNearSpace: Set<UInt32>

    init(face: OpaquePointer, space: UInt32?) {
        guard let space else {
            (involvesSpace, substitutedNearSpace) = (true, [])
            return
        }
        let kern = hb_face_reference_table(face, OpenTypeTag.value(of: "kern"))
        let hasLegacyKerning = hb_blob_get_length(kern) > 0 && hb_ot_layout_has_positioning(face) == 0
        hb_blob_destroy(kern)
        var involvesSpace = hasLegacyKerning
        var substituted = Set<UInt32>()
        for table in ["GSUB", "GPOS"] {
            Self.forEachLookupInvolving(space, face: face, table: table) { input in
                involvesSpace = true
                if table == "GSUB" { substituted.formUnion(input) }
            }
        }
        self.involvesSpace = involvesSpace
        substitutedNearSpace = substituted
    }

    /// Calls `body` with the input glyphs of each default lookup in `table` whose glyphs include `space`.
    private static func forEachLookupInvolving(
        _ space: UInt32, face: OpaquePointer, table: String, _ body: (Set<UInt32>) -> Void
    ) {
        DefaultLookups.forEach(in: face, table: table) { before, input, after in
            guard hb_set_has(before, space) != 0 || hb_set_has(input, space) != 0 || hb_set_has(after, space) != 0
            else { return }
            body(Set(DefaultLookups.members(of: input)))
        }
    }
}

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

    /// The features HarfBuzz applies by default in horizontal text, plus the script-specific ones; zero-ended.
    static let defaultFeatures =
        [
            "abvf", "abvm", "abvs", "akhn", "blwf", "blwm", "blws", "calt", "ccmp", "cfar", "cjct", "clig", "curs",
            "dist", "fin2", "fin3", "fina", "half", "haln", "init", "isol", "kern", "liga", "ljmo", "locl", "mark",
            "med2", "medi", "mkmk", "mset", "nukt", "pref", "pres", "pstf", "psts", "rclt", "rkrf", "rlig", "rphf",
            "stch", "tjmo", "vjmo",
        ].map(OpenTypeTag.value(of:)) + [0]

    /// Calls `body` with the input glyphs of each default lookup in `table` whose glyphs include `space`.
    private static func forEachLookupInvolving(
        _ space: UInt32, face: OpaquePointer, table: String, _ body: (Set<UInt32>) -> Void
    ) {
        let tag = OpenTypeTag.value(of: table)
        let lookups = hb_set_create()
        defer { hb_set_destroy(lookups) }
        var features = defaultFeatures
        hb_ot_layout_collect_lookups(face, tag, nil, nil, &features, lookups)
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first member
        while hb_set_next(lookups, &lookup) != 0 {
            let before = hb_set_create(), input = hb_set_create(), after = hb_set_create()
            defer {
                hb_set_destroy(before)
                hb_set_destroy(input)
                hb_set_destroy(after)
            }
            hb_ot_layout_lookup_collect_glyphs(face, tag, lookup, before, input, after, nil)
            guard hb_set_has(before, space) != 0 || hb_set_has(input, space) != 0 || hb_set_has(after, space) != 0
            else { continue }
            var members = Set<UInt32>()
            var glyph = UInt32.max
            while hb_set_next(input, &glyph) != 0 { members.insert(glyph) }
            body(members)
        }
    }
}

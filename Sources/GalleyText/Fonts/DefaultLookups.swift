import CHarfBuzz

/// The lookups of the OpenType features HarfBuzz applies by default in horizontal text, read per face to learn
/// which glyphs they touch (``LookupInteractions``).
enum DefaultLookups {
    /// The features HarfBuzz applies by default in horizontal text, plus the script-specific ones; zero-ended.
    static let features =
        [
            "abvf", "abvm", "abvs", "akhn", "blwf", "blwm", "blws", "calt", "ccmp", "cfar", "cjct", "clig", "curs",
            "dist", "fin2", "fin3", "fina", "half", "haln", "init", "isol", "kern", "liga", "ljmo", "locl", "mark",
            "med2", "medi", "mkmk", "mset", "nukt", "pref", "pres", "pstf", "psts", "rclt", "rkrf", "rlig", "rphf",
            "stch", "tjmo", "vjmo",
        ].map(OpenTypeTag.value(of:)) + [0]

    /// Calls `body` with each default lookup of `table` (`GSUB` or `GPOS`): its index and the glyphs it reads before,
    /// in and after its input (HarfBuzz sets, valid during the call).
    static func forEach(
        in face: OpaquePointer, table: String,
        _ body: (_ lookup: UInt32, _ before: OpaquePointer, _ input: OpaquePointer, _ after: OpaquePointer) -> Void
    ) {
        let tag = OpenTypeTag.value(of: table)
        let lookups = hb_set_create(), before = hb_set_create(), input = hb_set_create(), after = hb_set_create()
        defer {
            for set in [lookups, before, input, after] { hb_set_destroy(set) }
        }
        var features = Self.features
        hb_ot_layout_collect_lookups(face, tag, nil, nil, &features, lookups)
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first member
        while hb_set_next(lookups, &lookup) != 0 {
            for set in [before, input, after] { hb_set_clear(set) }
            hb_ot_layout_lookup_collect_glyphs(face, tag, lookup, before, input, after, nil)
            body(lookup, before!, input!, after!)
        }
    }
}

import CHarfBuzz

/// Which glyphs a face's default OpenType lookups may change or move because of a neighbour: the glyphs of every
/// lookup that reads more than one glyph (ligatures, context and chaining substitutions, kerning pairs, cursive and
/// mark attachment), before, in and after its input. No lookup matches across a boundary with a glyph of none of
/// them on one side, so the text on each side may be shaped apart (`Shaper.shapeByCharacters`).
///
/// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT` cannot answer this from a character shaped alone: a kerning pair
/// that starts at a glyph and runs off the buffer's end leaves the glyph unflagged (Noto Sans CJK's `テ` alone,
/// whose kerning with `キ` only shows with both), so the lookups are read instead, as ``SpaceInteraction`` reads
/// them for the space.
package struct NeighbourInteraction: Sendable {
    /// Glyphs a default lookup reading more than one glyph involves.
    let glyphs: Set<UInt32>
    /// False when a legacy `kern` table (without GPOS) may kern any pair: no glyph is then known to be alone.
    package let isKnown: Bool

    init(face: OpaquePointer) {
        let kern = hb_face_reference_table(face, OpenTypeTag.value(of: "kern"))
        isKnown = !(hb_blob_get_length(kern) > 0 && hb_ot_layout_has_positioning(face) == 0)
        hb_blob_destroy(kern)
        var glyphs = Set<UInt32>()
        for table in ["GSUB", "GPOS"] {
            let types = Self.lookupTypes(FaceNames.table(table, of: face), extensionType: table == "GSUB" ? 7 : 9)
            // Single (and multiple and alternate) substitution and single positioning act on a glyph alone.
            let actsAlone: (Int) -> Bool = table == "GSUB" ? { (1...3).contains($0) } : { $0 == 1 }
            DefaultLookups.forEach(
                in: face, table: table, where: { !actsAlone(Int($0) < types.count ? types[Int($0)] : 0) }
            ) { before, input, after in
                for set in [before, input, after] { glyphs.formUnion(DefaultLookups.members(of: set)) }
            }
        }
        self.glyphs = glyphs
    }

    /// Whether a default lookup reading several glyphs involves `glyph`.
    package func involves(_ glyph: UInt32) -> Bool { glyphs.contains(glyph) }

    /// Each lookup's type in a GSUB or GPOS table (the wrapped type for an extension lookup, whose type is
    /// `extensionType`: 7 in GSUB, 9 in GPOS); 0 where unreadable.
    private static func lookupTypes(_ bytes: [UInt8], extensionType: Int) -> [Int] {
        func u16(_ offset: Int) -> Int? { OpenTypeBytes.uint16(bytes, at: offset) }
        func u32(_ offset: Int) -> Int? { OpenTypeBytes.uint32(bytes, at: offset) }
        guard let listOffset = u16(8), listOffset > 0, let count = u16(listOffset) else { return [] }
        return (0..<count).map { index in
            guard let lookupOffset = u16(listOffset + 2 + 2 * index).map({ listOffset + $0 }),
                let type = u16(lookupOffset)
            else { return 0 }
            // An extension lookup names the wrapped type in its first subtable.
            guard type == extensionType, let subtables = u16(lookupOffset + 4), subtables > 0,
                let first = u16(lookupOffset + 6).map({ lookupOffset + $0 }), u16(first) == 1,
                let wrapped = u16(first + 2), u32(first + 4) != nil
            else { return type }
            return wrapped
        }
    }
}

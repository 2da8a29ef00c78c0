import CHarfBuzz

/// What a face's default lookups say about the space (``SpaceInteraction``) and about neighbouring glyphs
/// (``NeighbourInteraction``), read in one walk over them: both need every lookup's glyphs, and collecting those
/// is most of the cost of reading a face.
struct LookupInteractions: Sendable {
    let space: SpaceInteraction
    let neighbour: NeighbourInteraction

    /// The interactions of `face`'s default lookups, `space` being the glyph its map gives U+0020 (nil for none).
    init(face: OpaquePointer, space: UInt32?) {
        let kern = hb_face_reference_table(face, OpenTypeTag.value(of: "kern"))
        let hasLegacyKerning = hb_blob_get_length(kern) > 0 && hb_ot_layout_has_positioning(face) == 0
        hb_blob_destroy(kern)
        var involvesSpace = hasLegacyKerning || space == nil
        var substitutedNearSpace = GlyphBits()
        var neighbours = GlyphBits()
        for table in ["GSUB", "GPOS"] {
            let isSubstitution = table == "GSUB"
            let types = Self.lookupTypes(FaceNames.table(table, of: face), extensionType: isSubstitution ? 7 : 9)
            // Single (and multiple and alternate) substitution and single positioning act on a glyph alone.
            let actsAlone: (Int) -> Bool = isSubstitution ? { (1...3).contains($0) } : { $0 == 1 }
            DefaultLookups.forEach(in: face, table: table) { lookup, before, input, after in
                if !actsAlone(Int(lookup) < types.count ? types[Int(lookup)] : 0) {
                    for set in [before, input, after] { neighbours.formUnion(set) }
                }
                guard let space,
                    hb_set_has(before, space) != 0 || hb_set_has(input, space) != 0 || hb_set_has(after, space) != 0
                else { return }
                involvesSpace = true
                if isSubstitution { substitutedNearSpace.formUnion(input) }
            }
        }
        self.space = SpaceInteraction(involvesSpace: involvesSpace, substitutedNearSpace: substitutedNearSpace)
        neighbour = NeighbourInteraction(glyphs: neighbours, isKnown: !hasLegacyKerning)
    }

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

import CHarfBuzz

/// Which characters of the Basic Multilingual Plane a face's character map gives a glyph, one bit each, read from
/// the map once: the itemizer asks per character which font covers it, and HarfBuzz remembers the glyphs it found,
/// not the characters it missed, so a face without a character searched its whole map every time it was asked
/// (a Latin face, for each ideograph of a Chinese text).
///
/// Exact where HarfBuzz reads a Unicode subtable (platform 0, or Windows encoding 1 or 10), which it prefers to
/// any other; a face with only a symbol or Mac Roman map (whose lookups HarfBuzz remaps) has no coverage and is
/// asked through HarfBuzz. `FontLibraryTests` compare every bundled face over the whole plane.
@usableFromInline struct CharacterCoverage: Sendable {
    /// Bit `v & 63` of word `v >> 6` is set when U+v has a glyph.
    @usableFromInline let words: [UInt64]

    /// The coverage of `face`'s map, or nil when HarfBuzz reads a subtable other than a Unicode one.
    init?(face: OpaquePointer) {
        guard Self.hasUnicodeSubtable(face) else { return nil }
        var words = [UInt64](repeating: 0, count: 0x10000 / 64)
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        // Read in batches: a Chinese face maps thousands of scattered characters, and a range at a time cost more
        // than the map's own reading.
        var batch = [hb_codepoint_t](repeating: 0, count: 1024)
        var last = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        reading: while true {
            let count = Int(hb_set_next_many(set, last, &batch, UInt32(batch.count)))
            for value in batch.prefix(count) {
                guard value <= 0xFFFF else { break reading }
                words[Int(value >> 6)] |= 1 << UInt64(value & 63)
            }
            guard count == batch.count else { break }
            last = batch[count - 1]
        }
        self.words = words
    }

    /// Whether U+`value` has a glyph; nil outside the Basic Multilingual Plane, where the map must be asked.
    @inlinable func contains(_ value: UInt32) -> Bool? {
        guard value <= 0xFFFF else { return nil }
        return words[Int(value >> 6)] & (1 << UInt64(value & 63)) != 0
    }

    /// Whether the `cmap` table lists a subtable HarfBuzz takes as Unicode (platform 0, or platform 3 with
    /// encoding 1 or 10): it picks one of those before a symbol (3, 0) or Mac Roman (1, 0) map.
    private static func hasUnicodeSubtable(_ face: OpaquePointer) -> Bool {
        let blob = hb_face_reference_table(face, OpenTypeTag.value(of: "cmap"))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return false }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        func uint16(_ offset: Int) -> Int? { OpenTypeBytes.uint16(bytes, at: offset) }
        guard let count = uint16(2) else { return false }
        for record in 0..<count {
            guard let platform = uint16(4 + 8 * record), let encoding = uint16(6 + 8 * record) else { return false }
            if platform == 0 && encoding != 5 || platform == 3 && (encoding == 1 || encoding == 10) { return true }
        }
        return false
    }
}

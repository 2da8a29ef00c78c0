import CHarfBuzz

/// What a face calls itself and how heavy and slanted it is, read from its `name`, `OS/2` and `head` tables through
/// HarfBuzz, with FreeType's rules (`sfnt_load_face`), so that families and styles are what fontconfig and
/// FreeType report without FreeType opening the face.
struct FaceNames {
    /// The family name, such as `Inter`; `Unnamed` when the face has none.
    let family: String
    /// The style name of the face's default instance, such as `Regular`.
    let style: String
    /// The OS/2 weight class (400 regular, 700 bold); without an OS/2 table, 700 when `head` marks it bold.
    let weightClass: Int
    /// Whether OS/2 marks the face italic or oblique (or, without OS/2, `head` marks it italic).
    let isItalic: Bool
    /// Whether the face draws colour bitmaps from strikes (`CBDT`/`CBLC` or `sbix`, as emoji fonts do).
    let hasBitmapStrikes: Bool
    /// Whether the `post` table marks the face monospaced (`isFixedPitch`).
    let isFixedPitch: Bool

    init(_ face: OpaquePointer) {
        let os2 = Self.table("OS/2", of: face)
        // FreeType's test for an OS/2 table it can use: version 0's 78 bytes at least.
        let fsSelection = os2.count >= 78 ? OpenTypeBytes.uint16(os2, at: 62) : nil
        // OS/2 fsSelection bit 8, WWS: the typographic names already follow weight, width and slope; otherwise
        // FreeType tries the WWS names first.
        let orders: ([UInt32], [UInt32]) =
            fsSelection.map { $0 & 0x100 != 0 } == true ? ([16, 1], [17, 2]) : ([21, 16, 1], [22, 17, 2])
        family = orders.0.lazy.compactMap { Self.name($0, of: face) }.first ?? "Unnamed"
        style = orders.1.lazy.compactMap { Self.name($0, of: face) }.first ?? "Regular"
        let macStyle = OpenTypeBytes.uint16(Self.table("head", of: face), at: 44) ?? 0
        weightClass = fsSelection != nil ? OpenTypeBytes.uint16(os2, at: 4) ?? 400 : macStyle & 1 != 0 ? 700 : 400
        // FreeType reads the slope from OS/2 only for a face with outlines (not a colour-bitmap one).
        hasBitmapStrikes = ["sbix", "CBLC", "CBDT"].contains { Self.hasTable($0, in: face) }
        // Only its header: a `post` table of version 2 goes on with every glyph's name.
        let post = Self.table("post", of: face, upTo: 16)
        isFixedPitch = post.count >= 16 && post[12..<16].contains { $0 != 0 }
        let hasOutlines = ["glyf", "CFF ", "CFF2"].contains { Self.hasTable($0, in: face) } && !hasBitmapStrikes
        if let fsSelection, hasOutlines {
            isItalic = fsSelection & 0x201 != 0  // italic (bit 0) or oblique (bit 9)
        } else {
            isItalic = macStyle & 2 != 0
        }
    }

    /// Name `id` in English (HarfBuzz's choice among the name records, as FreeType's), nil when absent or empty.
    static func name(_ id: UInt32, of face: OpaquePointer) -> String? {
        var length: UInt32 = 0
        let language = hb_language_from_string("en", -1)
        let total = hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), language, &length, nil)
        guard total > 0 else { return nil }
        var bytes = [CChar](repeating: 0, count: Int(total) + 1)
        length = total + 1
        hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), language, &length, &bytes)
        let name = String(decoding: bytes.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// The subfamily name of the named instance of a variable face at `coordinates` (design units, one per axis
    /// in the face's order, each within half a unit), such as `SemiBold` for Inter at `wght` 600; nil when no
    /// named instance sits there.
    static func namedInstance(at coordinates: [Double], of face: OpaquePointer) -> String? {
        for instance in 0..<hb_ot_var_get_named_instance_count(face) {
            var count = UInt32(coordinates.count)
            var design = [Float](repeating: .nan, count: coordinates.count)
            hb_ot_var_named_instance_get_design_coords(face, instance, &count, &design)
            guard Int(count) == coordinates.count,
                zip(design, coordinates).allSatisfy({ abs(Double($0) - $1) < 0.5 })
            else { continue }
            return name(hb_ot_var_named_instance_get_subfamily_name_id(face, instance), of: face)
        }
        return nil
    }

    /// Table `tag`'s bytes, at most `limit` of them from its start (empty when the face has none).
    static func table(_ tag: String, of face: OpaquePointer, upTo limit: Int = .max) -> [UInt8] {
        let blob = hb_face_reference_table(face, OpenTypeTag.value(of: tag))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: min(Int(length), limit)))
    }

    private static func hasTable(_ tag: String, in face: OpaquePointer) -> Bool {
        let blob = hb_face_reference_table(face, OpenTypeTag.value(of: tag))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

}

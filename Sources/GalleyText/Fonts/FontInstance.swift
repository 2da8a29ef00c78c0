import CHarfBuzz

/// A face at one set of variation coordinates: it owns the HarfBuzz font that shapes it.
///
/// The HarfBuzz font's scale is `unitsPerEm × 64`, independent of the point size, so one instance serves every
/// size and shaped positions keep 1/64 of a design unit of precision (variable fonts interpolate to fractions).
/// Immutable after creation; HarfBuzz fonts are safe to shape with from several threads.
@_spi(Stages) public final class FontInstance: @unchecked Sendable {
    /// Not retained: the face holds its instances, and every ``Font`` holding an instance also holds its face.
    unowned(unsafe) let face: FontFace
    let variations: [FontVariation]
    package let hbFont: OpaquePointer
    /// Design units per HarfBuzz position unit.
    package static let subunits = 64.0
    /// Vertical metrics in design units (y up, as in the font's tables).
    let metrics: DesignMetrics
    /// Whether the character map covers every printable ASCII character (U+0020…U+007E), so that the itemizer
    /// may keep such text in this font without asking per character.
    let coversPrintableASCII: Bool
    /// The face's Basic Multilingual Plane coverage, shared by its instances (the map does not vary).
    @usableFromInline let coverage: CharacterCoverage?
    /// ``isSpaceNeutral(_:)`` per scalar value above ASCII, filled as characters are met.
    private let spaceNeutrality = Locked(BoundedTable<UInt32, Bool>(costLimit: 65_536))
    /// ``isSpaceNeutral(_:)`` for ASCII, the characters of nearly every word new to a worker, read without a lock:
    /// the instance is shared by every worker, and the lock's line moved between their cores at each character.
    private let asciiSpaceNeutrality = ASCIIAnswers()

    init(face: FontFace, variations: [FontVariation]) {
        self.face = face
        self.variations = variations
        let font = hb_font_create(face.hbFace)!
        let scale = Int32(face.unitsPerEm) * Int32(Self.subunits)
        hb_font_set_scale(font, scale, scale)
        if !variations.isEmpty {
            var hbVariations = variations.map { hb_variation_t(tag: $0.tagValue, value: Float($0.value)) }
            hb_font_set_variations(font, &hbVariations, UInt32(hbVariations.count))
        }
        hb_font_make_immutable(font)
        hbFont = font
        metrics = DesignMetrics(font: font, unitsPerEm: face.unitsPerEm)
        coversPrintableASCII = (0x20...0x7E).allSatisfy { Self.glyph(for: Unicode.Scalar($0), in: font) != nil }
        coverage = face.shapingFacts.coverage
    }

    deinit { hb_font_destroy(hbFont) }

    /// The glyph the character map gives `scalar`, or nil when the face lacks it.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        if coverage?.contains(scalar.value) == false { return nil }
        return Self.glyph(for: scalar, in: hbFont)
    }

    /// Whether the character map gives `scalar` a glyph: ``glyph(for:)`` is not nil.
    ///
    /// `@inlinable`, with HarfBuzz asked out of line: the itemizer asks it of every character, and as a call into
    /// this module it ran 15.7 M more instructions for `galley measure` on chinese.txt.
    @inlinable
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        if let known = coverage?.contains(scalar.value) { return known }
        return mapCovers(scalar)
    }

    /// ``covers(_:)`` asked of HarfBuzz: outside the Basic Multilingual Plane, or with no coverage table.
    @usableFromInline func mapCovers(_ scalar: Unicode.Scalar) -> Bool { Self.glyph(for: scalar, in: hbFont) != nil }

    /// The glyph HarfBuzz font `font` maps `scalar` to, or nil.
    static func glyph(for scalar: Unicode.Scalar, in font: OpaquePointer) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// Whether `scalar` shapes the same next to a space as apart from it, with the default features: its glyph is
    /// not one that a substitution reaching across a space may replace (``SpaceInteraction``), and HarfBuzz gives
    /// " c" exactly the glyphs and positions of " " and "c" shaped apart (no kerning against the space). A word of
    /// such characters can be shaped alone and joined to its neighbours. Always true for a face whose lookups
    /// never involve the space.
    package func isSpaceNeutral(_ scalar: Unicode.Scalar) -> Bool {
        guard face.shapingFacts.readSpaceInteraction({ $0.involvesSpace }) else { return true }
        let isASCII = scalar.isASCII
        if isASCII, let known = asciiSpaceNeutrality.answer(for: scalar.value) { return known }
        if !isASCII, let known = spaceNeutrality.withLock({ $0[scalar.value] }) { return known }
        let neutral = face.shapingFacts.readSpaceInteraction { interaction in
            guard let glyph = self.glyph(for: scalar), let space = self.glyph(for: " "),
                !interaction.substitutedNearSpace.contains(glyph), !interaction.substitutedNearSpace.contains(space)
            else { return false }
            // All three in the character's script, as a word and its space are shaped in one item.
            let script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
            return shapeAlone([0x20, scalar.value], script: script)
                == shapeAlone([0x20], script: script) + shapeAlone([scalar.value], script: script)
        }
        if isASCII {
            asciiSpaceNeutrality.store(neutral, for: scalar.value)
        } else {
            spaceNeutrality.withLock { $0.insert(neutral, for: scalar.value) }
        }
        return neutral
    }

    /// Glyph ids, advances and offsets of `scalars` shaped alone with the default features.
    private func shapeAlone(_ scalars: [UInt32], script: hb_script_t) -> [[Int32]] {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf32(buffer, scalars, Int32(scalars.count), 0, Int32(scalars.count))
        hb_buffer_set_script(buffer, script)
        hb_buffer_set_direction(buffer, hb_script_get_horizontal_direction(script))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, &count)
        else { return [] }
        return (0..<Int(count)).map { index in
            let position = positions[index]
            return [
                Int32(bitPattern: infos[index].codepoint), position.x_advance, position.y_advance, position.x_offset,
                position.y_offset,
            ]
        }
    }

    /// The advance of `glyph` in design units.
    func advance(of glyph: UInt32) -> Double {
        Double(hb_font_get_glyph_h_advance(hbFont, glyph)) / Self.subunits
    }
}

/// A face's vertical metrics in design units, y up, with variation deltas (MVAR) applied.
struct DesignMetrics: Sendable {
    var ascender = 0.0, descender = 0.0, lineGap = 0.0
    var capHeight = 0.0, xHeight = 0.0
    var underlinePosition = 0.0, underlineThickness = 0.0
    var strikeoutPosition = 0.0, strikeoutThickness = 0.0
    /// The share of the em above the baseline and below it: OS/2's typographic ascender and descender scaled to
    /// add up to one em (Blink's "normalized typo ascent and descent", which places ruby and emphasis marks), else
    /// the ascender and descender so scaled.
    var emAscent = 0.8, emDescent = 0.2
    /// The bottom of the ideographic em box (y up, so usually negative) for a face that has ideographs: its BASE
    /// table's `ideo` baseline, else what HarfBuzz derives from its metrics; nil for a face without them.
    var ideographicBottom: Double?

    init(font: OpaquePointer, unitsPerEm: Int) {
        var extents = hb_font_extents_t()
        hb_font_get_h_extents(font, &extents)
        let units = FontInstance.subunits
        ascender = Double(extents.ascender) / units
        descender = Double(extents.descender) / units
        lineGap = Double(extents.line_gap) / units
        if ascender <= 0 && descender >= 0 {
            ascender = Double(unitsPerEm) * 0.8
            descender = -Double(unitsPerEm) * 0.2
        }
        func position(_ tag: hb_ot_metrics_tag_t, fallback: Double) -> Double {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Double(value) / units : fallback
        }
        let em = Double(unitsPerEm)
        let (typoAscender, typoDescender) = Self.typographicExtents(of: hb_font_get_face(font))
        for (up, down) in [(typoAscender, -typoDescender), (ascender, -descender)] {
            let height = up + down
            guard height > 0, up >= 0, up <= height else { continue }
            (emAscent, emDescent) = (up / height, down / height)
            break
        }
        capHeight = position(HB_OT_METRICS_TAG_CAP_HEIGHT, fallback: ascender * 0.9)
        xHeight = position(HB_OT_METRICS_TAG_X_HEIGHT, fallback: ascender * 0.6)
        underlineThickness = position(HB_OT_METRICS_TAG_UNDERLINE_SIZE, fallback: em / 14)
        underlinePosition = position(HB_OT_METRICS_TAG_UNDERLINE_OFFSET, fallback: -em / 10)
        strikeoutThickness = position(HB_OT_METRICS_TAG_STRIKEOUT_SIZE, fallback: underlineThickness)
        strikeoutPosition = position(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET, fallback: xHeight / 2)
        if underlineThickness <= 0 { underlineThickness = em / 14 }
        if strikeoutThickness <= 0 { strikeoutThickness = underlineThickness }
        if FontInstance.glyph(for: "\u{4E00}", in: font) != nil {
            var bottom: hb_position_t = 0
            hb_ot_layout_get_baseline_with_fallback(
                font, HB_OT_LAYOUT_BASELINE_TAG_IDEO_EMBOX_BOTTOM_OR_LEFT, HB_DIRECTION_LTR,
                OpenTypeTag.value(of: "hani"),
                OpenTypeTag.value(of: "ZHS "), &bottom)
            ideographicBottom = Double(bottom) / units
        }
    }

    /// OS/2's sTypoAscender and sTypoDescender (design units, y up), read from the table: HarfBuzz's ascender is
    /// hhea's unless the face sets USE_TYPO_METRICS. Zero for a face without the table.
    private static func typographicExtents(of face: OpaquePointer?) -> (Double, Double) {
        let blob = hb_face_reference_table(face, OpenTypeTag.value(of: "OS/2"))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length) else { return (0, 0) }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        guard let ascender = OpenTypeBytes.int16(bytes, at: 68), let descender = OpenTypeBytes.int16(bytes, at: 70)
        else { return (0, 0) }
        return (Double(ascender), Double(descender))
    }
}

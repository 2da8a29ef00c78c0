import CHarfBuzz
@_spi(Stages) import GalleyText

/// Chinese, Japanese and Korean text (left to right) shaped character by character: an ideograph, kana or
/// full-width mark shapes alone exactly as in any text unless a neighbour takes part in the same lookup, so most
/// characters cost a table lookup instead of a HarfBuzz call, and a Chinese stretch with no spaces (a miss for the
/// word cache, as every stretch differs) is shaped from parts.
///
/// A character is kept when, shaped alone, it gives one glyph that HarfBuzz does not flag
/// `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT` (an item's characters new to the table are first shaped side by side in one
/// call, and those the flags show to shape alone as they do there are kept from it); it *interacts* when that
/// glyph (or its character-map glyph) is in a default lookup that reads several glyphs (``NeighbourInteraction``:
/// in Noto Sans CJK, the kerning of punctuation and kana; no ideograph). Two kept characters may be shaped apart
/// unless both interact: no lookup can match across a boundary with a glyph of none on one side. Everything else
/// (marks, variation sequences, ASCII, controls, interacting pairs such as `，」`) is shaped with its neighbours,
/// the paragraph as context. `WordShapingTests` compare the result with whole shaping over the note corpus and
/// Chinese, Japanese and Korean with marks and variation sequences.
extension Shaper {
    /// A character's glyph when shaped alone (as ``readGlyphs(as:)`` reads it, cluster 0), and whether it
    /// interacts with neighbours.
    struct IsolatedGlyph {
        let glyph: ShapedGlyph
        let interacts: Bool
    }

    /// The characters a shaper met lately with their answers (nil: not kept), two-way set-associative: a
    /// character's pair of slots is fixed by its context and value, a newcomer takes the first and moves its
    /// tenant to the second. (Direct-mapped, two common ideographs that share a slot, such as 在 and 自, evicted
    /// each other all through a Chinese text, and each return cost a HarfBuzz call.) A slot is 16 bytes, its key
    /// and its answer packed (the glyph, its flags and the index of its advance and offsets among the few distinct
    /// ones a font gives), so a lookup reads one cache line of a 256 kB table: slots of whole optional glyphs took
    /// 640 kB, and waiting for them was the largest cost of measuring Chinese. Needs no lock: a shaper serves one
    /// thread. A context's number is never reused, so entries stay right when the word cache starts over.
    struct IsolatedGlyphs {
        /// A power of two: 8,192 pairs of slots. Half as many are too few for a Chinese text's characters
        /// (Benchmarks/Corpus/chinese.txt has 3,766): they took turns in the fuller pairs, each return a HarfBuzz
        /// call.
        private static let setBits = 13
        private var slots = [Slot](repeating: Slot(), count: 2 << setBits)
        /// The distinct advances and offsets of the glyphs held, by the index a slot's answer names; at most
        /// `UInt16.max`, after which the table starts over (the placements come from fonts, and a font gives
        /// few: Noto Sans CJK gives its ideographs one).
        private var placements: [Placement] = []
        private var placementIndices: [Placement: UInt16] = [:]
        /// The index ``placementIndex(of:)`` gave last: a font gives most of its characters one placement, asked
        /// for again and again, and hashing it each time cost more than the rest of storing a glyph.
        private var lastPlacementIndex: UInt16?

        private struct Slot {
            /// An empty slot's key is one no context and character make (their keys leave the top bits clear).
            var key = UInt64.max
            /// Bits 0–31 the glyph, 32–47 its placement, 48 kept, 49 interacts, 50 unsafe to break.
            var answer: UInt64 = 0
        }

        private struct Placement: Hashable {
            let advance: Double, xOffset: Double, yOffset: Double
        }

        private static let kept: UInt64 = 1 << 48, interacts: UInt64 = 1 << 49, unsafeToBreak: UInt64 = 1 << 50

        /// The answer held for `scalar` in `context`: nil when none is held, `.some(nil)` when it is not kept.
        func glyph(_ scalar: UInt32, context: Int) -> IsolatedGlyph?? {
            let key = Self.key(scalar, context)
            let first = Self.firstSlot(key)
            let slot = slots[first].key == key ? slots[first] : slots[first + 1]
            guard slot.key == key else { return nil }
            let answer = slot.answer
            guard answer & Self.kept != 0 else { return .some(nil) }
            let placement = placements[Int(truncatingIfNeeded: answer >> 32) & 0xFFFF]
            let glyph = ShapedGlyph(
                glyphID: UInt32(truncatingIfNeeded: answer), cluster: 0, advance: placement.advance,
                xOffset: placement.xOffset, yOffset: placement.yOffset,
                isUnsafeToBreak: answer & Self.unsafeToBreak != 0)
            return .some(IsolatedGlyph(glyph: glyph, interacts: answer & Self.interacts != 0))
        }

        mutating func store(_ glyph: IsolatedGlyph?, for scalar: UInt32, context: Int) {
            var answer: UInt64 = 0
            if let glyph {
                precondition(glyph.glyph.cluster == 0, "a glyph shaped alone has cluster 0")
                let placement = Placement(
                    advance: glyph.glyph.advance, xOffset: glyph.glyph.xOffset, yOffset: glyph.glyph.yOffset)
                answer =
                    UInt64(glyph.glyph.glyphID) | UInt64(placementIndex(of: placement)) << 32 | Self.kept
                    | (glyph.interacts ? Self.interacts : 0) | (glyph.glyph.isUnsafeToBreak ? Self.unsafeToBreak : 0)
            }
            let key = Self.key(scalar, context)
            let first = Self.firstSlot(key)
            if slots[first].key != key, slots[first].key != Slot().key { slots[first + 1] = slots[first] }
            slots[first] = Slot(key: key, answer: answer)
        }

        /// The index of `placement` among those held, added when new; a full list starts the table over.
        private mutating func placementIndex(of placement: Placement) -> UInt16 {
            if let last = lastPlacementIndex, placements[Int(last)] == placement { return last }
            if let index = placementIndices[placement] {
                lastPlacementIndex = index
                return index
            }
            if placements.count == Int(UInt16.max) {
                self = IsolatedGlyphs()
            }
            let index = UInt16(placements.count)
            placements.append(placement)
            placementIndices[placement] = index
            lastPlacementIndex = index
            return index
        }

        private static func key(_ scalar: UInt32, _ context: Int) -> UInt64 {
            UInt64(truncatingIfNeeded: context) << 21 | UInt64(scalar)
        }

        private static func firstSlot(_ key: UInt64) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - setBits)) << 1
        }
    }

    /// Whether an item goes through ``shapeByCharacters(_:range:in:context:)``: left-to-right Chinese, Japanese or
    /// Korean with the default features (a right-to-left item's glyphs come in visual order).
    static func shapesByCharacters(_ item: TextItem) -> Bool {
        characterScripts.contains(item.script) && !item.isRightToLeft && item.style.takesDefaultFeatures
    }

    /// The first code point (U+2E80, the CJK radicals) of the characters ``shapeByCharacters(_:range:in:context:)``
    /// may take from its table: ideographs, kana, Hangul and full-width forms all lie above it.
    static let firstCharacterShapedAlone = CharacterClasses.firstCJK

    /// Whether `range` holds a character ``shapeByCharacters(_:range:in:context:)`` may take from its table (an
    /// ideograph, kana, Hangul or full-width mark); an item without one (ASCII between ideographs, which takes
    /// their script) is shaped as words.
    static func hasCharacterShapedAlone(_ range: Range<Int>, _ units: UnsafeBufferPointer<UInt16>) -> Bool {
        units[range].contains { UInt32($0) >= firstCharacterShapedAlone }
    }

    private static let characterScripts = ScriptSet(iso15924: ["Hani", "Hira", "Kana", "Hang", "Bopo"])

    /// The glyphs of `range` of the item (all of it by default): kept characters from the shaper's table, the rest
    /// shaped in groups.
    func shapeByCharacters(
        _ item: TextItem, range: Range<Int>? = nil, in units: UnsafeBufferPointer<UInt16>, context: Int,
        memos: inout ShapingMemos
    ) -> [ShapedGlyph] {
        let range = range ?? item.utf16Range
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(range.count)
        // The pending group: characters from `groupStart` joined by unsafe boundaries; `single` holds its glyph
        // while it is one kept character, `last` the kept glyph of its last character (nil when not kept).
        var groupStart = range.lowerBound
        var single: IsolatedGlyph? = nil
        var last: IsolatedGlyph? = nil
        let end = range.upperBound
        var offset = range.lowerBound
        func emitGroup(upTo limit: Int) {
            if var glyph = single?.glyph {
                glyph.cluster = groupStart
                glyphs.append(glyph)
            } else if limit > groupStart {
                glyphs.append(contentsOf: shapeRange(groupStart..<limit, of: item, in: units, memos: &memos))
            }
        }
        while offset < end {
            let (scalar, length) = UTF16Decoding.scalar(in: units, at: offset)
            var next = offset + length
            var kept: IsolatedGlyph? = nil
            if next < end, Self.mayJoinPrevious(units[next]) {
                // A mark, variation selector or joiner after the character shapes with it.
                while next < end, Self.mayJoinPrevious(units[next]) { next += 1 }
            } else if scalar.value >= Self.firstCharacterShapedAlone || scalar == " " {
                // Ideographs, kana, Hangul, full-width marks and spaces; ASCII and controls (a tab's advance is
                // set later) go through HarfBuzz with their neighbours.
                kept = isolatedGlyph(
                    scalar, item: item, context: context, ahead: (offset + length)..<end, in: units, memos: &memos)
            }
            if offset == groupStart {
                single = kept
            } else if let previous = last, let kept, !(previous.interacts && kept.interacts) {
                emitGroup(upTo: offset)  // a safe boundary
                groupStart = offset
                single = kept
            } else {
                single = nil
            }
            last = kept
            offset = next
        }
        emitGroup(upTo: end)
        return glyphs
    }

    /// Whether a UTF-16 unit may belong to the character before it (a combining mark, a variation selector, a
    /// joiner, an emoji modifier's or a supplementary character's surrogates): the fast test that sends the pair
    /// to HarfBuzz together. Conservative: anything that is not plainly a new character.
    private static func mayJoinPrevious(_ unit: UInt16) -> Bool {
        // Ideographs, kana past U+309A and Hangul syllables first: the commonest characters pass one comparison.
        if unit > 0x309A && unit < 0xD800 { return false }
        switch unit {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x200C...0x200D, 0x20D0...0x20FF, 0x302A...0x302F,
            0x3099...0x309A, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xD800...0xDFFF:
            return true
        default:
            return false
        }
    }

    /// The isolated glyph of `scalar` in the item's context, found the first time with the new characters `ahead`
    /// of it in `units` (``learnIsolatedGlyphs(of:item:context:)``), else by shaping it alone.
    private func isolatedGlyph(
        _ scalar: Unicode.Scalar, item: TextItem, context: Int, ahead: Range<Int>,
        in units: UnsafeBufferPointer<UInt16>,
        memos: inout ShapingMemos
    ) -> IsolatedGlyph? {
        if let known = memos.isolatedGlyphs.glyph(scalar.value, context: context) { return known }
        var unknown = [scalar]
        var offset = ahead.lowerBound
        // At most a few hundred at once: a paragraph of thousands of distinct ideographs learns them in batches,
        // each searched for repeats in a short list.
        while offset < ahead.upperBound, unknown.count < Self.learningBatchLimit {
            let (next, length) = UTF16Decoding.scalar(in: units, at: offset)
            offset += length
            if next.value >= Self.firstCharacterShapedAlone, !unknown.contains(next),
                memos.isolatedGlyphs.glyph(next.value, context: context) == nil
            {
                unknown.append(next)
            }
        }
        learnIsolatedGlyphs(of: unknown, item: item, context: context, memos: &memos)
        if let learnt = memos.isolatedGlyphs.glyph(scalar.value, context: context) { return learnt }
        let found = shapeAlone(scalar, item: item, memos: &memos)
        memos.isolatedGlyphs.store(found, for: scalar.value, context: context)
        return found
    }

    /// The most characters ``learnIsolatedGlyphs(of:item:context:)`` is given at once.
    static let learningBatchLimit = 256

    /// Stores the isolated glyphs of those of `scalars` (distinct) that HarfBuzz shows to shape alone as they shape
    /// side by side: shaped in one buffer, a character whose boundaries on both sides are not flagged
    /// `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT` gets, shaped alone, the glyph and position it gets there (HarfBuzz's
    /// promise for that flag), so a text's new ideographs cost one call instead of one each. The others are left
    /// for ``shapeAlone(_:item:)``.
    func learnIsolatedGlyphs(
        of scalars: [Unicode.Scalar], item: TextItem, context: Int, memos: inout ShapingMemos
    ) {
        let interaction = item.font.face.shapingFacts.neighbourInteraction
        guard scalars.count > 1, interaction.isKnown else { return }
        hb_buffer_clear_contents(buffer)
        var values = scalars.map(\.value)
        hb_buffer_add_utf32(buffer, &values, Int32(values.count), 0, Int32(values.count))
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
        defer { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT) }
        shapeBuffer(as: item, memos: &memos)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return }
        let glyphs = readGlyphs(as: item)
        guard glyphs.count == Int(count) else { return }
        func safeBefore(_ index: Int) -> Bool { Self.isSafeToConcatenate(before: infos + index) }
        // Left to right, one glyph per character where nothing joined: glyph `index` is character `index`'s
        // alone when its cluster and its neighbours' say so.
        for index in glyphs.indices where glyphs[index].cluster == index {
            let alone = (index == 0 || glyphs[index - 1].cluster == index - 1) && safeBefore(index)
            let endsAlone =
                index + 1 == glyphs.count || (glyphs[index + 1].cluster == index + 1 && safeBefore(index + 1))
            guard alone, endsAlone else { continue }
            var glyph = glyphs[index]
            glyph.cluster = 0
            memos.isolatedGlyphs.store(
                Self.kept(glyph, for: scalars[index], in: item, interaction: interaction), for: scalars[index].value,
                context: context)
        }
    }

    /// `scalar` shaped alone in the item's font, script, language and features; nil unless it gives one glyph
    /// HarfBuzz does not flag unsafe to concatenate.
    func shapeAlone(_ scalar: Unicode.Scalar, item: TextItem, memos: inout ShapingMemos) -> IsolatedGlyph? {
        hb_buffer_clear_contents(buffer)
        var value = scalar.value
        hb_buffer_add_utf32(buffer, &value, 1, 0, 1)
        hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
        defer { hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_DEFAULT) }
        shapeBuffer(as: item, memos: &memos)
        var count: UInt32 = 0
        let interaction = item.font.face.shapingFacts.neighbourInteraction
        guard interaction.isKnown, let infos = hb_buffer_get_glyph_infos(buffer, &count), count == 1,
            Self.isSafeToConcatenate(before: infos), let glyph = readGlyphs(as: item).first
        else { return nil }
        return Self.kept(glyph, for: scalar, in: item, interaction: interaction)
    }

    /// Whether HarfBuzz leaves the glyph `info` describes free of `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`: the text may be
    /// cut before its cluster, each side shaped apart.
    private static func isSafeToConcatenate(before info: UnsafeMutablePointer<hb_glyph_info_t>) -> Bool {
        hb_glyph_info_get_glyph_flags(info).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue == 0
    }

    /// `glyph`, the glyph `scalar` gets shaped alone in the item's font, as kept: it interacts when it, or the
    /// glyph the character map gives `scalar`, is in one of the font's lookups that read several glyphs.
    private static func kept(
        _ glyph: ShapedGlyph, for scalar: Unicode.Scalar, in item: TextItem, interaction: NeighbourInteraction
    ) -> IsolatedGlyph {
        let mapped = item.font.instance.glyph(for: scalar)
        return IsolatedGlyph(
            glyph: glyph, interacts: interaction.involves(glyph.glyphID) || mapped.map(interaction.involves) ?? false)
    }
}

import CHarfBuzz
import Synchronization

/// What shaping learns about a face from its tables, each read once when first asked and kept with the face:
/// which characters it maps, how its default lookups use the space and neighbouring glyphs, whether it has
/// half-width punctuation (`halt`) and what that does, and which glyphs a substitution feature replaces. Answers
/// are the same for every size and variation of the face (they come from its character map and layout tables),
/// so a ``FontFace`` holds one.
package final class ShapingFacts: @unchecked Sendable {
    /// The HarfBuzz face, owned (and outlived) by the ``FontFace``; HarfBuzz faces are immutable and safe to read
    /// from any thread. Every answer is kept behind a lock or in an atomic; two threads asking first may both
    /// compute one, and store the same answer.
    private let hbFace: OpaquePointer
    /// ``hasHalfWidthPunctuation``: 0 before it is read, then 1 (no) or 2 (yes); asked for every run of CJK text.
    private let halfWidthFeature = Atomic<UInt8>(0)
    private let interactionsOnce = PublishedOnce<LookupInteractions>()
    /// ``coverage`` once made: the itemizer asks for nearly every character (a lock, or Synchronization's
    /// `AtomicLazyReference`, whose `load` is not specialised, cost several times the bit test).
    private let coverageOnce = PublishedOnce<CharacterCoverage?>()
    /// ``glyphsSubstituted(byFeature:)`` per feature tag.
    private let featureCoverage = Locked<[String: Set<UInt32>]>([:])
    /// What `halt` does to each full-width punctuation character, per language, found by shaping it once.
    package let halfWidthPunctuation = Locked<[HalfWidthKey: HalfWidthEffect]>([:])

    init(hbFace: OpaquePointer) { self.hbFace = hbFace }

    /// Whether the face has the OpenType `halt` feature (half-width forms of full-width punctuation), which
    /// punctuation trimming uses. Read from the GPOS table when first asked: HarfBuzz checks a whole table
    /// before it answers from it, and a Chinese face's GPOS is hundreds of kilobytes.
    var hasHalfWidthPunctuation: Bool {
        let known = halfWidthFeature.load(ordering: .relaxed)
        if known != 0 { return known == 2 }
        let found = Self.positioningFeatures(of: hbFace).contains(OpenTypeTag.value(of: "halt"))
        halfWidthFeature.store(found ? 2 : 1, ordering: .relaxed)
        return found
    }

    /// Whether words separated by spaces shape the same alone as together with HarfBuzz's default features: true
    /// unless the space glyph appears in a lookup of those features (as a kerning pair, a ligature component, or
    /// context). Text that asks for other features is always shaped whole.
    package var shapesWordByWord: Bool { readSpaceInteraction { !$0.involvesSpace } }

    /// Which glyphs the default lookups may change or move because of a neighbour.
    package var neighbourInteraction: NeighbourInteraction {
        interactionsOnce.read(orMaking: makeInteractions) { $0.neighbour }
    }

    /// `body` of how the default lookups use the space glyph (the one the character map gives U+0020), read in
    /// place.
    func readSpaceInteraction<Result>(_ body: (SpaceInteraction) -> Result) -> Result {
        interactionsOnce.read(orMaking: makeInteractions) { body($0.space) }
    }

    private func makeInteractions() -> LookupInteractions {
        let font = hb_font_create(hbFace)!
        defer { hb_font_destroy(font) }
        return LookupInteractions(face: hbFace, space: FontInstance.glyph(for: " ", in: font))
    }

    /// The map's Basic Multilingual Plane coverage; nil for a face whose map HarfBuzz reads as symbol or Mac Roman.
    var coverage: CharacterCoverage? { coverageOnce.value { CharacterCoverage(face: hbFace) } }

    /// Whether the map gives U+`value` a glyph; nil when the coverage cannot say (see ``coverage``).
    func covers(_ value: UInt32) -> Bool? {
        coverageOnce.read(orMaking: { CharacterCoverage(face: hbFace) }) { $0?.contains(value) }
    }

    /// The glyphs that the lookups of GSUB feature `tag` may replace.
    func glyphsSubstituted(byFeature tag: String) -> Set<UInt32> {
        if let known = featureCoverage.withLock({ $0[tag] }) { return known }
        let lookups = hb_set_create()!, input = hb_set_create()!
        defer {
            hb_set_destroy(lookups)
            hb_set_destroy(input)
        }
        var features: [hb_tag_t] = [OpenTypeTag.value(of: tag), 0]
        hb_ot_layout_collect_lookups(hbFace, OpenTypeTag.value(of: "GSUB"), nil, nil, &features, lookups)
        var lookup = UInt32.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(lookups, &lookup) != 0 {
            hb_ot_layout_lookup_collect_glyphs(hbFace, OpenTypeTag.value(of: "GSUB"), lookup, nil, input, nil, nil)
        }
        var glyphs = Set<UInt32>()
        var glyph = UInt32.max
        while hb_set_next(input, &glyph) != 0 { glyphs.insert(glyph) }
        featureCoverage.withLock { $0[tag] = glyphs }
        return glyphs
    }

    /// The feature tags of the face's GPOS table.
    private static func positioningFeatures(of face: OpaquePointer) -> Set<UInt32> {
        let table = OpenTypeTag.value(of: "GPOS")
        var count: UInt32 = 64
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        var found = Set<UInt32>()
        while true {
            count = 64
            let total = hb_ot_layout_table_get_feature_tags(face, table, start, &count, &tags)
            found.formUnion(tags[0..<Int(count)])
            start += count
            if count == 0 || start >= total { return found }
        }
    }
}

import CCairo
import GalleyLayout
@_spi(Stages) import GalleyText

/// The characters a line's glyphs show, for PDF text that can be selected and searched: each glyph's cluster runs
/// from its first character (a storage offset, UTF-16) to the next cluster's first character or the line's end,
/// so a ligature carries all its letters and characters without a glyph of their own go with the glyph before, but
/// for the spaces that end it (``CharacterClasses/isLeftToGlyphGaps(_:)``).
struct GlyphText {
    /// The UTF-16 units of each cluster, by its first character's storage offset.
    private var clusterUnits: [Int: [UInt16]] = [:]

    /// The text of `glyphs`; `characters` gives the UTF-16 unit at a storage offset, nil outside the line. A
    /// cluster ends at the next cluster, the end of the line, or after 64 units (no stacked grapheme is longer).
    init(_ glyphs: [Renderer.PlacedGlyph], characters: (Int) -> UInt16?) {
        let starts = Set(glyphs.map(\.characterIndex)).sorted()
        for (index, start) in starts.enumerated() {
            let end = min(start + 64, index + 1 < starts.count ? starts[index + 1] : .max)
            var units: [UInt16] = []
            var offset = start
            while offset < end, let unit = characters(offset) {
                units.append(unit)
                offset += 1
            }
            // A space without a glyph of its own is the gap after this one's ink, not its text.
            while units.count > 1, let last = units.last, CharacterClasses.isLeftToGlyphGaps(last) {
                units.removeLast()
            }
            clusterUnits[start] = units
        }
    }

    /// Shows `glyphs` (one font and paint, placed at `placed` in page coordinates) on `context` with their text
    /// and the clusters tying them together; as glyphs alone when they carry no text or their clusters run both
    /// ways.
    func show(
        _ glyphs: ArraySlice<Renderer.PlacedGlyph>, placed: [cairo_glyph_t], on context: OpaquePointer
    ) {
        let starts = glyphs.map(\.characterIndex)
        let forward = zip(starts, starts.dropFirst()).allSatisfy { $0 <= $1 }
        let backward = zip(starts, starts.dropFirst()).allSatisfy { $0 >= $1 }
        var utf8: [UInt8] = []
        var clusters: [cairo_text_cluster_t] = []
        if forward || backward {
            // Clusters in the characters' order: backward ones map to the glyphs from the last (right-to-left
            // runs, whose glyphs are in visual order).
            var groups: [(start: Int, glyphs: Int)] = []
            var index = 0
            while index < starts.count {
                var next = index + 1
                while next < starts.count, starts[next] == starts[index] { next += 1 }
                groups.append((starts[index], next - index))
                index = next
            }
            for group in forward ? groups : groups.reversed() {
                let text = String(decoding: clusterUnits[group.start] ?? [], as: UTF16.self)
                utf8.append(contentsOf: text.utf8)
                clusters.append(
                    cairo_text_cluster_t(num_bytes: Int32(text.utf8.count), num_glyphs: Int32(group.glyphs)))
            }
        }
        guard !utf8.isEmpty else { return galley_cairo_show_glyphs(context, placed, Int32(placed.count)) }
        let flags: cairo_text_cluster_flags_t =
            forward ? cairo_text_cluster_flags_t(0) : CAIRO_TEXT_CLUSTER_FLAG_BACKWARD
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { text in
                galley_cairo_show_text_glyphs(
                    context, text.baseAddress, Int32(text.count), placed, Int32(placed.count), clusters,
                    Int32(clusters.count), flags)
            }
        }
    }
}

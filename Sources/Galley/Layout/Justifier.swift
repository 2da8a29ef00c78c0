/// Stretches a line to its full width: extra space goes to word spaces, or, in text without spaces (Chinese,
/// Japanese), between ideographic clusters.
enum Justifier {
    static func justify(_ runs: inout [GlyphRun], in paragraph: Paragraph, contentEnd: Int, extra: Double) {
        func isSpace(_ cluster: Int) -> Bool {
            cluster < contentEnd && [0x20, 0xA0, 0x3000].contains(paragraph.unit(at: cluster))
        }
        func isIdeographic(_ cluster: Int) -> Bool {
            guard cluster < contentEnd else { return false }
            let unit = paragraph.unit(at: cluster)
            return (0x2E80...0x9FFF).contains(unit) || (0xF900...0xFAFF).contains(unit)
                || (0xFF00...0xFFEF).contains(unit)
        }
        // One expansion point per cluster: the cluster's last glyph in the run's order gets the extra advance.
        var points: [(run: Int, glyph: Int)] = []
        var ideographic: [(run: Int, glyph: Int)] = []
        for (runIndex, run) in runs.enumerated() {
            for (glyphIndex, glyph) in run.glyphs.enumerated() {
                let next = glyphIndex + 1 < run.glyphs.count ? run.glyphs[glyphIndex + 1].cluster : nil
                guard next != glyph.cluster else { continue }
                if isSpace(glyph.cluster) { points.append((runIndex, glyphIndex)) }
                if isIdeographic(glyph.cluster) { ideographic.append((runIndex, glyphIndex)) }
            }
        }
        if points.isEmpty { points = Array(ideographic.dropLast()) }
        guard !points.isEmpty else { return }
        let share = extra / Double(points.count)
        for point in points { runs[point.run].glyphs[point.glyph].advance += share }
    }
}

@_spi(Stages) import GalleyText

/// Stretches a line to its full width, as CSS `text-align: justify` with `text-justify: auto` does in Chromium:
/// the extra space goes, in equal shares, to each gap after a word space and to each gap next to an ideographic
/// character (Han, kana, full-width punctuation), so Chinese and Japanese lines spread between their characters
/// while a Latin word's letters never move apart. As JLREQ and CLREQ set justified lines, no space goes before a
/// closing mark (`）」》”`, `，。、；：！？`), after an opening one (`（「《“`), or between the halves of `——` and
/// `……`: punctuation stays on its character, and the rest of the gaps take the slack.
///
/// A line whose gaps between characters (not after a space) would each take more than ``characterGapLimit`` is left as
/// it is, set ragged: spread further, ideographs read as letterspaced words rather than a justified line (a short
/// Chinese line before a code span that cannot break would stand 0.8 em apart). CSS sets no such limit; word spaces
/// keep none either, as in CSS.
enum Justifier {
    /// The most a gap between two characters may take, in ems of the font before it.
    static let characterGapLimit = 0.5

    /// Adds `extra` points to the gaps of `runs` (one line's runs, in visual order) before `contentEnd` (a UTF-16
    /// offset from the paragraph's start): nothing after the line's last character; nothing at all when a gap
    /// between characters would pass ``characterGapLimit``.
    static func justify(_ runs: inout [GlyphRun], in paragraph: Paragraph, contentEnd: Int, extra: Double) {
        // Each cluster's last glyph in the run's order, in visual order: the gap after it is the cluster's gap.
        var clusters: [(run: Int, glyph: Int, cluster: Int)] = []
        for (runIndex, run) in runs.enumerated() {
            for (glyphIndex, glyph) in run.glyphs.enumerated() where glyph.cluster < contentEnd {
                let next = glyphIndex + 1 < run.glyphs.count ? run.glyphs[glyphIndex + 1].cluster : nil
                if next != glyph.cluster { clusters.append((runIndex, glyphIndex, glyph.cluster)) }
            }
        }
        guard clusters.count > 1 else { return }
        var gaps: [(run: Int, glyph: Int)] = []
        // The smallest font beside a gap between characters: the share it may take is bounded by its em.
        var characterGapEm = Double.infinity
        for index in 0..<(clusters.count - 1) {
            let before = JustificationGaps.scalar(at: clusters[index].cluster, in: paragraph)
            let after = JustificationGaps.scalar(at: clusters[index + 1].cluster, in: paragraph)
            if JustificationGaps.takesSpace(after: before, before: after) {
                gaps.append((clusters[index].run, clusters[index].glyph))
                if !CharacterClasses.separatesWords(before) {
                    characterGapEm = min(characterGapEm, runs[clusters[index].run].font.size)
                }
            }
        }
        guard !gaps.isEmpty else { return }
        let share = extra / Double(gaps.count)
        guard share <= characterGapLimit * characterGapEm else { return }
        for gap in gaps { runs[gap.run].glyphs[gap.glyph].advance += share }
    }
}

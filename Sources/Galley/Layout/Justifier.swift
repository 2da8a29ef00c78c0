/// Stretches a line to its full width, as CSS `text-align: justify` with `text-justify: auto` does in Chromium:
/// the extra space goes, in equal shares, to each gap after a word space and to each gap next to an ideographic
/// character (Han, kana, full-width punctuation), so Chinese and Japanese lines spread between their characters
/// while a Latin word's letters never move apart. As JLREQ and CLREQ set justified lines, no space goes before a
/// closing mark (`）」》”`, `，。、；：！？`), after an opening one (`（「《“`), or between the halves of `——` and
/// `……`: punctuation stays on its character, and the rest of the gaps take the slack.
enum Justifier {
    /// Adds `extra` points to the gaps of `runs` (one line's runs, in visual order) before `contentEnd` (a UTF-16
    /// offset from the paragraph's start): nothing after the line's last character.
    static func justify(_ runs: inout [GlyphRun], in paragraph: Paragraph, contentEnd: Int, extra: Double) {
        func isSpace(_ cluster: Int) -> Bool {
            [0x20, 0xA0, 0x3000].contains(paragraph.unit(at: cluster))
        }
        func isIdeographic(_ cluster: Int) -> Bool {
            let value = scalar(at: cluster)
            return (0x2E80...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
                || (0xFF00...0xFFEF).contains(value) || (0x20000...0x3FFFF).contains(value)
        }
        // The character at a cluster's start, a surrogate pair read as one (Extension B ideographs and beyond).
        func scalar(at cluster: Int) -> UInt32 {
            let unit = UInt32(paragraph.unit(at: cluster))
            guard (0xD800...0xDBFF).contains(unit), cluster + 1 < paragraph.length else { return unit }
            let low = UInt32(paragraph.unit(at: cluster + 1))
            guard (0xDC00...0xDFFF).contains(low) else { return unit }
            return 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
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
        for index in 0..<(clusters.count - 1) {
            let here = clusters[index].cluster, next = clusters[index + 1].cluster
            guard isSpace(here) || isIdeographic(here) || isIdeographic(next) else { continue }
            guard !Self.keepsTogether(scalar(at: here), scalar(at: next)) else { continue }
            gaps.append((clusters[index].run, clusters[index].glyph))
        }
        guard !gaps.isEmpty else { return }
        let share = extra / Double(gaps.count)
        for gap in gaps { runs[gap.run].glyphs[gap.glyph].advance += share }
    }

    /// Whether no space may go between `before` and `after` (Unicode scalar values): `after` closes (a closing
    /// bracket or quotation mark, or a comma, full stop, colon, semicolon, exclamation or question mark, middle
    /// dot), `before` opens (an opening bracket or quotation mark), or both are one dash or ellipsis set in two
    /// halves (JLREQ's inseparable characters).
    static func keepsTogether(_ before: UInt32, _ after: UInt32) -> Bool {
        guard let first = Unicode.Scalar(before), let second = Unicode.Scalar(after) else { return false }
        switch second.properties.generalCategory {
        case .closePunctuation, .finalPunctuation: return true
        default: break
        }
        switch first.properties.generalCategory {
        case .openPunctuation, .initialPunctuation: return true
        default: break
        }
        if before == after, [0x2014, 0x2015, 0x2025, 0x2026].contains(before) { return true }
        return closingMarks.contains(after)
    }

    /// The marks other than closing brackets and quotation marks that no space may precede: `、。，．：；！？・` and
    /// their half- and full-width forms.
    private static let closingMarks: Set<UInt32> = [
        0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF01, 0xFF1F, 0x30FB, 0xFF61, 0xFF64, 0xFF65, 0x2C, 0x2E,
        0x3A, 0x3B, 0x21, 0x3F,
    ]
}

extension ParagraphStyle {
    /// The most lines in a row that may end at an automatic hyphenation point (``maximumConsecutiveHyphenatedLines``,
    /// its 0 as no limit).
    package var hyphenatedLineLimit: Int {
        maximumConsecutiveHyphenatedLines > 0 ? maximumConsecutiveHyphenatedLines : .max
    }
}

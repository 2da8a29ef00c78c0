extension ParagraphStyle {
    /// Each stored property of the style, by name, with what its value asks of line fitting: whether a paragraph
    /// with that value may be re-measured from a prepared text's numbers per break (``PreparedText``), which know
    /// widths, break opportunities, trims and heights but not indents, lists, hyphens, other alignments or
    /// directions, or paragraph-level breaking. A property that changes only what those numbers already hold
    /// (break rules, spacing, metrics) answers true for every value.
    ///
    /// Every stored property must be here (a test holds the table to the type's properties), so a new setting
    /// declares its effect on fitting where it is added, not in a list kept elsewhere.
    static let preparedFitting: [String: @Sendable (ParagraphStyle) -> Bool] = [
        "alignment": { $0.alignment == .natural || $0.alignment == .left },
        "lineBreakMode": { $0.lineBreakMode == .wordWrap },
        "lineBreakStrictness": { _ in true },
        "baseWritingDirection": { $0.baseWritingDirection != .rightToLeft },
        "firstLineHeadIndent": { $0.firstLineHeadIndent == 0 },
        "headIndent": { $0.headIndent == 0 },
        "tailIndent": { $0.tailIndent == 0 },
        "lineSpacing": { _ in true },
        "lineHeightMultiple": { _ in true },
        "minimumLineHeight": { _ in true },
        "maximumLineHeight": { _ in true },
        "paragraphSpacing": { _ in true },
        "paragraphSpacingBefore": { _ in true },
        // Tabs in the text take the typesetter's path whatever the stops.
        "tabStops": { _ in true },
        "defaultTabInterval": { _ in true },
        "hyphenationFactor": { $0.hyphenationFactor <= 0 },
        // Only automatic hyphenation, already ruled out, counts hyphenated lines.
        "maximumConsecutiveHyphenatedLines": { _ in true },
        "textWrap": { $0.textWrap == .auto },
        "lineBreakRules": { _ in true },
        "wordBreak": { _ in true },
        // A word wider than the line (the only place overflow-wrap acts) always takes the typesetter's path.
        "overflowWrap": { _ in true },
        "lineHeightMetrics": { _ in true },
        "punctuationTrim": { _ in true },
        // Which font a mark takes is decided before any width is known.
        "punctuationFont": { _ in true },
        "textLists": { $0.textLists.isEmpty },
        "listIndent": { _ in true },
        "autospace": { _ in true },
    ]

    /// Whether every property allows re-measuring from a prepared text's numbers (``preparedFitting``).
    var allowsPreparedFitting: Bool { Self.preparedFittingChecks.allSatisfy { $0(self) } }

    /// ``preparedFitting``'s checks in an array: asked for every paragraph measured, where walking the
    /// dictionary cost more than the checks.
    private static let preparedFittingChecks = Array(preparedFitting.values)

    /// The most lines in a row that may end at an automatic hyphenation point (``maximumConsecutiveHyphenatedLines``,
    /// its 0 as no limit).
    var hyphenatedLineLimit: Int {
        maximumConsecutiveHyphenatedLines > 0 ? maximumConsecutiveHyphenatedLines : .max
    }
}

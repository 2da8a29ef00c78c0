extension ParagraphStyle {
    /// Each stored property of the style, by name, with what its value asks of line fitting: whether a paragraph
    /// with that value may be re-measured from a prepared text's numbers per break (``PreparedText``), which know
    /// widths, break opportunities, trims and heights but not indents, lists, hyphens, other alignments or
    /// directions, or paragraph-level breaking. A property that changes only what those numbers already hold
    /// (break rules, spacing, metrics) allows it for every value (`.always`).
    ///
    /// Every stored property must be here (a test holds the table to the type's properties), so a new setting
    /// declares its effect on fitting where it is added, not in a list kept elsewhere.
    static let preparedFitting: [String: PreparedFittingRule] = [
        "alignment": .when { $0.alignment == .natural || $0.alignment == .left },
        "lineBreakMode": .when { $0.lineBreakMode == .wordWrap },
        "lineBreakStrictness": .always,
        "baseWritingDirection": .when { $0.baseWritingDirection != .rightToLeft },
        "firstLineHeadIndent": .when { $0.firstLineHeadIndent == 0 },
        "headIndent": .when { $0.headIndent == 0 },
        "tailIndent": .when { $0.tailIndent == 0 },
        "lineSpacing": .always,
        "lineHeightMultiple": .always,
        "minimumLineHeight": .always,
        "maximumLineHeight": .always,
        "paragraphSpacing": .always,
        "paragraphSpacingBefore": .always,
        // Tabs in the text take the typesetter's path whatever the stops.
        "tabStops": .always,
        "defaultTabInterval": .always,
        "hyphenationFactor": .when { $0.hyphenationFactor <= 0 },
        // Only automatic hyphenation, already ruled out, counts hyphenated lines.
        "maximumConsecutiveHyphenatedLines": .always,
        "textWrap": .when { $0.textWrap == .auto },
        "lineBreakRules": .always,
        "wordBreak": .always,
        // A word wider than the line (the only place overflow-wrap acts) always takes the typesetter's path.
        "overflowWrap": .always,
        "lineHeightMetrics": .always,
        "punctuationTrim": .always,
        // Which font a mark takes is decided before any width is known.
        "punctuationFont": .always,
        "textLists": .when { $0.textLists.isEmpty },
        "listIndent": .always,
        "autospace": .always,
    ]

    /// Whether every property allows re-measuring from a prepared text's numbers (``preparedFitting``).
    var allowsPreparedFitting: Bool { Self.preparedFittingChecks.allSatisfy { $0(self) } }

    /// ``preparedFitting``'s checks that depend on the value, in an array: asked for every paragraph measured,
    /// where walking the dictionary, or calling a check for every property, cost more than the checks.
    private static let preparedFittingChecks = preparedFitting.values.compactMap { rule in
        if case .when(let check) = rule { return check } else { return nil }
    }

    /// The most lines in a row that may end at an automatic hyphenation point (``maximumConsecutiveHyphenatedLines``,
    /// its 0 as no limit).
    var hyphenatedLineLimit: Int {
        maximumConsecutiveHyphenatedLines > 0 ? maximumConsecutiveHyphenatedLines : .max
    }
}

/// What the values of one of a paragraph style's properties ask of prepared fitting (``ParagraphStyle/preparedFitting``).
enum PreparedFittingRule: Sendable {
    /// Every value allows it: the numbers kept per break already hold what the property changes.
    case always
    /// The styles for which the check is true allow it.
    case when(@Sendable (ParagraphStyle) -> Bool)

    /// Whether `style`'s value of the property allows prepared fitting.
    func allows(_ style: ParagraphStyle) -> Bool {
        switch self {
        case .always: return true
        case .when(let check): return check(style)
        }
    }
}

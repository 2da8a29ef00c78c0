@_spi(Stages) import GalleyText

/// Splits a vertical paragraph's items where their characters stand differently, and marks each with its
/// ``GlyphOrientation``: the one place a character's orientation in a vertical line is decided.
///
/// With ``TextOrientation/mixed`` a character stands as Unicode's Vertical_Orientation says: `U` and `Tu` upright
/// (HarfBuzz's vertical shaping gives `Tu` characters their vertical forms), `R` turned, `Tr` upright where the
/// item's font has a vertical form for it (`vert`) and turned where it has none, as Chromium sets them. Marks,
/// joiners and variation selectors stand as the character before them, so a cluster is never split. Runs of
/// ASCII digits that ``TextCombineUpright`` names are combined.
enum VerticalItems {
    static func orient(_ items: [TextItem], in text: UnsafeBufferPointer<UInt16>, style: ParagraphStyle)
        -> [TextItem]
    {
        var oriented: [TextItem] = []
        oriented.reserveCapacity(items.count + 4)
        var styles: [(base: RunStyle, orientation: GlyphOrientation, style: RunStyle)] = []
        func runStyle(_ base: RunStyle, _ orientation: GlyphOrientation) -> RunStyle {
            if let made = styles.first(where: { $0.base === base && $0.orientation == orientation }) {
                return made.style
            }
            let made = base.oriented(orientation)
            styles.append((base, orientation, made))
            return made
        }
        for item in items {
            var start = item.utf16Range.lowerBound
            var current: GlyphOrientation?
            var offset = start
            let end = item.utf16Range.upperBound
            while offset < end {
                let (scalar, length) = UTF16Decoding.scalar(in: text, at: offset)
                var orientation =
                    item.style.attachment != nil
                    ? .upright
                    : current.flatMap { follows(scalar) ? $0 : nil }
                        ?? self.orientation(of: scalar, font: item.font, style: style.textOrientation)
                var runEnd = offset + length
                if case let limit = combinedDigitLimit(style.textCombineUpright), limit > 0, isASCIIDigit(scalar) {
                    while runEnd < end, isASCIIDigit(text[runEnd]) { runEnd += 1 }
                    let before = offset > 0 && isASCIIDigit(text[offset - 1])
                    let after = runEnd < text.count && isASCIIDigit(text[runEnd])
                    if !before, !after, runEnd - offset <= limit { orientation = .combined }
                } else if style.textCombineUpright == .all, orientation == .sideways {
                    orientation = .combined
                }
                // A combined run stands alone, as an item of its own.
                if orientation != current || orientation == .combined {
                    if let current, offset > start {
                        oriented.append(piece(item, start..<offset, runStyle(item.style, current)))
                    }
                    start = offset
                    current = orientation
                }
                offset = runEnd
            }
            if let current {
                oriented.append(piece(item, start..<end, runStyle(item.style, current)))
            }
        }
        return oriented
    }

    /// `item`'s characters in `range`, drawn with `style`.
    private static func piece(_ item: TextItem, _ range: Range<Int>, _ style: RunStyle) -> TextItem {
        TextItem(utf16Range: range, bidiLevel: item.bidiLevel, script: item.script, style: style)
    }

    /// How `scalar`, drawn with `font`, stands in a vertical line of `textOrientation`.
    static func orientation(of scalar: Unicode.Scalar, font: Font, style textOrientation: TextOrientation)
        -> GlyphOrientation
    {
        switch textOrientation {
        case .upright: return .upright
        case .sideways: return .sideways
        case .mixed:
            switch VerticalOrientation(of: scalar) {
            case .upright, .transformedUpright: return .upright
            case .rotated: return .sideways
            case .transformedRotated: return font.hasVerticalForm(of: scalar) ? .upright : .sideways
            }
        }
    }

    /// Whether `scalar` stands as the character before it: a mark, a joiner, a variation selector or an emoji
    /// modifier, which belong to the cluster before them.
    private static func follows(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Below the combining marks, and ideographs and Hangul syllables, the bulk of the text: never.
        if value < 0x300 || CharacterClasses.isInUnifiedIdeographsBlock(value)
            || CharacterClasses.isHangulSyllable(value)
        {
            return false
        }
        if value == 0x200D || (0xFE00...0xFE0F).contains(value) || (0x1F3FB...0x1F3FF).contains(value)
            || (0xE0100...0xE01EF).contains(value)
        {
            return true
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// The longest run of digits ``TextCombineUpright/digits(_:)`` combines; 0 when digits are not combined.
    private static func combinedDigitLimit(_ combine: TextCombineUpright) -> Int {
        if case .digits(let count) = combine { return min(max(count, 2), TextCombineUpright.digitLimit) }
        return 0
    }

    private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }
    private static func isASCIIDigit(_ unit: UInt16) -> Bool { (0x30...0x39).contains(unit) }
}

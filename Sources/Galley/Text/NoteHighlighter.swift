/// An edit processor that styles a note's markup as it is typed: `*bold*`, `_italic_` and `~strike~` spans, and
/// ALL-CAPS words (two or more capital letters) in semibold accent colour; the markers themselves are dimmed.
///
/// It restyles only the paragraphs an edit touched: each is reset to ``baseAttributes`` and styled afresh.
///
/// ```swift
/// let highlighter = NoteHighlighter(baseAttributes: TextAttributes(font: .textStyle(.body)))
/// let token = highlighter.attach(to: storage)
/// ```
public final class NoteHighlighter {
    /// The attributes every character of a restyled paragraph starts from.
    public var baseAttributes: TextAttributes
    /// The colour of ALL-CAPS words.
    public var accentColor = Color(red: 0.75, green: 0.22, blue: 0.17)
    /// The colour of the markup characters.
    public var markerColor = Color(red: 0.6, green: 0.6, blue: 0.62)
    /// How many paragraphs have been restyled since the highlighter was made.
    public private(set) var restyledParagraphCount = 0

    /// A highlighter styling markup over `baseAttributes`.
    public init(baseAttributes: TextAttributes) { self.baseAttributes = baseAttributes }

    /// Styles the whole of `storage` now and then every edit's paragraphs, until the token is released.
    public func attach(to storage: TextStorage) -> ObservationToken {
        highlight(storage, in: 0..<storage.length)
        return storage.addEditProcessor { [weak self] storage, edit in self?.highlight(storage, in: edit.editedRange) }
    }

    /// Restyles every paragraph overlapping `range`.
    public func highlight(_ storage: TextStorage, in range: Range<Int>) {
        var start = storage.paragraphRange(around: range.lowerBound..<range.lowerBound).lowerBound
        repeat {
            let paragraph = storage.paragraphRange(around: start..<start)
            restyle(storage, paragraph: paragraph)
            restyledParagraphCount += 1
            start = paragraph.upperBound
        } while start < range.upperBound
    }

    private func restyle(_ storage: TextStorage, paragraph: Range<Int>) {
        guard !paragraph.isEmpty else { return }
        let style = storage.attributes(at: paragraph.lowerBound).paragraphStyle
        var base = baseAttributes
        base.paragraphStyle = style ?? baseAttributes.paragraphStyle
        try? storage.setAttributes(base, range: paragraph)
        let units = Array(storage.utf16[paragraph])
        let textStyle = base.font?.textStyle ?? .body
        for (marker, styling) in [(UInt16(0x2A), 0), (UInt16(0x5F), 1), (UInt16(0x7E), 2)] {  // * _ ~
            for span in Self.spans(of: marker, in: units) {
                let inner = (paragraph.lowerBound + span.lowerBound + 1)..<(paragraph.lowerBound + span.upperBound - 1)
                try? storage.modifyAttributes(in: inner) { attributes in
                    var styled = attributes
                    switch styling {
                    case 0: styled.font = .styled(textStyle, weight: 700, italic: Self.isItalic(attributes.font))
                    case 1: styled.font = .styled(textStyle, weight: Self.weight(attributes.font), italic: true)
                    default: styled.strikethrough = TextDecoration()
                    }
                    return styled
                }
                for marker in [span.lowerBound, span.upperBound - 1] {
                    try? storage.addAttributes(
                        TextAttributes(foregroundColor: markerColor),
                        range: (paragraph.lowerBound + marker)..<(paragraph.lowerBound + marker + 1))
                }
            }
        }
        for word in Self.capitalWords(in: units) {
            try? storage.modifyAttributes(
                in: (paragraph.lowerBound + word.lowerBound)..<(paragraph.lowerBound + word.upperBound)
            ) { attributes in
                var styled = attributes
                styled.font = .styled(textStyle, weight: 600, italic: Self.isItalic(attributes.font))
                styled.foregroundColor = self.accentColor
                return styled
            }
        }
    }

    /// Ranges (markers included) of `marker … marker` spans whose first inner character is not a space.
    static func spans(of marker: UInt16, in units: [UInt16]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var open: Int?
        for (index, unit) in units.enumerated() where unit == marker {
            if let start = open {
                if index > start + 1 { spans.append(start..<(index + 1)) }
                open = nil
            } else if index + 1 < units.count, units[index + 1] != 0x20, units[index + 1] != marker {
                open = index
            }
        }
        return spans
    }

    /// Words of two or more ASCII capitals (digits allowed after the first), bounded by non-letters.
    static func capitalWords(in units: [UInt16]) -> [Range<Int>] {
        func isUpper(_ unit: UInt16) -> Bool { (0x41...0x5A).contains(unit) }
        func isLetterOrDigit(_ unit: UInt16) -> Bool {
            isUpper(unit) || (0x61...0x7A).contains(unit) || (0x30...0x39).contains(unit)
        }
        var words: [Range<Int>] = []
        var index = 0
        while index < units.count {
            guard isLetterOrDigit(units[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < units.count, isLetterOrDigit(units[index]) { index += 1 }
            let word = units[start..<index]
            if word.filter(isUpper).count >= 2, word.allSatisfy({ isUpper($0) || (0x30...0x39).contains($0) }),
                isUpper(word.first!)
            {
                words.append(start..<index)
            }
        }
        return words
    }

    private static func isItalic(_ font: FontSpecifier?) -> Bool {
        if case .styled(_, _, _, let italic) = font { return italic }
        return false
    }

    private static func weight(_ font: FontSpecifier?) -> Double? {
        if case .styled(_, _, let weight, _) = font { return weight }
        return nil
    }
}

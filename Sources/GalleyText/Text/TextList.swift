/// A list a paragraph belongs to, as TextKit's `NSTextList`: how its items are marked and the first item's number.
///
/// A paragraph's ``ParagraphStyle/textLists`` holds the lists it is nested in, outermost first. Consecutive
/// paragraphs whose lists are equal are items of one list, numbered in order; items of deeper lists between them
/// do not interrupt the count, and a paragraph outside any list ends it. Each level indents the paragraph by a
/// marker column: ``ParagraphStyle/listIndent``, or as much more as the list's widest marker needs so that no
/// marker sticks out of it. Markers are drawn in that column, their trailing edges aligned 0.3 em before the text.
public struct TextList: Hashable, Sendable {
    /// How items are marked.
    public enum MarkerFormat: String, Hashable, Sendable, CaseIterable, Codable {
        /// • (a filled circle).
        case disc
        /// ◦ (a hollow circle).
        case circle
        /// ▪ (a filled square).
        case square
        /// 1. 2. 3.
        case decimal
        /// a. b. c. … z. aa. ab.
        case lowerAlpha
        /// A. B. C.
        case upperAlpha
        /// i. ii. iii. iv.
        case lowerRoman
        /// I. II. III. IV.
        case upperRoman
        /// 一、二、三、… 十、十一、二十、 (Chinese numerals as written, CSS's `simp-chinese-informal`).
        case chinese
        /// An empty check box, drawn.
        case uncheckedBox
        /// A ticked check box, drawn.
        case checkedBox

        /// The bullet formats for nesting levels 1, 2, 3 and deeper, as browsers and TextKit cycle them.
        public static func bullet(forLevel level: Int) -> MarkerFormat {
            [.disc, .circle, .square][min(max(level, 1), 3) - 1]
        }

        /// Whether the marker is a drawn check box rather than text.
        public var isCheckbox: Bool { self == .uncheckedBox || self == .checkedBox }
    }

    /// The marker format.
    public var markerFormat: MarkerFormat
    /// The number of the list's first item (1 by default); ignored by bullets and check boxes.
    public var startingItemNumber: Int

    /// A list marked with `markerFormat`, its first item numbered `startingItemNumber`.
    public init(markerFormat: MarkerFormat, startingItemNumber: Int = 1) {
        self.markerFormat = markerFormat
        self.startingItemNumber = startingItemNumber
    }

    /// The marker of item number `number`, with its punctuation: "•", "3.", "c.", "iv.", "十二、"; empty for check
    /// boxes (they are drawn). Numbers the format cannot write (below 1 for letters and numerals, past 3,999 for
    /// Roman numerals, past 99,999 for Chinese) are written in decimal.
    public func marker(forItemNumber number: Int) -> String {
        switch markerFormat {
        case .disc: return "•"
        case .circle: return "◦"
        case .square: return "▪"
        case .uncheckedBox, .checkedBox: return ""
        case .decimal: return "\(number)."
        case .lowerAlpha, .upperAlpha:
            guard number >= 1 else { return "\(number)." }
            let letters = Self.alphabetic(number)
            return (markerFormat == .upperAlpha ? letters.uppercased() : letters) + "."
        case .lowerRoman, .upperRoman:
            guard (1...3_999).contains(number) else { return "\(number)." }
            let numeral = Self.roman(number)
            return (markerFormat == .lowerRoman ? numeral.lowercased() : numeral) + "."
        case .chinese:
            guard (1...99_999).contains(number) else { return "\(number)." }
            return Self.chinese(number) + "、"
        }
    }

    /// 1 → a, 26 → z, 27 → aa (bijective base 26, CSS's `lower-alpha`).
    private static func alphabetic(_ number: Int) -> String {
        var value = number
        var letters: [Character] = []
        while value > 0 {
            value -= 1
            letters.append(Character(Unicode.Scalar(UInt8(97 + value % 26))))
            value /= 26
        }
        return String(letters.reversed())
    }

    private static func roman(_ number: Int) -> String {
        let symbols: [(Int, String)] = [
            (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
            (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
        ]
        var value = number
        var result = ""
        for (amount, symbol) in symbols {
            while value >= amount {
                result += symbol
                value -= amount
            }
        }
        return result
    }

    /// Chinese numerals as written informally (CSS Counter Styles' `simp-chinese-informal`): 十 for 10 to 19,
    /// 零 for inner zeros, 一百零五, 两千 written 二千 as CSS does.
    private static func chinese(_ number: Int) -> String {
        let digits = Array("零一二三四五六七八九")
        let units = ["", "十", "百", "千", "万"]
        let decimal = String(number).compactMap(\.wholeNumberValue)
        var result = ""
        var pendingZero = false
        for (position, digit) in decimal.enumerated() {
            let unit = decimal.count - 1 - position
            if digit == 0 {
                pendingZero = !result.isEmpty
                continue
            }
            if pendingZero { result.append("零") }
            pendingZero = false
            // 10–19 are written 十, 十一…, not 一十.
            if !(digit == 1 && unit == 1 && result.isEmpty) { result.append(digits[digit]) }
            result += units[unit]
        }
        return result
    }
}

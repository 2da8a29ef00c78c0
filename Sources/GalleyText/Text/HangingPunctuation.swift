extension ParagraphStyle {
    /// Which punctuation hangs past a line's edges (CSS `hanging-punctuation`). A hung mark does not count toward
    /// the line's width when the line is fitted, aligned or justified, and is drawn past the edge: the text's edge
    /// stays straight while the mark sits in the margin.
    ///
    /// Named as CSS names it, in camel case, words separated by spaces in any order (`first allowEnd last`);
    /// `none` for none (CSS's initial value, and the default).
    public struct HangingPunctuation: Hashable, Sendable, CaseIterable, RawRepresentable, Codable {
        /// What may hang at a line's end.
        public enum End: Hashable, Sendable {
            /// Nothing hangs at line ends (but for ``HangingPunctuation/last``).
            case none
            /// A stop or comma at a line's end hangs when the line would not fit otherwise (`allow-end`).
            case allow
            /// A stop or comma at a line's end always hangs (`force-end`).
            case force
        }

        /// An opening bracket or quotation mark at the start of the paragraph's first line hangs past the start
        /// edge (`first`).
        public var first = false
        /// A closing bracket or quotation mark at the end of the paragraph's last line hangs past the end edge
        /// (`last`).
        public var last = false
        /// Stops and commas at line ends: `、。，．` and their Western, Arabic and small forms (`allow-end`,
        /// `force-end`).
        public var end = End.none

        /// Nothing hangs.
        public static let none = HangingPunctuation()

        /// The marks named.
        public init(first: Bool = false, end: End = .none, last: Bool = false) {
            (self.first, self.end, self.last) = (first, end, last)
        }

        /// The setting named by `rawValue`: `none`, or `first`, `last` and one of `allowEnd` and `forceEnd`,
        /// separated by spaces, each at most once; nil for anything else.
        public init?(rawValue: String) {
            let words = rawValue.split(separator: " ")
            guard !words.isEmpty else { return nil }
            if words == ["none"] { return }
            for word in words {
                switch word {
                case "first" where !first: first = true
                case "last" where !last: last = true
                case "allowEnd" where end == .none: end = .allow
                case "forceEnd" where end == .none: end = .force
                default: return nil
                }
            }
        }

        /// The setting's name: `none`, or its parts in CSS's order (`first allowEnd last`).
        public var rawValue: String {
            let words =
                (first ? ["first"] : []) + (end == .allow ? ["allowEnd"] : end == .force ? ["forceEnd"] : [])
                + (last ? ["last"] : [])
            return words.isEmpty ? "none" : words.joined(separator: " ")
        }

        /// Every setting: `none` and each combination of the parts.
        public static let allCases: [HangingPunctuation] = [false, true].flatMap { first in
            [End.none, .allow, .force].flatMap { end in
                [false, true].map { HangingPunctuation(first: first, end: end, last: $0) }
            }
        }.sorted { $0.rawValue.count < $1.rawValue.count }

        /// Whether nothing hangs (asked at every line end).
        package var isNone: Bool { !first && !last && end == .none }

        /// Whether the two settings hang the same marks (member by member: the raw value is text made on demand).
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.first == rhs.first && lhs.last == rhs.last && lhs.end == rhs.end
        }

        /// Hashes the members.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(first)
            hasher.combine(last)
            hasher.combine(end)
        }

        /// Whether the character `value` (a Unicode scalar value) hangs at a line's end with ``end``: a stop or
        /// comma as CSS lists them.
        package static func isStopOrComma(_ value: UInt16) -> Bool {
            switch value {
            case 0x2C, 0x2E, 0x60C, 0x6D4, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFE50, 0xFE51, 0xFE52, 0xFF61, 0xFF64:
                return true
            default: return false
            }
        }

        /// Whether `value` is a bracket or quotation mark that hangs at the paragraph's start with ``first``
        /// (opening) or at its end with ``last`` (closing): CSS's Unicode categories Ps, Pi, Pf (opening) or Pe,
        /// Pi, Pf (closing), and the quotation marks `"` and `'`.
        package static func isQuoteOrBracket(_ value: UInt32, opening: Bool) -> Bool {
            if value == 0x22 || value == 0x27 { return true }
            guard let scalar = Unicode.Scalar(value) else { return false }
            switch scalar.properties.generalCategory {
            case .initialPunctuation, .finalPunctuation: return true
            case .openPunctuation: return opening
            case .closePunctuation: return !opening
            default: return false
            }
        }
    }
}

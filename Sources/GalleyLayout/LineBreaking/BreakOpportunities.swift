import CICU
import Foundation
@_spi(Stages) import GalleyText

/// Where a paragraph may be broken into lines: by default CSS Text's rules as Chromium applies them over ICU's
/// UAX #14, or ICU's plain UAX #14 (``ParagraphStyle/LineBreakRules/unicode``); with ICU's
/// CJK tailorings (no line starts with `。，、」`…) in a strictness chosen per paragraph, and CSS `word-break`.
package struct BreakOpportunities: Sendable {
    /// One place a line may end.
    package struct Opportunity: Hashable, Sendable {
        /// The UTF-16 offset from the paragraph's start where the next line would begin.
        package let offset: Int
        /// Whether the line must end here (after U+2028, a vertical tab, a form feed).
        package let isMandatory: Bool
    }

    /// The opportunities in increasing order; the paragraph's end is always the last.
    package private(set) var opportunities: [Opportunity]

    /// The most UTF-16 units ICU is given at once.
    package static let lengthLimit = 1 << 30

    /// The line-break opportunities of `text` (UTF-16) for `language` (BCP 47, nil for the root rules) at
    /// `strictness`, by `rules`, with `wordBreak`'s changes.
    package init(
        _ text: ArraySlice<UInt16>, language: String?, strictness: ParagraphStyle.LineBreakStrictness,
        rules: ParagraphStyle.LineBreakRules = .css, wordBreak: ParagraphStyle.WordBreak = .normal
    ) throws {
        guard text.count < Self.lengthLimit else {
            throw ICUError(operation: "ubrk_open", code: "text of \(text.count) units over \(Self.lengthLimit)")
        }
        if rules == .css, strictness != .anywhere, !text.isEmpty,
            let decided = Self.fromFastRules(text, wordBreak: wordBreak)
        {
            opportunities = decided
            return
        }
        opportunities = try Self.fromICU(
            text, language: language, strictness: strictness, rules: rules, wordBreak: wordBreak,
            splittingIdeographs: true)
    }

    /// These opportunities less those strictly inside any of `ranges` (UTF-16 offsets, in increasing order): a line
    /// never breaks inside a ruby base. Mandatory breaks stay.
    package func keepingWhole(_ ranges: [Range<Int>]) -> BreakOpportunities {
        var kept = self
        var index = 0
        kept.opportunities = opportunities.filter { opportunity in
            while index < ranges.count, ranges[index].upperBound <= opportunity.offset { index += 1 }
            return opportunity.isMandatory || index == ranges.count || opportunity.offset <= ranges[index].lowerBound
        }
        return kept
    }

    /// These opportunities and the joints of code inside `ranges` of `text` (``CodeJoints``), in order.
    func addingCodeJoints(in ranges: [Range<Int>], of text: ArraySlice<UInt16>) -> BreakOpportunities {
        let joints = CodeJoints.offsets(in: ranges, of: text)
        guard !joints.isEmpty else { return self }
        var added = self
        added.opportunities = []
        added.opportunities.reserveCapacity(opportunities.count + joints.count)
        var next = 0
        for opportunity in opportunities {
            while next < joints.count, joints[next] <= opportunity.offset {
                if joints[next] < opportunity.offset {
                    added.opportunities.append(Opportunity(offset: joints[next], isMandatory: false))
                }
                next += 1
            }
            added.opportunities.append(opportunity)
        }
        return added
    }

    /// The opportunities ICU's line iterator gives `text` for the locale of `language`, `strictness` and `rules`,
    /// with CSS's and `wordBreak`'s adjustments: the general rule, which CSS's fast rules agree with where they
    /// decide. With `splittingIdeographs` runs of ideographs are cut into pieces first
    /// (``forEachICUBoundary(of:with:splittingIdeographs:_:)``), which gives ICU's answer for less work.
    static func fromICU(
        _ text: ArraySlice<UInt16>, language: String?, strictness: ParagraphStyle.LineBreakStrictness,
        rules: ParagraphStyle.LineBreakRules, wordBreak: ParagraphStyle.WordBreak, splittingIdeographs: Bool
    ) throws -> [Opportunity] {
        let locale = Self.locale(language: language, strictness: strictness, rules: rules)
        // Statuses from UBRK_LINE_HARD to its limit mark a mandatory break.
        var opportunities: [Opportunity] = []
        opportunities.reserveCapacity(text.count)  // Chinese may break after every character
        try ICUBoundaries.withIterator(type: CICU_BREAK_LINE, locale: locale) { iterator in
            try text.withUnsafeBufferPointer { units in
                try Self.forEachICUBoundary(
                    of: units, with: iterator, splittingIdeographs: splittingIdeographs
                ) { offset, ruleStatus in
                    opportunities.append(
                        Opportunity(
                            offset: offset, isMandatory: (CICU_LINE_HARD..<CICU_LINE_HARD_LIMIT).contains(ruleStatus)))
                }
            }
        }
        if strictness == .anywhere {
            return Self.everyGraphemeBoundary(of: text, keepingMandatory: opportunities)
        } else if rules == .css || wordBreak != .normal {
            return Self.adjusted(icu: opportunities, in: text, css: rules == .css, wordBreak: wordBreak)
        }
        return opportunities
    }

    /// CSS `line-break: anywhere`: an opportunity at every grapheme-cluster boundary of `text`, mandatory where
    /// `icu`'s opportunity there is.
    private static func everyGraphemeBoundary(of text: ArraySlice<UInt16>, keepingMandatory icu: [Opportunity])
        -> [Opportunity]
    {
        let mandatory = Set(icu.filter(\.isMandatory).map(\.offset))
        return GraphemeClusters.boundaries(of: text).map {
            Opportunity(offset: $0, isMandatory: mandatory.contains($0))
        }
    }

    /// Calls `body` with ICU's line boundaries in `units` (not empty) and their rule statuses, as one pass of
    /// `iterator` over the whole text gives them.
    ///
    /// With `splittingIdeographs`, ICU is not asked inside a run of at least ``ideographRunLimit`` ideographs of
    /// the CJK Unified Ideographs block: UAX #14 allows a break between two of them in every tailoring (both are
    /// Line_Break ID, and no rule joins two IDs or looks across one), so the text is cut between them, each piece
    /// of more than one character given to ICU alone and each cut reported as a soft boundary. Chinese is mostly
    /// such runs, and ICU's cost is per character; a shorter run is left whole, as a piece costs more to start
    /// than a few characters to break. `CSSLineBreakTests` hold the pieces' boundaries equal to the whole
    /// text's.
    static func forEachICUBoundary(
        of units: UnsafeBufferPointer<UInt16>, with iterator: OpaquePointer, splittingIdeographs: Bool,
        _ body: (_ offset: Int, _ ruleStatus: Int32) -> Void
    ) throws {
        func isIdeograph(_ unit: UInt16) -> Bool { CharacterClasses.isInUnifiedIdeographsBlock(UInt32(unit)) }
        var pieceStart = 0
        /// ICU's boundaries in the piece from `pieceStart` to `end`; a cut at `end` is reported as soft.
        func piece(to end: Int, isCut: Bool) throws {
            if end - pieceStart > 1 || !isCut {
                try ICUBoundaries.forEachBoundary(
                    of: UnsafeBufferPointer(rebasing: units[pieceStart..<end]), with: iterator
                ) { offset, ruleStatus in
                    if !isCut || pieceStart + offset < end { body(pieceStart + offset, ruleStatus) }
                }
            }
            if isCut { body(end, 0) }
            pieceStart = end
        }
        var offset = 0
        while splittingIdeographs, offset < units.count {
            guard isIdeograph(units[offset]) else {
                offset += 1
                continue
            }
            let runStart = offset
            while offset < units.count, isIdeograph(units[offset]) { offset += 1 }
            guard offset - runStart >= ideographRunLimit else { continue }
            for cut in (runStart + 1)..<offset { try piece(to: cut, isCut: true) }
        }
        try piece(to: units.count, isCut: false)
    }

    /// The fewest ideographs in a row that ``forEachICUBoundary(of:with:splittingIdeographs:_:)`` cuts between.
    static let ideographRunLimit = 8

    /// The opportunities of `text` (not empty) under CSS rules from the fast rules alone, as with ICU; nil when
    /// they leave a place to ICU or a character forces a break.
    @inline(never)
    static func fromFastRules(_ text: ArraySlice<UInt16>, wordBreak: ParagraphStyle.WordBreak) -> [Opportunity]? {
        adjusted(nil, in: text, css: true, wordBreak: wordBreak)
    }

    /// ``adjusted(_:in:css:wordBreak:)`` with ICU's opportunities: a copy of its loop of its own, where the
    /// checks for their absence fold away.
    @inline(never)
    private static func adjusted(
        icu: [Opportunity], in text: ArraySlice<UInt16>, css: Bool, wordBreak: ParagraphStyle.WordBreak
    ) -> [Opportunity] {
        adjusted(icu, in: text, css: css, wordBreak: wordBreak)!
    }

    /// ICU's `opportunities` in `text` with CSS's fast rules (when `css`) and `wordBreak` applied at each place
    /// between two characters, in Chromium's order; mandatory breaks and the text's end are kept.
    ///
    /// Without ICU's opportunities (`icu` nil), the same from the fast rules alone, or nil at the first place
    /// they leave to ICU or the first character after which ICU forces a break: a row of plain ASCII is broken
    /// without ICU, and Chinese gives up within its first characters.
    @inline(__always)  // with the other five of the break scan: -0.6% of `galley measure` (ARCHITECTURE.md)
    private static func adjusted(
        _ icu: [Opportunity]?, in text: ArraySlice<UInt16>, css: Bool, wordBreak: ParagraphStyle.WordBreak
    ) -> [Opportunity]? {
        var result: [Opportunity] = []
        if let icu { result.reserveCapacity(icu.count + icu.count / 4) }
        var next = 0  // the first ICU opportunity not yet passed
        var decided = true
        (icu ?? []).withUnsafeBufferPointer { icuBreaks in
            text.withUnsafeBufferPointer { units in
                guard let first = units.first else { return }
                if icu == nil, CharacterClasses.forcesLineBreakAfter(first) {
                    decided = false
                    return
                }
                for offset in 1..<units.count {
                    while next < icuBreaks.count, icuBreaks[next].offset < offset { next += 1 }
                    let atICU = next < icuBreaks.count && icuBreaks[next].offset == offset
                    if atICU, icuBreaks[next].isMandatory {
                        result.append(icuBreaks[next])
                        continue
                    }
                    let current = units[offset]
                    if icu == nil, CharacterClasses.forcesLineBreakAfter(current) {
                        decided = false
                        return
                    }
                    if UTF16.isTrailSurrogate(current) { continue }
                    let last = units[offset - 1]
                    let fast =
                        css
                        ? CSSLineBreakRules.fastDecision(
                            lastLast: offset >= 2 ? units[offset - 2] : 0, last: last, current: current) : nil
                    if fast == nil, icu == nil {
                        decided = false
                        return
                    }
                    var allowed: Bool
                    if fast == true {
                        allowed = true
                    } else if css, CharacterClasses.isBreakableSpace(current) {
                        allowed = false
                    } else {
                        allowed = fast ?? (atICU && !CharacterClasses.isBreakableSpace(last))
                        if !allowed, css, fast == nil, offset >= 2 {
                            allowed = CSSLineBreakRules.hebrewHyphenAllowsBreak(
                                lastLast: units[offset - 2], last: last, current: current)
                        }
                        if wordBreak != .normal {
                            allowed = Self.wordBreak(wordBreak, allows: allowed, at: offset, in: units)
                        }
                    }
                    if allowed {
                        // Reserved at the first: a text the fast rules give up on has allocated nothing.
                        if icu == nil, result.isEmpty { result.reserveCapacity(units.count / 4) }
                        result.append(Opportunity(offset: offset, isMandatory: false))
                    }
                }
            }
        }
        guard decided else { return nil }
        // The text's end: ICU's, or a soft break, as no character forces one.
        if let icu {
            if let last = icu.last { result.append(last) }
        } else {
            result.append(Opportunity(offset: text.count, isMandatory: false))
        }
        return result
    }

    /// Whether `word-break` (``ParagraphStyle/WordBreak/breakAll`` or ``ParagraphStyle/WordBreak/keepAll``)
    /// allows a break at `offset` of `units`, where the other rules said `allowed`.
    private static func wordBreak(
        _ wordBreak: ParagraphStyle.WordBreak, allows allowed: Bool, at offset: Int,
        in units: UnsafeBufferPointer<UInt16>
    ) -> Bool {
        let before = UTF16Decoding.scalar(in: units, at: scalarStart(before: offset, in: units)).0
        let after = UTF16Decoding.scalar(in: units, at: offset).0
        switch wordBreak {
        case .breakAll:
            return allowed || CSSLineBreakRules.breakAllAllows(after: before, before: after)
        case .keepAll:
            var base = before
            if before.properties.generalCategory.isMark, offset >= 2 {
                base = UTF16Decoding.scalar(in: units, at: scalarStart(before: offset - 1, in: units)).0
            }
            return allowed && !CSSLineBreakRules.keepAllForbids(base: base, current: after)
        case .normal:
            return allowed
        }
    }

    /// The offset where the scalar ending at `offset` (exclusive) starts.
    private static func scalarStart(before offset: Int, in units: UnsafeBufferPointer<UInt16>) -> Int {
        offset >= 2 && UTF16.isTrailSurrogate(units[offset - 1]) && UTF16.isLeadSurrogate(units[offset - 2])
            ? offset - 2 : offset - 1
    }

    /// ICU's locale for a language, strictness and rule set, such as `zh_CN@lb=normal`.
    ///
    /// `normal` under CSS rules is what Chromium's `line-break: auto` gives (its ICU's default tailorings): small
    /// kana and `ー` may start a line in every language, and in Chinese `〜` and `゠` too. Debian's ICU gets that
    /// from `lb=normal`, except in Japanese, whose own default is already the one Chromium uses (with
    /// `lb=normal` it would break before `〜`). ICU's plain rules keep ICU's defaults, where small kana never
    /// start a line outside Japanese.
    static func locale(
        language: String?, strictness: ParagraphStyle.LineBreakStrictness, rules: ParagraphStyle.LineBreakRules = .css
    ) -> String {
        let isJapanese = language.map { LanguageTag.hasPrimaryLanguage($0, "ja") } ?? false
        let language = language?.utf8 ?? "".utf8
        let keyword: String.UTF8View?
        switch strictness {
        case .normal, .anywhere:
            keyword = rules == .css && !isJapanese ? "normal".utf8 : nil
        case .loose, .strict:
            keyword = strictness.rawValue.utf8
        }
        // Written byte by byte into one string: made once per paragraph, where mapping characters and joining
        // strings cost more than breaking a short row.
        let suffix = "@lb=".utf8
        let count = language.count + (keyword.map { suffix.count + $0.count } ?? 0)
        return String(unsafeUninitializedCapacity: count) { bytes in
            var index = 0
            for byte in language {
                bytes[index] = byte == UInt8(ascii: "-") ? UInt8(ascii: "_") : byte
                index += 1
            }
            if let keyword {
                for byte in suffix {
                    bytes[index] = byte
                    index += 1
                }
                for byte in keyword {
                    bytes[index] = byte
                    index += 1
                }
            }
            return index
        }
    }
}

/// The word boundaries of a paragraph, from ICU's word break iterator: where a double click's word starts and ends
/// (Chinese is split into dictionary words, a URL's parts stay words).
struct WordBoundaries {
    /// The segments between boundaries, as UTF-16 offsets from the text's start, in order, covering it; `isWord`
    /// is false for spaces and punctuation (ICU's rule status below 100).
    let segments: [(range: Range<Int>, isWord: Bool)]

    init(_ text: ArraySlice<UInt16>) throws {
        var segments: [(range: Range<Int>, isWord: Bool)] = []
        var start = 0
        try ICUBoundaries.forEachBoundary(of: text, type: CICU_BREAK_WORD, locale: "") { offset, status in
            segments.append((start..<offset, status >= CICU_WORD_NONE_LIMIT))
            start = offset
        }
        self.segments = segments
    }
}

extension Unicode.GeneralCategory {
    /// Whether the category is a combining mark (Mn, Mc, Me).
    fileprivate var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}

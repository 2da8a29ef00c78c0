/// How lines of a paragraph are placed: alignment, breaking, indents and spacing, as `NSParagraphStyle`.
///
/// All lengths are in points. A paragraph takes the style of its first character.
public struct ParagraphStyle: Hashable, Sendable {
    /// Horizontal placement of each line within its free space.
    public enum Alignment: String, Hashable, Sendable, CaseIterable, Codable {
        /// Left for left-to-right paragraphs, right for right-to-left ones.
        case natural
        /// Flush with the left edge.
        case left
        /// Flush with the right edge.
        case right
        /// Centred between the edges.
        case center
        /// Stretched to both edges, except the paragraph's last line.
        case justified
    }

    /// What happens when a line is full.
    public enum LineBreakMode: String, Hashable, Sendable, CaseIterable, Codable {
        /// Break at word boundaries (UAX #14 opportunities); a word too long for a line breaks between clusters.
        case wordWrap
        /// Break between any two grapheme clusters.
        case charWrap
        /// Do not wrap; cut the line at the container's edge.
        case clip
        /// Do not wrap; end the line with an ellipsis, dropping text at its start, middle or end.
        case truncateHead, truncateMiddle, truncateTail
    }

    /// The paragraph's base direction; `natural` takes it from the first strong character (UAX #9 P2–P3).
    public enum WritingDirection: String, Hashable, Sendable, CaseIterable, Codable {
        /// From the paragraph's first strong character; left to right when it has none.
        case natural
        /// Left to right.
        case leftToRight
        /// Right to left.
        case rightToLeft
    }

    /// How strictly CJK line-breaking rules apply (CSS `line-break`); `normal` is Chromium's `line-break: auto`.
    public enum LineBreakStrictness: String, Hashable, Sendable, CaseIterable, Codable {
        /// Fewest rules: small kana and iteration marks may start lines (`lb=loose`).
        case loose
        /// The rules of Chromium's `line-break: auto`: small kana and `ー` may start a line (in Chinese also `〜`
        /// and `゠`), iteration marks and closing punctuation may not (ICU's `lb=normal`; ICU's defaults under
        /// ``LineBreakRules/unicode``).
        case normal
        /// Most rules: small kana and prolonged sound marks never start a line (`lb=strict`).
        case strict
        /// A break between any two grapheme clusters, whatever the characters (CSS `line-break: anywhere`): inside
        /// words, before punctuation, between spaces; only forced breaks stay forced.
        case anywhere
    }

    /// Which rules find line-break opportunities.
    public enum LineBreakRules: String, Hashable, Sendable, CaseIterable, Codable {
        /// CSS Text as Chromium applies it over ICU (the default): a break after every run of spaces, Chromium's
        /// table for pairs of ASCII characters (no break after `/`, breaks after `-` and `?`), UAX #14 elsewhere.
        case css
        /// ICU's UAX #14 alone, as the Unicode conformance tests check it.
        case unicode
    }

    /// Where words may break (CSS `word-break`).
    public enum WordBreak: String, Hashable, Sendable, CaseIterable, Codable {
        /// Between words and ideographs, by the line-break rules.
        case normal
        /// Also between any two letters or digits (`break-all`).
        case breakAll
        /// Not between letters or digits, ideographs included (`keep-all`): CJK text breaks at spaces and
        /// punctuation only.
        case keepAll
    }

    /// What happens to a word wider than the line (CSS `overflow-wrap`).
    public enum OverflowWrap: String, Hashable, Sendable, CaseIterable, Codable {
        /// It is cut between grapheme clusters where nothing else fits (`break-word`, Galley's default, and TextKit's
        /// behaviour).
        case breakWord
        /// As ``breakWord``; CSS's `anywhere` differs only in min-content sizing, which Galley does not do.
        case anywhere
        /// It overflows the line (CSS's initial value).
        case normal
    }

    /// How line heights treat font metrics.
    public enum LineHeightMetrics: String, Hashable, Sendable, CaseIterable, Codable {
        /// Each font's ascent, descent and line gap as the font gives them, unrounded (the default).
        case exact
        /// Each font's ascent, descent and line gap rounded to whole points as Blink rounds them to pixels, so
        /// `line-height: normal` heights equal Chromium's at 1 point = 1 CSS pixel, a text style's leading left out
        /// (CSS has none: a font given by style or by size sets the same line); tabs every eight spaces, as CSS's
        /// `tab-size: 8`, unless ``ParagraphStyle/defaultTabInterval`` is set.
        case web
    }

    /// How full-width CJK punctuation is spaced (CSS Text 4 `text-spacing-trim`). Uses the font's `halt` feature;
    /// a font without it is left alone.
    public enum PunctuationTrim: String, Hashable, Sendable, CaseIterable, Codable {
        /// `text-spacing-trim: normal` as Chromium (123 and later) sets it: of two adjacent full-width marks
        /// (`”、（`, `）。`) the one whose blank half faces the other is set half-width, and a closing bracket or
        /// quotation mark at a line's end is set half-width when that lets the line fit (Chromium does not do this
        /// for `、。，`). Opening marks starting a line keep their full width.
        case normal
        /// Every full-width mark keeps its full em (CSS `space-all`).
        case none
    }

    /// Which font draws the punctuation Chinese and Japanese share with Western text (`“ ” ‘ ’ … — · ‥`) beside
    /// CJK characters, in a paragraph whose language (set or inferred) is Chinese or Japanese.
    public enum PunctuationFont: String, Hashable, Sendable, CaseIterable, Codable {
        /// ``cjk`` with exact metrics, ``css`` with web metrics (so that web heights keep matching Chromium's).
        case automatic
        /// The CJK font's full-width forms, as CLREQ, JLREQ and word processors set them: `……` two centred ems,
        /// `“你好”` with full-width quotes that punctuation trimming compresses beside `。` or `，`; and `！？`
        /// trimmed like `。` where the font's `halt` halves them (`！”` in 1.5 em, as CLREQ sets it).
        case cjk
        /// CSS's per-character matching: the run's own font when it has the mark (a Latin font's proportional
        /// quotes and baseline ellipsis).
        case css
    }

    /// How a paragraph's lines are chosen together (CSS `text-wrap-style`).
    public enum TextWrap: String, Hashable, Sendable, CaseIterable, Codable {
        /// Each line as full as it can be, one after another (greedy; CSS `auto`): the default, as browsers.
        case auto
        /// Lines of a short paragraph (up to six) made as even as the same number of lines allows, as Chromium's
        /// `text-wrap: balance` does; longer paragraphs are left greedy.
        case balance
        /// The paragraph's last four lines re-broken when the greedy last line is one short word or ends a run of
        /// hyphens, as Chromium's `text-wrap: pretty` does.
        case pretty
        /// The whole paragraph broken at once for the fewest demerits, as TeX does (Knuth and Plass): a line costs
        /// its slack against what its word spaces (justified) or two ems (ragged) may stretch, cubed; a line whose
        /// spaces would pass three times their width is taken only when nothing else fits; hyphens, two in a row,
        /// one before the last line, a very loose line beside a decent one, a very short last line and, much more, a
        /// last line of one short word cost more.
        case optimal
    }

    /// How lines sit between the container's edges.
    public var alignment: Alignment = .natural
    /// How lines wrap, or how a line that does not fit is cut.
    public var lineBreakMode: LineBreakMode = .wordWrap
    /// How strictly CJK line-start and line-end rules are kept (ICU's `lb` keyword).
    public var lineBreakStrictness: LineBreakStrictness = .normal
    /// The paragraph's direction; `natural` takes it from the first strong character.
    public var baseWritingDirection: WritingDirection = .natural
    /// Indent of the first line from the leading edge, in points. In a list item the leading edge is the text's,
    /// past the lists' marker columns (``listIndent``): the indent moves the first line and its marker together.
    public var firstLineHeadIndent = 0.0
    /// Indent of the other lines from the leading edge, in points; in a list item, from the text's edge past the
    /// marker columns, as ``firstLineHeadIndent``.
    public var headIndent = 0.0
    /// Positive: the line's trailing edge measured from the leading margin; zero or negative: an inset from the
    /// trailing margin (as `NSParagraphStyle.tailIndent`). In points.
    public var tailIndent = 0.0
    /// Extra space added between lines of the paragraph, in points.
    public var lineSpacing = 0.0
    /// The natural line height is multiplied by this when it is positive.
    public var lineHeightMultiple = 0.0
    /// The smallest line height, in points (0: none).
    public var minimumLineHeight = 0.0
    /// The largest line height, in points (0: none).
    public var maximumLineHeight = 0.0
    /// Space after the paragraph, in points.
    public var paragraphSpacing = 0.0
    /// Space before the paragraph, in points (not applied before the first paragraph of a container).
    public var paragraphSpacingBefore = 0.0
    /// Tab stops in increasing ``TextTab/location`` (`NSParagraphStyle.tabStops`); empty by default. Set them
    /// through ``setTabStops(_:)``, which sorts them and checks their locations.
    public private(set) var tabStops: [TextTab] = []
    /// The spacing of the left-aligned stops after the last of ``tabStops``, in points; 0 makes a tab past the last
    /// stop as wide as nothing. Nil (the default) takes the metrics' own: 28 points with
    /// ``LineHeightMetrics/exact``, as TextKit's default paragraph style places its stops, and eight spaces of the
    /// paragraph's first font with ``LineHeightMetrics/web``, as CSS's `tab-size: 8`.
    public var defaultTabInterval: Double? = nil
    /// How eagerly words are hyphenated, 0…1, as TextKit's `hyphenationFactor`: a line is hyphenated only when,
    /// broken between words, it would fill less than this fraction of its width. 0 (the default) never
    /// hyphenates automatically; 1 hyphenates whenever a word does not fit. Soft hyphens (U+00AD) are honoured
    /// whatever the factor. Values outside 0…1 are clamped.
    public var hyphenationFactor = 0.0
    /// At most this many lines in a row end at an automatic hyphenation point (CSS `hyphenate-limit-lines`); 2 by
    /// default, 0 for no limit. Soft hyphens the text holds are always honoured.
    public var maximumConsecutiveHyphenatedLines = 2
    /// How the paragraph's lines are chosen together; ``TextWrap/auto`` (greedy) by default.
    public var textWrap: TextWrap = .auto
    /// Which rules find line-break opportunities: ``LineBreakRules/css`` by default.
    public var lineBreakRules: LineBreakRules = .css
    /// Where words may break (CSS `word-break`); ``WordBreak/normal`` by default.
    public var wordBreak: WordBreak = .normal
    /// What happens to a word wider than the line (CSS `overflow-wrap`); ``OverflowWrap/breakWord`` by default.
    public var overflowWrap: OverflowWrap = .breakWord
    /// Whether line heights use the fonts' metrics as they are or rounded as browsers round them.
    public var lineHeightMetrics: LineHeightMetrics = .exact
    /// How full-width punctuation is compressed; ``PunctuationTrim/normal`` by default, as in Chromium.
    public var punctuationTrim: PunctuationTrim = .normal
    /// Which font draws `“ ” ‘ ’ … — ·` beside CJK characters; ``PunctuationFont/automatic`` by default.
    public var punctuationFont: PunctuationFont = .automatic
    /// The lists the paragraph is an item of, outermost first (`NSParagraphStyle.textLists`); empty for none. At
    /// most ``listNestingLimit`` deep (layout throws past it).
    public var textLists: [TextList] = []
    /// How far each level of ``textLists`` indents the paragraph at least, in points: the marker column, before
    /// the head indents. A list whose widest marker (with its 0.3 em gap) needs more gets a wider column for all
    /// its items, so no marker sticks out and the markers of one list align on their trailing edge. 28 by default.
    public var listIndent = 28.0
    /// Whether 1/8 em is put between ideographs (Han, kana) and Latin letters or digits, as CSS `text-autospace:
    /// normal` and CLREQ recommend: none where a space already separates them, none at a line's edges. Off by
    /// default (Chromium's initial value); the space counts in widths and caret positions.
    public var autospace = false
    /// Which punctuation hangs past the line's edges (CSS `hanging-punctuation`); ``HangingPunctuation/none`` by
    /// default, as in CSS. Notes hang stops and commas of justified Chinese and Japanese paragraphs when a line
    /// would not fit otherwise (`allowEnd`).
    public var hangingPunctuation = HangingPunctuation.none
    /// The table cell the paragraph is set in (`NSParagraphStyle.textBlocks`' table block); nil for none. The
    /// paragraphs of one table follow one another, row by row; the cell's column bounds the lines, and the
    /// paragraph's spacing before and after gives way to the table's cell padding.
    public var tableCell: TextTableCell? = nil
    /// The blocks the paragraph is in, outermost first (`NSParagraphStyle.textBlocks`): consecutive paragraphs naming
    /// one ``TextBlock`` are drawn as one block, with its rule along their start edge. Empty by default.
    public var textBlocks: [TextBlock] = []
    /// Whether a line that wraps continues at its own indentation plus two spaces, as code editors wrap code: the
    /// paragraph's lines between forced breaks (U+2028) are its source lines, and their leading spaces (a tab as
    /// four) their indentation. Off by default; notes turn it on in code blocks.
    public var indentsWrappedLines = false
    /// Whether text asking for a monospaced font keeps to its cells where other faces draw for it, as terminals
    /// and code editors set code: each such character takes a whole number of cells, centred (an ideograph two),
    /// so the columns after a Chinese comment stay on the grid. Off by default, as browsers
    /// (CSS has no such rule); notes turn it on in code blocks.
    public var keepsMonospaceCells = false
    /// Whether text set in a monospaced face (code) may also break where code reads on: after a `.`, `::` or `->`
    /// between two names and before a `(` that opens arguments after a name, where UAX #14 gives no opportunity.
    /// A name too long for the line is then cut at a joint (`TextMeasurer.` | `prepare()`), not inside itself.
    /// Off by default, as browsers (CSS has no such rule, so measuring for a web page leaves it off); notes turn it
    /// on.
    public var breaksCodeAtJoints = false
    /// Whether lines run across or are columns (CSS `writing-mode`; TextKit's `NSTextContainer.layoutOrientation`):
    /// ``WritingMode/horizontalTB`` by default. In vertical modes a container's height is the lines' length and its
    /// width the room for columns; one layout holds one writing mode, its first paragraph's.
    public var writingMode = WritingMode.horizontalTB
    /// How characters stand in vertical lines (CSS `text-orientation`); ``TextOrientation/mixed`` by default.
    public var textOrientation = TextOrientation.mixed
    /// Which characters of vertical lines are combined into one upright em (CSS `text-combine-upright`);
    /// ``TextCombineUpright/none`` by default.
    public var textCombineUpright = TextCombineUpright.none
    /// The paragraph's heading level, 1 (a document's top heading) to 6, or 0 for a paragraph that is not a heading
    /// (`NSParagraphStyle.headerLevel`). It does not change how lines are set; PDF outlines are made from it, and a
    /// justified alignment given to every paragraph at once (`--alignment justified`) leaves a heading as it was.
    /// Where text flows from container to container (pages, columns), a heading is kept with the paragraph after
    /// it, as word processors keep headings with the next paragraph (CSS `break-after: avoid`).
    public var headerLevel = 0
    /// The fewest lines of the paragraph left at the end of a container when the rest flows on to the next (CSS
    /// `orphans`): with fewer, the whole paragraph moves on. 2 by default, as in CSS; 1 leaves lines where they
    /// fall. Applies only where text flows from container to container, and not in table cells.
    public var orphans = 2
    /// The fewest lines of the paragraph carried to the start of a container when it began in the one before (CSS
    /// `widows`): with fewer, lines move on from the container before while it keeps ``orphans`` of them. 2 by
    /// default, as in CSS; 1 leaves lines where they fall.
    public var widows = 2

    /// The default style.
    public init() {}

    /// Whether the shared marks beside CJK characters take the CJK font and `！？` are trimmed, as CLREQ sets
    /// them (``punctuationFont`` resolved against ``lineHeightMetrics``).
    package var takesSharedPunctuationFromCJKFont: Bool {
        switch punctuationFont {
        case .automatic: return lineHeightMetrics == .exact
        case .cjk: return true
        case .css: return false
        }
    }

    /// Replaces the tab stops, sorted by location.
    ///
    /// - Throws: ``ParagraphStyleError/invalidTabLocation(_:limit:)`` for a location that is negative, not finite
    ///   or above ``tabLocationLimit``.
    public mutating func setTabStops(_ stops: [TextTab]) throws {
        for stop in stops where !(stop.location >= 0 && stop.location <= Self.tabLocationLimit) {
            throw ParagraphStyleError.invalidTabLocation(stop.location, limit: Self.tabLocationLimit)
        }
        tabStops = stops.sorted { $0.location < $1.location }
    }

    /// The default style: natural alignment, word wrapping, no indents or extra spacing.
    public static let `default` = ParagraphStyle()
}

@_spi(Stages) import GalleyText

/// Stage 1: splits a paragraph into `TextItem`s, each of one bidi level (ICU's UBA), one script (ICU's Script
/// property, Common and Inherited characters joining their neighbours), one font after fallback, and one set of
/// shaping attributes.
///
/// An itemizer is a cheap value; it holds the font library and the Dynamic Type settings that text styles
/// resolve against. It is safe to use from several threads.
package struct Itemizer: Sendable {
    /// Where fonts and fallback fonts are found.
    package let fontLibrary: FontLibrary
    /// The settings text styles resolve against.
    package var settings: DynamicTypeSettings

    /// An itemizer finding fonts in `fontLibrary`, sizing text styles for `settings`.
    package init(fontLibrary: FontLibrary, settings: DynamicTypeSettings = DynamicTypeSettings()) {
        self.fontLibrary = fontLibrary
        self.settings = settings
    }

    /// The items of `paragraph`, in logical order, covering it without gaps.
    ///
    /// - Throws: ``FontError`` when a run names a font that cannot be found; ``ICUError`` when bidi fails.
    package func itemize(_ paragraph: consuming Paragraph) throws -> ItemizedParagraph {
        var memo = ItemizingMemo()
        return try itemize(paragraph, extendingOpenItemsQuickly: true, memo: &memo)
    }

    /// ``itemize(_:)``; with `extendingOpenItemsQuickly`, common characters extend the open item without a font
    /// decision each (``ItemBuilder/extendOpenItem(_:from:to:)``), which decides as each character alone would.
    /// `memo` keeps fonts and a language from the paragraphs itemized before on the same thread.
    func itemize(_ paragraph: consuming Paragraph, extendingOpenItemsQuickly: Bool, memo: inout ItemizingMemo)
        throws -> ItemizedParagraph
    {
        memo.use(fontLibrary)
        let bidi = try BidiParagraph(paragraph.text, direction: paragraph.style.baseWritingDirection)
        var builder = ItemBuilder(
            levels: bidi.levels, baseLevel: bidi.baseLevel, recentStyles: memo.recentStyles.take() ?? RecentRunStyles())
        defer { memo.recentStyles = builder.recentStyles }
        // A row of Chinese with English and code has several items: grown from empty, they took four allocations.
        builder.items.reserveCapacity(8)
        let paragraphLanguage = paragraph.language.flatMap { memo.canonical($0) }
        // Taken out of the memo for the paragraph and given back after it, even when it throws.
        var fallbacks = memo.fallbacks.take() ?? FallbackFonts(library: fontLibrary)
        defer { memo.fallbacks = fallbacks }
        let sharedPunctuationFromCJKFont = paragraph.style.takesSharedPunctuationFromCJKFont
        try paragraph.text.withUnsafeBufferPointer { text in
            for run in paragraph.attributeRuns {
                var shaping = run.attributes.shapingKey
                // Canonical, so that tags differing only in what layout ignores share shape plans and caches.
                shaping.language = shaping.language.flatMap { memo.canonical($0) } ?? paragraphLanguage
                // Marks placed by language (CSS's `auto`) follow the paragraph's when the run names none.
                if let emphasis = run.attributes.textEmphasis, emphasis.position == .automatic {
                    shaping.emphasis?.isUnder = emphasis.isUnder(language: shaping.language)
                }
                let base = try memo.font(for: shaping.font, settings: settings, in: fontLibrary)
                // A superscript's form depends on which of its characters each font has.
                let scalars =
                    shaping.superscript == 0
                    ? [] : Array(String(decoding: text[run.utf16Range], as: UTF16.self).unicodeScalars)
                builder.beginRun(
                    shaping: shaping, styleLineHeight: shaping.font.textStyle.map { settings.leading(of: $0) },
                    base: base, scalars: scalars)
                let end = run.utf16Range.upperBound
                var offset = run.utf16Range.lowerBound
                if shaping.attachment != nil {
                    // An attachment draws no glyph from any font: no fallback, one item per bidi level.
                    while offset < end {
                        let length = UTF16Decoding.scalar(in: text, at: offset).1
                        builder.add(offset..<(offset + length), script: .common, font: base)
                        offset += length
                    }
                    continue
                }
                let cjkPunctuation =
                    sharedPunctuationFromCJKFont && CJKPunctuation.isChineseOrJapanese(shaping.language)
                var (scalar, length) = UTF16Decoding.scalar(in: text, at: offset)
                var previous: Unicode.Scalar? = nil  // the scalar before `offset` in this run
                while offset < end {
                    let stop = extendingOpenItemsQuickly ? builder.extendOpenItem(text, from: offset, to: end) : offset
                    if stop > offset {
                        offset = stop
                        previous = Unicode.Scalar(text[offset - 1])  // the fast path passes no surrogates
                        if offset < end { (scalar, length) = UTF16Decoding.scalar(in: text, at: offset) }
                        continue
                    }
                    let nextOffset = offset + length
                    let next = nextOffset < end ? UTF16Decoding.scalar(in: text, at: nextOffset) : nil
                    let script = Script(of: scalar)
                    if cjkPunctuation, CJKPunctuation.isShared(scalar),
                        CJKPunctuation.isInCJKContext(text, at: offset, length: length),
                        let font = cjkFont(for: scalar, base: base, language: shaping.language, fallbacks: &fallbacks)
                    {
                        builder.add(offset..<nextOffset, script: script, font: font)
                    } else if builder.keepsOpenFont(for: scalar, next: next?.0, base: base) {
                        builder.addInOpenFont(offset..<nextOffset, script: script)
                    } else {
                        let font = chooseFont(
                            for: scalar, next: next?.0, previous: previous, previousFont: builder.previousFontInRun,
                            base: base, language: shaping.language, fallbacks: &fallbacks)
                        builder.add(offset..<nextOffset, script: script, font: font)
                    }
                    offset = nextOffset
                    previous = scalar
                    if let next { (scalar, length) = next }
                }
            }
        }
        var items = builder.finish()
        if paragraph.style.writingMode.isVertical {
            paragraph.text.withUnsafeBufferPointer { text in
                items = VerticalItems.orient(items, in: text, style: paragraph.style)
            }
        }
        return ItemizedParagraph(paragraph: paragraph, items: items, bidi: bidi)
    }

    /// Merges characters into items in one pass. Common and Inherited characters join the item they fall in; an
    /// item that starts with them takes the script of the first strong character that joins it, or else of its
    /// neighbours. The open item is kept in parts, so that extending it by a character copies nothing, and items of
    /// one attribute run in one font share one ``RunStyle``.
    private struct ItemBuilder {
        let levels: [UInt8]
        let baseLevel: UInt8
        var items: [TextItem] = []
        /// The open item: its range, level, script, font and attributes.
        var openRange = 0..<0
        var openLevel: UInt8 = 0
        var openScript = Script.common
        var openStyle: RunStyle?
        var openFont: Font? { openStyle?.matchedFont }
        /// Whether the open item has seen a strong script yet.
        var openIsStrong = false
        /// Whether characters now being added may join the open item: false when their attribute run shapes
        /// differently from the open item's.
        var runJoinsOpenItem = false
        /// The attributes of the characters now being added: plain text's until a run begins (not optional: read
        /// through an optional, each read copied them).
        var runShaping = Self.plainShaping
        /// The attributes of plain text.
        static let plainShaping = TextAttributes().shapingKey
        var runStyleLineHeight: Double?
        /// The run's characters when it is a superscript or subscript (its fonts' forms depend on them).
        var runScalars: [Unicode.Scalar] = []
        /// The styles made for the current attribute run's attributes, one per font.
        var runStyles: [RunStyle] = []
        /// Styles of earlier runs and paragraphs, which a run with the same attributes and fonts takes again.
        var recentStyles: RecentRunStyles
        /// Whether the open font was chosen for a character of the current attribute run: a font choice looks back
        /// only within its run, so a code span after Chinese does not keep the Chinese font for its punctuation.
        var openFontIsInRun = false

        /// The run's own font, and whether the open item is in it.
        var runFont: Font?
        var openFontIsRunFont = false
        /// Whether the open item's font is a bundled face other than the run's: for a character the run's font
        /// lacks, the first bundled face that has it is the answer fallback gives, so the open one can be kept.
        var openFontIsBundledFallback = false
        /// The instances of the open item's and the run's fonts, for character-map lookups that copy no font.
        /// Unmanaged: ``openStyle`` and ``runFont`` keep them, and strong references would be retained and released
        /// at every call of ``extendOpenItem(_:from:to:)`` (with the fallback scan's and autospace's unretained faces,
        /// 1.6% of `galley measure`'s instructions: ARCHITECTURE.md).
        var openInstance: Unmanaged<FontInstance>?
        var runInstance: Unmanaged<FontInstance>?
        var runCoversPrintableASCII = false

        /// The font of the run's previous character, nil at the run's start.
        var previousFontInRun: Font? { openFontIsInRun ? openFont : nil }

        mutating func beginRun(shaping: ShapingKey, styleLineHeight: Double?, base: Font, scalars: [Unicode.Scalar]) {
            // A superscript's style depends on its characters: runs of them never share one.
            runJoinsOpenItem =
                shaping.superscript == 0
                && openStyle.map { $0.shaping == shaping && $0.styleLineHeight == styleLineHeight } ?? false
            if !runJoinsOpenItem { runStyles.removeAll(keepingCapacity: true) }
            runScalars = scalars
            runShaping = shaping
            runStyleLineHeight = styleLineHeight
            runFont = base
            runInstance = Unmanaged.passUnretained(base.instance)
            runCoversPrintableASCII = base.coversPrintableASCII
            openFontIsRunFont = openFont == base
            openFontIsBundledFallback = !openFontIsRunFont && openFont?.face.isBundled == true
            openFontIsInRun = false
        }

        /// Extends the open item over the characters from `offset` (before `end`, the run's end) for which
        /// ``keepsOpenFont(for:next:base:)`` and ``add(_:script:font:)`` would decide so, for the commonest
        /// text, without copying fonts: printable ASCII in the run's font when it covers all of it, and ideographs
        /// and full-width punctuation in the run's font when it has them, else in the open bundled fallback font.
        /// Returns where it stopped: `offset` when it could not start, else at the first character that needs a
        /// decision (another kind, before U+FE0F or U+20E3, another bidi level, a strong script other than the open
        /// one's).
        mutating func extendOpenItem(_ text: UnsafeBufferPointer<UInt16>, from offset: Int, to end: Int) -> Int {
            guard openFontIsInRun, runJoinsOpenItem, let openInstance, let runInstance else { return offset }
            var position = offset
            while position < end {
                let unit = text[position]
                guard position + 1 >= end || !EmojiSequence.followsASCIIBase(text[position + 1]),
                    levels.isEmpty || levels[position] == openLevel
                else { break }
                let script: Script
                if unit >= 0x20 && unit < 0x7F {
                    guard openFontIsRunFont, runCoversPrintableASCII else { break }
                    let letter = (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
                    script = letter ? .latin : .common
                } else if CharacterClasses.isInUnifiedIdeographsBlock(UInt32(unit)) || (0x3001...0x303F).contains(unit)
                    || (0xFF01...0xFFEF).contains(unit)
                {
                    let scalar = Unicode.Scalar(unit)!
                    let inRunFont = runInstance._withUnsafeGuaranteedRef { $0.covers(scalar) }
                    let inOpenFont = { openInstance._withUnsafeGuaranteedRef { $0.covers(scalar) } }
                    guard openFontIsRunFont ? inRunFont : !inRunFont && openFontIsBundledFallback && inOpenFont()
                    else { break }
                    script = CharacterClasses.isInUnifiedIdeographsBlock(UInt32(unit)) ? .han : Script(of: scalar)
                    // Marks among the punctuation (U+302A…) go through the slow path's rule.
                    guard script == .han || script == .common else { break }
                } else {
                    break
                }
                if !script.isWeak {
                    guard Self.joins(script, openScript: openScript, openIsStrong: openIsStrong) else { break }
                    openScript = script
                    openIsStrong = true
                }
                position += 1
            }
            if position > offset { openRange = openRange.lowerBound..<position }
            return position
        }

        /// Whether `Itemizer/chooseFont(for:next:previous:previousFont:base:language:fallbacks:)` would give the
        /// open item's font, for the commonest characters (Latin in the run's font, Chinese in the bundled fallback),
        /// decided without copying a font; false means "ask it".
        func keepsOpenFont(for scalar: Unicode.Scalar, next: Unicode.Scalar?, base: Font) -> Bool {
            guard openFontIsInRun, let openInstance,
                scalar.value < 0x0300 || CharacterClasses.isInUnifiedIdeographsBlock(scalar.value),
                !EmojiSequence.begins(scalar, before: next)
            else { return false }
            if openFontIsRunFont { return base.covers(scalar) }
            return openFontIsBundledFallback && !base.covers(scalar)
                && openInstance._withUnsafeGuaranteedRef { $0.covers(scalar) }
        }

        /// Whether `font` is the open item's, read in place: through ``openFont`` every comparison copied a font
        /// and its references.
        private func isOpenFont(_ font: Font) -> Bool {
            guard let openStyle else { return false }
            return openStyle.matchedFont == font
        }

        /// Adds the characters in `range`, in `font`. The font is borrowed, not wrapped in an optional: wrapping
        /// copied it, and a copy retains its references.
        mutating func add(_ range: Range<Int>, script: Script, font: Font) {
            guard !joinOpenItem(range, script: script, sameFont: isOpenFont(font)) else { return }
            if !isOpenFont(font) {
                openInstance = Unmanaged.passUnretained(font.instance)
                openFontIsRunFont = runFont.map { $0 == font } ?? false
                openFontIsBundledFallback = !openFontIsRunFont && font.face.isBundled
            }
            openStyle = style(for: font)
            runJoinsOpenItem = true
        }

        /// Adds the characters in `range` in the open item's font.
        mutating func addInOpenFont(_ range: Range<Int>, script: Script) {
            guard !joinOpenItem(range, script: script, sameFont: true) else { return }
            if let openStyle { self.openStyle = style(for: openStyle.matchedFont) }
            runJoinsOpenItem = true
        }

        /// Whether a character of `script` may join an open item of `openScript` (`openIsStrong` once a strong
        /// character is in it): a weak (Common, Inherited) one always; a strong one of the item's script; and the
        /// first strong one of an item of weak characters that began the paragraph, which takes its script. Common
        /// characters after a strong one keep its script, as Chromium's script runs keep it: `0` after `代碼 ` is Han
        /// even in the Latin font, so `x80070005` after it is a run of its own (and Inter's `0x8` contextual form,
        /// `0×8`, does not apply across them).
        static func joins(_ script: Script, openScript: Script, openIsStrong: Bool) -> Bool {
            script.isWeak || openScript == script || (!openIsStrong && openScript == .common)
        }

        /// Extends the open item over `range` when it may take it (in the open item's font when `sameFont`), and
        /// returns true; else closes the open item and opens one over `range` (whose font the caller sets), and
        /// returns false.
        private mutating func joinOpenItem(_ range: Range<Int>, script: Script, sameFont: Bool) -> Bool {
            defer { openFontIsInRun = true }
            let level = levels.isEmpty ? baseLevel : levels[range.lowerBound]
            let weak = script.isWeak
            if runJoinsOpenItem, openLevel == level, sameFont,
                Self.joins(script, openScript: openScript, openIsStrong: openIsStrong)
            {
                openRange = openRange.lowerBound..<range.upperBound
                if !weak && !openIsStrong {
                    openScript = script
                    openIsStrong = true
                }
                return true
            }
            closeOpenItem()
            openScript = weak ? (openStyle == nil ? .common : openScript) : script
            openRange = range
            openLevel = level
            openIsStrong = !weak
            return false
        }

        /// The style of the current attribute run in `font`, made the first time it is asked for.
        private mutating func style(for font: Font) -> RunStyle? {
            if let made = runStyles.first(where: { $0.matchedFont == font }) { return made }
            // Asked through the run's instance, set with its font: `runFont != nil` copied the font.
            guard runInstance != nil else { return nil }
            // The run's attributes are read in place: bound to a name, they were copied and retained.
            let style =
                runShaping.superscript != 0
                ? superscriptStyle(for: font)
                : recentStyles.style(
                    font: font, primaryFont: runFont.unsafelyUnwrapped, shaping: runShaping,
                    styleLineHeight: runStyleLineHeight)
            runStyles.append(style)
            return style
        }

        /// The style of the current attribute run, a superscript or subscript, in `font`.
        private func superscriptStyle(for font: Font) -> RunStyle {
            var shaping = runShaping
            let position = VerticalPosition(level: shaping.superscript, font: font, scalars: runScalars)
            if let feature = position.feature { shaping.fontFeatures.append(feature) }
            return RunStyle(
                font: position.font, matchedFont: font, primaryFont: runFont.unsafelyUnwrapped, shaping: shaping,
                styleLineHeight: runStyleLineHeight, baselineShift: position.baselineShift)
        }

        private mutating func closeOpenItem() {
            guard let openStyle else { return }
            items.append(TextItem(utf16Range: openRange, bidiLevel: openLevel, script: openScript, style: openStyle))
        }

        /// The items, with weak-only items at the paragraph's start given the first strong script after them.
        mutating func finish() -> [TextItem] {
            closeOpenItem()
            openStyle = nil
            runStyles = []
            runFont = nil
            runInstance = nil
            if let firstStrong = items.firstIndex(where: { !$0.script.isWeak }) {
                for index in 0..<firstStrong { items[index].script = items[firstStrong].script }
            }
            return items
        }
    }

    /// The font for one character, matched as CSS does, character by character: marks and joiners stay with the
    /// character before them, and so does an emoji after a joiner (one ZWJ sequence); default-ignorable characters
    /// never cause fallback (the previous character's font, else the run's); a character beginning an emoji
    /// sequence (``EmojiSequence/begins(_:before:)``) gets a colour-emoji font; then the run's font when it has
    /// the character, else the library's fallback for the paragraph's `language`. A fallback font never captures
    /// the characters after it: each goes back to the run's font first. `previousFont` is asked for only by the
    /// rare characters that need it: a font copied for every character retained its references.
    private func chooseFont(
        for scalar: Unicode.Scalar, next: Unicode.Scalar?, previous: Unicode.Scalar?,
        previousFont: @autoclosure () -> Font?,
        base: Font, language: String?, fallbacks: inout FallbackFonts
    ) -> Font {
        let simple = Self.neitherExtendsClusterNorIsIgnorable(scalar.value)
        if !simple, let previousFont = previousFont() {
            if Self.extendsCluster(scalar) { return previousFont }
            if EmojiSequence.continues(scalar, after: previous), previousFont.covers(scalar) {
                return previousFont
            }
        }
        // Invisible format characters (bidi marks, joiners, word joiner, soft hyphen…) draw nothing: a fallback
        // font for them would only bring its own line height.
        if !simple, scalar.properties.isDefaultIgnorableCodePoint { return previousFont() ?? base }
        if EmojiSequence.begins(scalar, before: next) {
            return fallbacks.font(for: scalar, replacing: base, preferringEmoji: true, language: language) ?? base
        }
        if base.covers(scalar) { return base }
        if Self.isControlOrSeparator(scalar.value) { return previousFont() ?? base }
        return fallbacks.font(for: scalar, replacing: base, language: language) ?? base
    }

    /// Whether a character is none of what ``extendsCluster(_:)`` and the default-ignorable test look for, known
    /// without their property lookups, asked at every CJK mark: Latin below U+0300 but the soft hyphen, CJK
    /// punctuation but its tone marks (U+302A…U+302F), kana but the voiced sound marks (U+3099, U+309A), the
    /// ideographs, Hangul syllables and the full-width and half-width forms but the half-width Hangul filler.
    static func neitherExtendsClusterNorIsIgnorable(_ value: UInt32) -> Bool {
        if CharacterClasses.isInUnifiedIdeographsBlock(value) || CharacterClasses.isHangulSyllable(value) {
            return true
        }
        switch value {
        case 0..<0xAD, 0xAE..<0x0300, 0x3000...0x3029, 0x3030...0x3098, 0x309B...0x30FF, 0xFF01...0xFF9F,
            0xFFA1...0xFFEF:
            return true
        default:
            return false
        }
    }

    /// Whether a character's general category is Cc, Zl or Zp (fixed sets: the C0 and C1 controls, U+2028 and
    /// U+2029), which take the previous character's font rather than a fallback.
    static func isControlOrSeparator(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// The font that sets ideographs in a run of `base` (the run's own font when it has them, else the fallback
    /// for the language), when it has `scalar`: where a shared mark beside CJK characters is drawn full-width.
    private func cjkFont(
        for scalar: Unicode.Scalar, base: Font, language: String?, fallbacks: inout FallbackFonts
    ) -> Font? {
        guard let font = fallbacks.font(for: "\u{4E00}", replacing: base, language: language),
            font.covers(scalar)
        else { return nil }
        return font
    }

    /// Characters that belong to the cluster before them: combining marks, joiners, variation selectors, emoji
    /// modifiers and tags.
    private static func extendsCluster(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default:
            return properties.isVariationSelector || properties.isEmojiModifier || scalar.value == 0x200D
                || (0xE0020...0xE007F).contains(scalar.value)
        }
    }
}

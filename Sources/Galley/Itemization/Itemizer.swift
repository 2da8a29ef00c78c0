/// Stage 1: splits a paragraph into ``TextItem``s, each of one bidi level (ICU's UBA), one script (ICU's Script
/// property, Common and Inherited characters joining their neighbours), one font after fallback, and one set of
/// shaping attributes.
///
/// An itemizer is a cheap value; it holds the font library and the Dynamic Type settings that text styles
/// resolve against. It is safe to use from several threads.
public struct Itemizer: Sendable {
    public let fontLibrary: FontLibrary
    /// The settings text styles resolve against.
    public var settings: DynamicTypeSettings

    public init(fontLibrary: FontLibrary, settings: DynamicTypeSettings = DynamicTypeSettings()) {
        self.fontLibrary = fontLibrary
        self.settings = settings
    }

    /// The items of `paragraph`, in logical order, covering it without gaps.
    ///
    /// - Throws: ``FontError`` when a run names a font that cannot be found; ``ICUError`` when bidi fails.
    public func itemize(_ paragraph: Paragraph) throws -> ItemizedParagraph {
        let bidi = try BidiParagraph(paragraph.text, direction: paragraph.style.baseWritingDirection)
        var scalars = ScalarProperties()
        var resolved: [FontSpecifier: Font] = [:]
        for (runIndex, run) in paragraph.attributeRuns.enumerated() {
            let key = run.attributes.shapingKey
            let base: Font
            if let font = resolved[key.font] {
                base = font
            } else {
                base = try fontLibrary.font(for: key.font, settings: settings)
                resolved[key.font] = base
            }
            assignFonts(in: paragraph, range: run.utf16Range, base: base, runIndex: runIndex, to: &scalars)
        }
        scalars.resolveWeakScripts()
        return ItemizedParagraph(paragraph: paragraph, items: makeItems(paragraph, scalars, bidi), bidi: bidi)
    }

    /// Per-scalar facts, gathered in one pass and merged into items in another.
    private struct ScalarProperties {
        var offsets: [Int] = []
        var scripts: [Script] = []
        var fonts: [Font] = []
        var runs: [Int] = []

        mutating func append(offset: Int, script: Script, font: Font, run: Int) {
            offsets.append(offset)
            scripts.append(script)
            fonts.append(font)
            runs.append(run)
        }

        /// Gives Common and Inherited characters the script before them, or, at the paragraph's start, the first
        /// strong script after them.
        mutating func resolveWeakScripts() {
            guard let firstStrong = scripts.firstIndex(where: { !$0.isWeak }) else { return }
            var current = scripts[firstStrong]
            for index in scripts.indices {
                if scripts[index].isWeak { scripts[index] = current } else { current = scripts[index] }
            }
        }
    }

    private func assignFonts(
        in paragraph: Paragraph, range: Range<Int>, base: Font, runIndex: Int, to scalars: inout ScalarProperties
    ) {
        var offset = range.lowerBound
        var previous: Font?
        while offset < range.upperBound {
            let (scalar, length) = UTF16Decoding.scalar(in: paragraph.text, at: offset)
            let next = offset + length < range.upperBound ? UTF16Decoding.scalar(in: paragraph.text, at: offset + length).0 : nil
            let script = Script(of: scalar)
            let font = chooseFont(for: scalar, next: next, script: script, previous: previous, base: base)
            scalars.append(offset: offset, script: script, font: font, run: runIndex)
            previous = font
            offset += length
        }
    }

    /// The font for one character: marks and joiners stay with the character before them; a character asking for
    /// emoji presentation (followed by U+FE0F) gets a colour-emoji font; Common punctuation stays in the fallback
    /// font of the text before it (so `“` after Chinese is full-width); otherwise the run's font when it covers
    /// the character, else the library's fallback.
    private func chooseFont(
        for scalar: Unicode.Scalar, next: Unicode.Scalar?, script: Script, previous: Font?, base: Font
    ) -> Font {
        let properties = scalar.properties
        if let previous, Self.extendsCluster(scalar, properties) { return previous }
        if next == "\u{FE0F}" {
            return fontLibrary.fallbackFont(for: scalar, replacing: base, preferringEmoji: true) ?? base
        }
        if script.isWeak, let previous, previous != base, !properties.isWhitespace, previous.glyph(for: scalar) != nil {
            return previous
        }
        if base.glyph(for: scalar) != nil { return base }
        if properties.generalCategory == .control { return previous ?? base }
        return fontLibrary.fallbackFont(for: scalar, replacing: base) ?? base
    }

    /// Characters that belong to the cluster before them: combining marks, joiners, variation selectors, emoji
    /// modifiers and tags.
    private static func extendsCluster(_ scalar: Unicode.Scalar, _ properties: Unicode.Scalar.Properties) -> Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default:
            return properties.isVariationSelector || properties.isEmojiModifier || scalar.value == 0x200D
                || (0xE0020...0xE007F).contains(scalar.value)
        }
    }

    private func makeItems(_ paragraph: Paragraph, _ scalars: ScalarProperties, _ bidi: BidiParagraph) -> [TextItem] {
        var items: [TextItem] = []
        for index in scalars.offsets.indices {
            let offset = scalars.offsets[index]
            let level = bidi.levels.isEmpty ? bidi.baseLevel : bidi.levels[offset]
            let run = scalars.runs[index]
            let shaping = paragraph.attributeRuns[run].attributes.shapingKey
            if var last = items.last, last.bidiLevel == level, last.script == scalars.scripts[index],
                last.font == scalars.fonts[index], last.shaping == shaping
            {
                let end = index + 1 < scalars.offsets.count ? scalars.offsets[index + 1] : paragraph.length
                last.utf16Range = last.utf16Range.lowerBound..<end
                items[items.count - 1] = last
                continue
            }
            let end = index + 1 < scalars.offsets.count ? scalars.offsets[index + 1] : paragraph.length
            items.append(
                TextItem(
                    utf16Range: offset..<end, bidiLevel: level, script: scalars.scripts[index],
                    font: scalars.fonts[index], shaping: shaping))
        }
        return items
    }
}

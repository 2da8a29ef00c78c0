import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct ItemizerTests {
    private func itemize(_ text: String, attributes: TextAttributes = TextAttributes(), library: FontLibrary? = nil)
        throws -> ItemizedParagraph
    {
        try Itemizer(fontLibrary: library ?? TestFonts.bundled).itemize(Paragraph(text, attributes: attributes))
    }

    private func describe(_ itemized: ItemizedParagraph) -> [String] {
        let units = Array(itemized.paragraph.text)
        return itemized.items.map { item in
            let text = String(decoding: units[item.utf16Range], as: UTF16.self)
            return "\(text)|\(item.script)|\(item.bidiLevel)|\(item.font.face.familyName)"
        }
    }

    /// ``describe(_:)`` with each item's font size and its style's primary font and kerning.
    private func describeStyles(_ itemized: ItemizedParagraph) -> [String] {
        zip(describe(itemized), itemized.items).map { description, item in
            "\(description) \(item.font.size)|\(item.style.primaryFont.face.familyName) "
                + "\(item.style.primaryFont.size)|\(item.style.shaping.kern)"
        }
    }

    @Test func mixedScriptsSplitIntoRunsWithTheRightFonts() throws {
        // Spaces take the run's own font (Inter covers them), as browsers do, so they form items of their own.
        let items = describe(try itemize("Hello 世界，你好 مرحبا שלום नमस्ते"))
        #expect(
            items == [
                "Hello |Latn|0|Inter", "世界，你好|Hani|0|Noto Sans CJK SC", " |Hani|0|Inter",
                "مرحبا|Arab|1|Noto Sans Arabic", " |Arab|1|Inter", "שלום|Hebr|1|Noto Sans Hebrew", " |Hebr|0|Inter",
                "नमस्ते|Deva|0|Noto Sans Devanagari",
            ])
    }

    @Test func everyCharacterOfMixedTextGetsAFontThatCoversIt() throws {
        let library = try TestFonts.system
        let text = "Galley 排版 مرحبا 😀👍🏽 ok 🇨🇳 é ไทย"
        let shaped = try TestFonts.shape(text, library: library)
        let emojiFontInstalled = (try? library.font(family: "Noto Color Emoji", size: 12)) != nil
        for run in shaped.runs {
            let runText = String(decoding: Array(text.utf16)[run.utf16Range], as: UTF16.self)
            let coverable = emojiFontInstalled || !runText.unicodeScalars.contains { $0.properties.isEmojiPresentation }
            if coverable {
                #expect(
                    run.glyphs.allSatisfy { $0.glyphID != 0 },
                    "notdef in \(runText.debugDescription), drawn in \(run.font.face.familyName) (\(run.font.face.path))"
                )
            }
        }
        if emojiFontInstalled {
            let emojiRuns = shaped.runs.filter { $0.font.face.familyName == "Noto Color Emoji" }
            #expect(emojiRuns.count >= 1)
        }
    }

    /// A skin-toned emoji (base + Fitzpatrick modifier), a ZWJ family and a skin-toned ZWJ sequence each draw as
    /// one colour glyph, not a base followed by a swatch.
    @Test(arguments: ["👍🏽", "🧑🏿‍💻", "👩🏻‍🤝‍👨🏾", "👨‍👩‍👧‍👦", "✋🏼"])
    func emojiSequencesDrawAsOneGlyph(_ sequence: String) throws {
        let library = try TestFonts.system
        try #require(
            (try? library.font(family: "Noto Color Emoji", size: 12)) != nil, "fonts-noto-color-emoji (Scripts/setup)")
        let shaped = try TestFonts.shape("a\(sequence)b", library: library)
        let emoji = shaped.runs.filter { $0.font.face.familyName == "Noto Color Emoji" }
        #expect(emoji.count == 1)
        #expect(emoji.first?.glyphs.count == 1, "\(emoji.first?.glyphs.map(\.glyphID) ?? [])")
        #expect(emoji.first?.glyphs.allSatisfy { $0.glyphID != 0 } == true)
    }

    @Test func eachCharacterTakesTheFirstFontThatHasItAsCSSDoes() throws {
        // Inter has the curly quotes and the digits, so they are Inter's even between Chinese characters (Chromium's
        // font matching); the full-width colon and full stop only Noto Sans CJK has. The closing quote keeps the
        // script of the Chinese before it, so `OK` starts a run of its own (Chromium's script runs).
        var css = ParagraphStyle()
        css.punctuationFont = .css
        let items = describe(try itemize("他说：“你好。”OK 2024年", attributes: TextAttributes(paragraphStyle: css)))
        #expect(
            items == [
                "他说：|Hani|0|Noto Sans CJK SC", "“|Hani|0|Inter", "你好。|Hani|0|Noto Sans CJK SC",
                "”|Hani|0|Inter", "OK 2024|Latn|0|Inter", "年|Hani|0|Noto Sans CJK SC",
            ])
    }

    /// The itemizer's range tests that skip Unicode property lookups answer as the properties do, for every
    /// scalar: none that they call plain is a mark, a variation selector, an emoji modifier, a joiner, a tag or
    /// default-ignorable; controls and line and paragraph separators are exactly Cc, Zl and Zp.
    @Test func theRangeTestsAgreeWithUnicodesProperties() {
        var plain = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            if Itemizer.neitherExtendsClusterNorIsIgnorable(value) {
                plain += 1
                let extends =
                    [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
                    || properties.isVariationSelector || properties.isEmojiModifier || value == 0x200D
                    || (0xE0020...0xE007F).contains(value)
                #expect(!extends && !properties.isDefaultIgnorableCodePoint, "U+\(String(value, radix: 16))")
            }
            #expect(
                Itemizer.isControlOrSeparator(value)
                    == [.control, .lineSeparator, .paragraphSeparator].contains(properties.generalCategory),
                "U+\(String(value, radix: 16))")
        }
        #expect(plain > 30_000)
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        let items = describe(try itemize("Tie\u{0302}\u{0301}ng"))
        #expect(items.count == 1)
    }

    @Test func aColourChangeDoesNotSplitAShapingRunButAFeatureDoes() throws {
        let storage = TextStorage("abcdef")
        try storage.addAttributes(TextAttributes(foregroundColor: .white), range: 2..<4)
        let itemizer = Itemizer(fontLibrary: try TestFonts.bundled)
        #expect(try itemizer.itemize(storage.paragraphs[0]).items.count == 1)
        try storage.addAttributes(TextAttributes(fontFeatures: [FontFeature("tnum")]), range: 2..<4)
        #expect(try itemizer.itemize(storage.paragraphs[0]).items.map(\.utf16Range) == [0..<2, 2..<4, 4..<6])
    }

    @Test func punctuationStartingACodeSpanAfterChineseTakesTheCodeFont() throws {
        // Noto Sans CJK covers the backtick too; the font choice must not look back past the attribute run.
        let storage = TextStorage("中文`x`")
        let mono = try TestFonts.bundled.font(family: "JetBrains Mono", size: 17)
        try storage.addAttributes(TextAttributes(font: .font(mono)), range: 2..<5)
        let itemized = try Itemizer(fontLibrary: try TestFonts.bundled).itemize(storage.paragraphs[0])
        // The backtick keeps the Chinese script before it (Chromium's script runs), so `x` starts another run.
        #expect(
            describe(itemized) == [
                "中文|Hani|0|Noto Sans CJK SC", "`|Hani|0|JetBrains Mono", "x`|Latn|0|JetBrains Mono",
            ])
    }

    /// Characters that stop the quick extension of an item: keycaps, full-width Latin, Han marks and numerals,
    /// ASCII punctuation after Chinese, bidi text, the ideographic space, emoji.
    static let itemizationEdges = [
        "a#\u{FE0F}\u{20E3} x1\u{FE0F}", "ＡＢＣ１２３ and ｆｕｌｌ", "時々〇〡〪，。", "中文, English. 中文(x)", "abc אבג 123 مرحبا",
        "中文\u{3000}空格　English", "ok 😀 中文😀", "Ａ中ｂ", "a\u{0301}中\u{0301}", "",
    ]

    @Test(arguments: ["Inter", "Noto Sans CJK SC", "JetBrains Mono"])
    func quickItemExtensionDecidesAsEveryCharacterAlone(family: String) throws {
        let library = try TestFonts.bundled
        let font = try library.font(family: family, size: 17)
        let mono = try library.font(family: "JetBrains Mono", size: 17)
        let itemizer = Itemizer(fontLibrary: library)
        var compared = 0
        // One memo for every row, as a shaper keeps: each row is itemized as it would be with a memo of its own.
        var memo = ItemizingMemo()
        let larger = try library.font(family: family, size: 20)
        for (index, text) in (Self.itemizationEdges + WordShapingTests.corpus.prefix(1_500)).enumerated() {
            // The rows' code spans in the monospaced font, so items also meet attribute-run boundaries; every
            // seventh row in a larger size and every fifth kerned, so styles kept from earlier rows must match.
            let storage = TextStorage(
                text,
                attributes: TextAttributes(
                    font: .font(index % 7 == 0 ? larger : font), kern: index % 5 == 0 ? 1 : nil))
            let units = Array(text.utf16)
            var open: Int?
            for (offset, unit) in units.enumerated() where unit == 0x60 {
                if let start = open {
                    try storage.addAttributes(TextAttributes(font: .font(mono)), range: start..<(offset + 1))
                    open = nil
                } else {
                    open = offset
                }
            }
            guard let paragraph = storage.paragraphs.first else { continue }
            let expected = describeStyles(
                try itemizer.itemize(paragraph, extendingOpenItemsQuickly: false, memo: &memo))
            #expect(describeStyles(try itemizer.itemize(paragraph)) == expected, "\(text)")
            compared += expected.count
        }
        #expect(compared > 3_000)
        // With the system's fonts, a keycap or U+FE0F after ASCII takes the colour-emoji font when one is installed.
        let system = Itemizer(fontLibrary: try TestFonts.system)
        for text in Self.itemizationEdges {
            let paragraph = Paragraph(text, attributes: TextAttributes(font: .font(font)))
            #expect(
                describe(try system.itemize(paragraph))
                    == describe(try system.itemize(paragraph, extendingOpenItemsQuickly: false, memo: &memo)))
        }
    }

    @Test func aRightToLeftParagraphResolvesLevelsFromItsBase() throws {
        var style = ParagraphStyle()
        style.baseWritingDirection = .rightToLeft
        let itemized = try itemize("abc אבג", attributes: TextAttributes(paragraphStyle: style))
        #expect(itemized.bidi.baseLevel == 1)
        #expect(itemized.items.map(\.bidiLevel) == [2, 1, 1])
        let natural = try itemize("אבג abc")
        #expect(natural.bidi.baseLevel == 1)
    }

    @Test func anEmptyParagraphHasNoItems() throws {
        #expect(try itemize("").items.isEmpty)
    }

    @Test func unpairedSurrogatesDoNotStopItemization() throws {
        var units = Array("ab".utf16)
        units.insert(0xD800, at: 1)
        let paragraph = Paragraph(
            text: units[...], utf16Range: 0..<3, terminatorLength: 0,
            attributeRuns: [AttributeRun(utf16Range: 0..<3, attributes: TextAttributes())],
            leadingAttributes: TextAttributes())
        let itemized = try Itemizer(fontLibrary: try TestFonts.bundled).itemize(paragraph)
        #expect(itemized.items.last?.utf16Range.upperBound == 3)
        #expect(Shaper().shape(itemized).runs.flatMap(\.glyphs).count == 3)
    }
}

/// The script sets that decide how an item is shaped hold the scripts they name.
@Suite struct ScriptSetTests {
    @Test(arguments: ["ا", "ܐ", "ߊ", "ᠠ", "ࡀ", "𞤀", "ꡀ"] as [Unicode.Scalar])
    func joiningScriptsJoinAndNeedContext(_ letter: Unicode.Scalar) {
        #expect(Script(of: letter).isJoining && !Script(of: letter).shapesWithoutContext)
    }

    @Test(arguments: ["a", "α", "д", "ա", "ა", "中", "ひ", "カ", "한", "ㄅ", "1"] as [Unicode.Scalar])
    func contextFreeScriptsNeitherJoinNorNeedContext(_ letter: Unicode.Scalar) {
        #expect(Script(of: letter).shapesWithoutContext && !Script(of: letter).isJoining)
    }

    @Test func conjunctsAreMarkedInIndicScriptsWithALinker() {
        #expect(["क", "ক", "ક", "କ", "క", "ക"].allSatisfy { GraphemeClusters.mayDivideConjuncts(Script(of: $0)) })
        #expect(!["a", "中", "ا", "ก"].contains { GraphemeClusters.mayDivideConjuncts(Script(of: $0)) })
    }
}

import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Language tags from input: canonical for every cache keyed by them, and thousands of distinct tags measure as
/// their language does without growing the break-iterator pool.
@Suite struct LanguageTagTests {
    @Test func canonicalTagsKeepLanguageScriptAndRegionOnly() {
        #expect(LanguageTag.canonical("en-x-1") == "en")
        #expect(LanguageTag.canonical("EN_us") == "en-US")
        #expect(LanguageTag.canonical("zh-hant-tw-u-nu-hanidec") == "zh-Hant-TW")
        #expect(LanguageTag.canonical("es-419") == "es-419")
        #expect(LanguageTag.canonical("de-1996") == "de")
        #expect(LanguageTag.canonical("x") == nil)
        #expect(LanguageTag.canonical("1234") == nil)
    }

    /// The quick check for a tag already canonical agrees with making it from its subtags, over tags varying
    /// each subtag's case, length and kind, the separators and what follows.
    @Test func theQuickCheckAgreesWithTheSubtags() {
        var checked = 0, quick = 0
        for primary in ["en", "EN", "zh", "yue", "z", "engl", "e1"] {
            for script in ["", "Hans", "hans", "HANS", "Han", "Hans1"] {
                for region in ["", "US", "us", "419", "41", "1996", "U"] {
                    for rest in ["", "x-1", "u-nu-hanidec", "-", "Latn"] {
                        for separator in ["-", "_"] {
                            let tag = [primary, script, region, rest].filter { !$0.isEmpty }.joined(
                                separator: separator)
                            #expect(LanguageTag.canonical(tag) == LanguageTag.canonicalBySubtags(tag), "\(tag)")
                            if LanguageTag.isCanonical(tag) {
                                #expect(LanguageTag.canonicalBySubtags(tag) == tag, "\(tag)")
                                quick += 1
                            }
                            if let canonical = LanguageTag.canonicalBySubtags(tag) {
                                #expect(LanguageTag.isCanonical(canonical), "\(canonical)")
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 2_940 && quick > 20)
    }

    @Test func thousandsOfPrivateUseTagsMeasureAsTheirLanguageWithABoundedPool() throws {
        let library = try TestFonts.bundled
        let measurer = TextMeasurer(fontLibrary: library)
        let font = try library.font(family: "Inter", size: 17)
        let text = "Typography is the craft of arranging type; 排版是安排文字的技艺。"
        let reference = try measurer.measure(
            text, attributes: TextAttributes(font: .font(font), language: "en"), width: 120)
        for number in 0..<2_000 {
            let measured = try measurer.measure(
                text, attributes: TextAttributes(font: .font(font), language: "en-x-\(number)"), width: 120)
            #expect(measured.utf16LineStarts == reference.utf16LineStarts && measured.height == reference.height)
        }
        #expect(ICUBoundaries.kindCount <= ICUBoundaries.kindLimit)
    }
}

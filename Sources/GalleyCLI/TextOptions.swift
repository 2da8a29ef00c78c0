import ArgumentParser
import Galley
import GalleyDocuments
import GalleyRequests

/// The options shared by commands that break text into lines: language, hyphenation, CJK spacing, alignment,
/// line heights and line-breaking rules (``RequestSettings``' text settings).
struct TextOptions: SettingOptions {
    @Option(name: .setting(.language), help: .setting(.language)) var language: String?
    @Option(name: .setting(.textEmphasis), help: .setting(.textEmphasis)) var textEmphasis: String?
    @Option(name: .setting(.textEmphasisPosition), help: .setting(.textEmphasisPosition))
    var textEmphasisPosition: String?
    @Option(name: .setting(.alignment), help: .setting(.alignment)) var alignment: String?
    @Option(name: .setting(.hyphenationFactor), parsing: .unconditional, help: .setting(.hyphenationFactor))
    var hyphenationFactor: String?
    @Option(name: .setting(.punctuationTrim), help: .setting(.punctuationTrim)) var punctuationTrim: String?
    @Option(name: .setting(.punctuationFont), help: .setting(.punctuationFont)) var punctuationFont: String?
    @Flag(name: .setting(.autospace), inversion: .prefixedNo, help: .setting(.autospace)) var autospace: Bool?
    @Option(name: .setting(.wordBreak), help: .setting(.wordBreak)) var wordBreak: String?
    @Option(name: .setting(.overflowWrap), help: .setting(.overflowWrap)) var overflowWrap: String?
    @Option(name: .setting(.lineBreakRules), help: .setting(.lineBreakRules)) var lineBreakRules: String?
    @Option(name: .setting(.lineBreakStrictness), help: .setting(.lineBreakStrictness))
    var lineBreakStrictness: String?
    @Option(name: .setting(.lineHeightMetrics), help: .setting(.lineHeightMetrics)) var lineHeightMetrics: String?
    @Option(name: .setting(.baseWritingDirection), help: .setting(.baseWritingDirection))
    var baseWritingDirection: String?
    @Option(name: .setting(.textWrap), help: .setting(.textWrap)) var textWrap: String?
    @Option(
        name: .setting(.maximumConsecutiveHyphenatedLines), parsing: .unconditional,
        help: .setting(.maximumConsecutiveHyphenatedLines))
    var maximumConsecutiveHyphenatedLines: String?
    @Option(name: .setting(.hangingPunctuation), help: .setting(.hangingPunctuation)) var hangingPunctuation: String?
    @Option(name: .setting(.writingMode), help: .setting(.writingMode)) var writingMode: String?
    @Option(name: .setting(.textOrientation), help: .setting(.textOrientation)) var textOrientation: String?
    @Option(name: .setting(.textCombineUpright), help: .setting(.textCombineUpright)) var textCombineUpright: String?

    var items: [(name: String, value: String)] {
        item(.language, language) + item(.textEmphasis, textEmphasis)
            + item(.textEmphasisPosition, textEmphasisPosition) + item(.alignment, alignment)
            + item(.hyphenationFactor, hyphenationFactor)
            + item(.punctuationTrim, punctuationTrim) + item(.punctuationFont, punctuationFont)
            + item(.autospace, autospace) + item(.wordBreak, wordBreak) + item(.overflowWrap, overflowWrap)
            + item(.lineBreakRules, lineBreakRules) + item(.lineBreakStrictness, lineBreakStrictness)
            + item(.lineHeightMetrics, lineHeightMetrics)
            + item(.baseWritingDirection, baseWritingDirection) + item(.textWrap, textWrap)
            + item(.maximumConsecutiveHyphenatedLines, maximumConsecutiveHyphenatedLines)
            + item(.hangingPunctuation, hangingPunctuation) + item(.writingMode, writingMode)
            + item(.textOrientation, textOrientation) + item(.textCombineUpright, textCombineUpright)
    }
}

/// The classes of characters Galley asks about, each named by the question it answers and defined here once, by
/// scalar value (UTF-16 units of the Basic Multilingual Plane ask as their value; a surrogate is in no class).
/// `CharacterClassesTests` holds each against Unicode's own data for every scalar.
@_spi(Stages) public enum CharacterClasses {
    /// The first scalar of the first CJK block (U+2E80, the radicals): every character ``isCJK(_:)`` takes, and
    /// kana, Hangul syllables and CJK punctuation, lie at or above it; a text below it all has none of them.
    public static let firstCJK: UInt32 = 0x2E80

    /// The CJK Unified Ideographs block, U+4E00…U+9FFF: most of Chinese and Japanese text, and the characters the
    /// fast paths take without a property lookup (all Unified_Ideograph, script Han, Line_Break ID,
    /// Vertical_Orientation U, none with Emoji_Presentation).
    @inlinable public static func isInUnifiedIdeographsBlock(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value)
    }

    /// Unicode's Unified_Ideograph: the unified blocks and their extensions A to J, and the twelve unified
    /// ideographs among the compatibility ones.
    @inlinable public static func isUnifiedIdeograph(_ value: UInt32) -> Bool {
        if isInUnifiedIdeographsBlock(value) { return true }
        switch value {
        case 0x3400...0x4DBF, 0xFA0E...0xFA0F, 0xFA11, 0xFA13...0xFA14, 0xFA1F, 0xFA21, 0xFA23...0xFA24,
            0xFA27...0xFA29, 0x20000...0x2A6DF, 0x2A700...0x2B81D, 0x2B820...0x2CEAD, 0x2CEB0...0x2EBE0,
            0x2EBF0...0x2EE5D, 0x30000...0x3134A, 0x31350...0x33479:
            return true
        default:
            return false
        }
    }

    /// The precomposed Hangul syllables, U+AC00…U+D7A3 (Hangul_Syllable_Type LV and LVT).
    @inlinable public static func isHangulSyllable(_ value: UInt32) -> Bool { (0xAC00...0xD7A3).contains(value) }

    /// Hangul letters: the jamo, the compatibility jamo and the precomposed syllables.
    @inlinable public static func isHangul(_ value: UInt32) -> Bool {
        isHangulSyllable(value) || (0x1100...0x11FF).contains(value) || (0x3131...0x318E).contains(value)
    }

    /// The Hiragana and Katakana blocks, U+3040…U+30FF: kana, their marks and the prolonged sound mark.
    @inlinable public static func isInKanaBlocks(_ value: UInt32) -> Bool { (0x3040...0x30FF).contains(value) }

    /// CJK text set in ems: the CJK blocks from the radicals (U+2E80) to the unified ideographs (kana, bopomofo,
    /// CJK symbols and punctuation, enclosed and compatibility characters among them), the compatibility
    /// ideographs, the full-width and half-width forms, and the supplementary ideographic planes. Justification
    /// stretches the gaps beside them and shared punctuation among them is CJK's.
    @inlinable public static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E80...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// The characters of Line_Break classes BK, CR, LF and NL (LF, VT, FF, CR, NEL, U+2028, U+2029): a line ends
    /// after each (ICU reports a mandatory break), and no caret stands after one on its line.
    @inlinable public static func forcesLineBreakAfter(_ unit: UInt16) -> Bool {
        (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }

    /// Whether `first` and `second` are CR LF: one break (one paragraph's terminator) of two units.
    @inlinable public static func isCRLF(_ first: UInt16, _ second: UInt16) -> Bool { first == 0x0D && second == 0x0A }

    /// The CJK compatibility forms, U+FE30…U+FE4F: vertical presentation forms of CJK punctuation and overlines.
    @inlinable public static func isCJKCompatibilityForm(_ value: UInt32) -> Bool { (0xFE30...0xFE4F).contains(value) }
}

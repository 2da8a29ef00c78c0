/// Guesses the language of a paragraph that names none, from its characters, for the scripts whose typography
/// depends on it: Hangul makes it Korean; kana make it Japanese when the paragraph is written in Japanese (hiragana
/// outside quotation and title brackets, the particles Japanese cannot do without; katakana outside them as many
/// as its ideographs; or kana its main script, more of it than of ideographs); other Han text is Chinese,
/// Traditional (`zh-Hant`) when more of its ideographs are Traditional-only than Simplified-only, else Simplified
/// (`zh-Hans`). So a Japanese title or quote in Chinese prose (`《ノルウェイの森》`, `「…」`) or a katakana loanword
/// (`在东京タワー拍照`) leaves the paragraph Chinese.
///
/// The answer drives ICU's line-break tailoring, HarfBuzz's `locl` forms and which CJK face fallback asks
/// fontconfig for. Text without any of these scripts gets nil: its language does not change those.
public enum LanguageInference {
    /// The inferred BCP 47 tag of `text` (UTF-16): `ja`, `ko`, `zh-Hant`, `zh-Hans` or nil.
    public static func language(of text: ArraySlice<UInt16>) -> String? {
        // Over raw buffers: every row's paragraph is read whole, and checked indexing doubled the cost.
        text.withUnsafeBufferPointer { units in
            HanVariants.traditionalOnly.withUnsafeBufferPointer { traditionalOnly in
                HanVariants.simplifiedOnly.withUnsafeBufferPointer { simplifiedOnly in
                    language(of: units, traditionalOnly: traditionalOnly, simplifiedOnly: simplifiedOnly)
                }
            }
        }
    }

    private static func language(
        of text: UnsafeBufferPointer<UInt16>, traditionalOnly: UnsafeBufferPointer<UInt64>,
        simplifiedOnly: UnsafeBufferPointer<UInt64>
    ) -> String? {
        let words = Int(HanVariants.last - HanVariants.first) / 64 + 1
        precondition(traditionalOnly.count >= words && simplifiedOnly.count >= words, "a bit for every ideograph")
        var han = 0, hanOutside = 0
        var traditional = 0
        var simplified = 0
        // How deep inside 《》〈〉「」『』 the text is; kana met there and outside them.
        var quoted = 0
        var kana = 0, katakanaOutside = 0
        for unit in text {
            // Latin and ideographs, the commonest, are told apart before the kana and Hangul ranges are compared.
            if unit < 0x1100 { continue }
            if UInt32(unit) >= HanVariants.first && UInt32(unit) <= HanVariants.last {
                han += 1
                if quoted == 0 { hanOutside += 1 }
                let offset = Int(UInt32(unit) - HanVariants.first)
                let bit = UInt64(1) << (offset % 64)
                if traditionalOnly[offset / 64] & bit != 0 { traditional += 1 }
                if simplifiedOnly[offset / 64] & bit != 0 { simplified += 1 }
                continue
            }
            switch unit {
            case 0x3008, 0x300A, 0x300C, 0x300E:
                quoted += 1
            case 0x3009, 0x300B, 0x300D, 0x300F:
                quoted = max(0, quoted - 1)
            case 0x3041...0x309F:
                if quoted == 0 { return "ja" }
                kana += 1
            case 0x30A1...0x30FA, 0x30FC...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D:
                kana += 1
                if quoted == 0 { katakanaOutside += 1 }
            case _ where CharacterClasses.isHangul(UInt32(unit)):
                return "ko"
            case 0xD840...0xD87F:
                han += 1  // a high surrogate of the supplementary ideographic plane
                if quoted == 0 { hanOutside += 1 }
            default:
                continue
            }
        }
        if kana > 0, kana > han || katakanaOutside >= hanOutside { return "ja" }
        guard han > 0 else { return nil }
        return traditional > simplified ? "zh-Hant" : "zh-Hans"
    }
}

@_spi(Stages) import GalleyText

/// Which characters begin or continue an emoji sequence (UTS #51 ED-17: presentation, modifier, keycap, flag, tag
/// and ZWJ sequences), which the itemizer draws in a colour-emoji font as a whole, as Chromium's emoji segmenter
/// does. A base whose default presentation is text (☝ ✌ ⛹ 🕵…) asks for emoji when a sequence follows it, not only
/// before U+FE0F.
enum EmojiSequence {
    /// U+200D ZERO WIDTH JOINER, between the elements of a ZWJ sequence.
    static let joiner: Unicode.Scalar = "\u{200D}"

    /// Whether `scalar`, followed by `next`, begins an emoji sequence drawn in a colour-emoji font: before U+FE0F
    /// (emoji presentation), an emoji modifier (a skin tone), U+20E3 (a keycap) or a joiner (a ZWJ sequence; not
    /// after ASCII, whose digits and `#` `*` are emoji only as keycaps).
    static func begins(_ scalar: Unicode.Scalar, before next: Unicode.Scalar?) -> Bool {
        // Decided on `next`'s value first: the itemizer asks this of nearly every character.
        switch next?.value ?? 0 {
        case 0xFE0F: return scalar.properties.isEmoji
        case 0x20E3: return isKeycapBase(scalar)
        case 0x200D: return scalar.value >= 0x80 && scalar.properties.isEmoji
        case 0x1F3FB...0x1F3FF: return scalar.properties.isEmojiModifierBase  // the emoji modifiers (skin tones)
        default: return false
        }
    }

    /// Whether `scalar` after `previous` continues the emoji sequence before it: an emoji after a joiner.
    static func continues(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> Bool {
        previous == joiner && scalar.properties.isEmoji
    }

    /// Whether a UTF-16 unit after a printable ASCII character would make it begin a sequence (`#️⃣`, `1⃣`): the
    /// itemizer's fast path stops before these.
    static func followsASCIIBase(_ unit: UInt16) -> Bool { unit == 0xFE0F || unit == 0x20E3 }

    /// The keycap bases: `0`…`9`, `#`, `*`.
    private static func isKeycapBase(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || scalar == "#" || scalar == "*"
    }
}

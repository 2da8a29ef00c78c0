import CICU
@_spi(Stages) import GalleyText

/// Line-break opportunities as CSS Text specifies them and Chromium (Blink's `LazyLineBreakIterator`) finds them
/// on top of ICU: what web pages show, so that heights measured here equal the browser's.
///
/// Between two characters, in this order:
/// 1. never before a space, tab or line feed; always after a run of them (and a ZWJ or ZWNJ right after it),
///    whatever follows (so a line may start with `,` `.` `/` or `)` after a space, where UAX #14 keeps them on the
///    line before);
/// 2. between two printable ASCII characters, Chromium's table: only after `-` and `?` (before letters, digits and
///    most symbols; after `-` before a digit only when a letter or digit precedes the `-`, so `-1` stays a
///    negative number while `02110-1301` and `ABCD-1234` break), and before `(` `<` `[` `{` after closing and
///    infix punctuation; never after `/` (paths and URLs stay whole) nor between letters and digits;
/// 3. a no-break space next to ASCII never breaks;
/// 4. everything else as ICU's UAX #14 rules say, with the paragraph's locale, and Unicode 15.1's LB21a, which
///    Debian's ICU 72 predates: a Hebrew letter and a hyphen or maqaf (`כל־בו`) may break before another Hebrew
///    letter.
/// `word-break: break-all` adds breaks between letters and digits of any script; `keep-all` removes those between
/// letters and digits (so CJK text breaks only at spaces and punctuation).
enum CSSLineBreakRules {
    /// Whether a break is allowed between `last` and `current` (UTF-16 units; `lastLast` is the one before `last`,
    /// 0 at the text's start) by the fast rules 1–3; nil when ICU decides.
    @inline(__always)  // with the other five of the break scan: -0.6% of `galley measure` (ARCHITECTURE.md)
    static func fastDecision(lastLast: UInt16, last: UInt16, current: UInt16) -> Bool? {
        // Between ideographs, kana and the rest above U+3000 no fast rule applies: asked first, as Chinese asks
        // at every character.
        if last >= 0x3000 && current >= 0x3000 { return nil }
        if CharacterClasses.isBreakableSpace(current) { return false }
        // A zero-width joiner or non-joiner right after spaces stays with them, on the line before (Chromium).
        if CharacterClasses.isBreakableSpace(last) { return current != 0x200C && current != 0x200D }
        if (last == 0x200C || last == 0x200D) && CharacterClasses.isBreakableSpace(lastLast) { return true }
        if last < 0x21 || current < 0x21 { return false }
        if last == 0x2D {  // '-'
            if (0x30...0x39).contains(current) { return isASCIIAlphanumeric(lastLast) }
            if current > 0x7F { return nil }
        }
        if last <= 0x7F && current <= 0x7F { return asciiBreak(after: last, before: current) }
        if (current == 0xA0 && last <= 0x7F) || (last == 0xA0 && current <= 0x7F) { return false }
        return nil
    }

    /// Whether Unicode 15.1's LB21a allows a break between `last` and `current` after `lastLast`, where ICU 72's
    /// older rule forbids it: `HL (HY | BA) × [^HL]` keeps the hyphen or maqaf with a Hebrew letter after it
    /// only when no Hebrew letter follows.
    static func hebrewHyphenAllowsBreak(lastLast: UInt16, last: UInt16, current: UInt16) -> Bool {
        isHebrewLetter(lastLast) && isHebrewLetter(current)
            && (last == 0x05BE || last == 0x2D || last == 0x2010 || last == 0x2012 || last == 0x2013)
    }

    /// Hebrew letters (Line_Break HL) in the Hebrew block and the presentation forms.
    private static func isHebrewLetter(_ unit: UInt16) -> Bool {
        (0x05D0...0x05EA).contains(unit) || (0x05EF...0x05F2).contains(unit) || (0xFB1D...0xFB4F).contains(unit)
    }

    @inline(__always)  // with the other five of the break scan: -0.6% of `galley measure` (ARCHITECTURE.md)
    private static func isASCIIAlphanumeric(_ unit: UInt16) -> Bool {
        (0x30...0x39).contains(unit) || (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    /// Chromium's table for two printable ASCII characters (`kAsciiLineBreakTable`, read as the rules it encodes).
    private static func asciiBreak(after last: UInt16, before current: UInt16) -> Bool {
        switch last {
        case 0x2D, 0x3F:  // '-' and '?': before letters, digits and most symbols
            return breaksAfterHyphenOrQuestionMark.contains(current)
                || (last == 0x2D && (current == 0x22 || current == 0x27))
                || (last == 0x3F && current == 0x24)
        case 0x21, 0x22, 0x23, 0x25, 0x26, 0x29, 0x2A, 0x2B, 0x2C, 0x2E, 0x3A, 0x3B, 0x3D, 0x3E, 0x5C, 0x5D, 0x7C,
            0x7D, 0x7E:
            return current == 0x28 || current == 0x3C || current == 0x5B || current == 0x7B  // ( < [ {
        default:
            return false
        }
    }

    /// What may follow `-` or `?` on the next line: `# % & ( * + -`, digits, `< = > @`, letters, `[ \ ^ _ ``
    /// and `{ | ~`.
    private static let breaksAfterHyphenOrQuestionMark: Set<UInt16> = {
        var units = Set("#%&(*+-<=>@[\\^_`{|~".utf16)
        units.formUnion(0x30...0x39)
        units.formUnion(0x41...0x5A)
        units.formUnion(0x61...0x7A)
        return units
    }()

    /// UAX #14 classes between which `word-break: break-all` allows a break: letters, digits, ideographs and
    /// the like on both sides (closing punctuation and infix separators before such a character too).
    static func breakAllAllows(after last: Unicode.Scalar, before current: Unicode.Scalar) -> Bool {
        let before = lineBreakClass(of: last), after = lineBreakClass(of: current)
        let letters: Set<Int32> = [
            CICU_LB_AMBIGUOUS, CICU_LB_ALPHABETIC, CICU_LB_BREAK_AFTER, CICU_LB_IDEOGRAPHIC, CICU_LB_NUMERIC,
            CICU_LB_COMPLEX_CONTEXT, CICU_LB_HEBREW_LETTER,
        ]
        let leading: Set<Int32> = [1, 2, 4, 19, 24, 27, 38, 8, 36, 16]  // …, SY, CL, CP, IS
        return leading.contains(before) && letters.contains(after)
    }

    /// Whether `word-break: keep-all` forbids a break between `last` (or the letter a mark of it sits on, `base`)
    /// and `current`: both letters or digits of a script that is not broken by a dictionary (Thai and the like).
    static func keepAllForbids(base: Unicode.Scalar, current: Unicode.Scalar) -> Bool {
        isWordCharacter(base) && isWordCharacter(current)
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber,
            .letterNumber, .otherNumber:
            return lineBreakClass(of: scalar) != CICU_LB_COMPLEX_CONTEXT
        default:
            return false
        }
    }

    /// ICU's UAX #14 line-break class (`ULineBreak`) of a scalar.
    static func lineBreakClass(of scalar: Unicode.Scalar) -> Int32 {
        CICU_u_getIntPropertyValue(Int32(scalar.value), CICU_PROPERTY_LINE_BREAK)
    }
}

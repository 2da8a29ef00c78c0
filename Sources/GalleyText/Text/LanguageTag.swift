import Foundation

/// Checks BCP 47 language tags (`en-US`, `zh-Hans`, `sr-Latn-RS`) before they reach ICU, HarfBuzz and libhyphen,
/// which would take a misspelt tag silently as some other language.
public enum LanguageTag {
    /// Whether `tag` is well formed (a primary subtag of 2–3 letters, then subtags of 1–8 letters or digits,
    /// separated by `-` or `_`) and its primary language is one ISO 639 knows.
    public static func isValid(_ tag: String) -> Bool {
        let subtags = Self.subtags(of: tag)
        guard let primary = subtags.first, (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return false }
        return knownLanguages.contains(primary.lowercased())
    }

    /// The parts of `tag` that text layout uses, in canonical case: the primary language, a script (`Hant`) and a
    /// region (`TW`, `419`), without variants, extensions or private use (`en-x-1` is `en`); nil when the primary
    /// subtag is not 2–3 letters. Every cache keyed by a language keys by this, so inputs that differ only in
    /// the parts layout ignores share one entry, and the entries stay as few as the languages, scripts and
    /// regions there are.
    public static func canonical(_ tag: String) -> String? {
        isCanonical(tag) ? tag : canonicalBySubtags(tag)
    }

    /// Whether `tag`'s primary language subtag is `primary` (written as canonical tags write it, in lower case):
    /// `ja`, `ja-JP` and `ja_JP` are Japanese, `jam` is not. Read from the bytes: a paragraph's breaking and
    /// punctuation ask it.
    public static func hasPrimaryLanguage(_ tag: String, _ primary: String) -> Bool {
        let bytes = tag.utf8, count = primary.utf8.count
        guard bytes.starts(with: primary.utf8) else { return false }
        guard let next = bytes.dropFirst(count).first else { return true }
        return next == UInt8(ascii: "-") || next == UInt8(ascii: "_")
    }

    /// ``canonical(_:)`` made from `tag`'s subtags.
    static func canonicalBySubtags(_ tag: String) -> String? {
        var subtags = Self.subtags(of: tag)[...]
        guard let primary = subtags.popFirst(), (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return nil }
        var result = primary.lowercased()
        if let script = subtags.first, script.count == 4, script.allSatisfy({ $0.isASCII && $0.isLetter }) {
            result += "-" + script.prefix(1).uppercased() + script.dropFirst().lowercased()
            subtags.removeFirst()
        }
        if let region = subtags.first,
            (region.count == 2 && region.allSatisfy({ $0.isASCII && $0.isLetter }))
                || (region.count == 3 && region.allSatisfy({ $0.isASCII && $0.isNumber }))
        {
            result += "-" + region.uppercased()
        }
        return result
    }

    /// Whether `tag` is already what ``canonical(_:)`` makes of it (`zh`, `zh-Hans`, `zh-Hans-CN`, `es-419`), as
    /// nearly every tag layout meets is (the itemizer asks for every run): read from its bytes, splitting nothing.
    static func isCanonical(_ tag: String) -> Bool {
        // Per subtag: its length, and whether it is lower-case letters, upper-case letters, digits, or a capital
        // followed by lower-case letters.
        var position = 0
        var length = 0
        var lower = true, upper = true, digits = true, titled = true
        var expectsRegionOnly = false
        func subtagFits() -> Bool {
            defer { position += 1 }
            let isRegion = (length == 2 && upper) || (length == 3 && digits)
            switch position {
            case 0: return (2...3).contains(length) && lower
            case 1:
                if length == 4 && titled { return true }
                expectsRegionOnly = true
                return isRegion
            case 2: return !expectsRegionOnly && isRegion
            default: return false
            }
        }
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") {
                guard subtagFits() else { return false }
                length = 0
                lower = true; upper = true; digits = true; titled = true
                continue
            }
            let isLower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            let isUpper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            lower = lower && isLower
            upper = upper && isUpper
            digits = digits && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            titled = titled && (length == 0 ? isUpper : isLower)
            length += 1
        }
        return subtagFits()
    }

    /// The subtags of `tag`, separated by `-` or `_`, empty ones kept.
    private static func subtags(of tag: String) -> [Substring] {
        tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
    }

    private static let knownLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
}

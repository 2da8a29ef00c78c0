import Foundation

/// Checks BCP 47 language tags (`en-US`, `zh-Hans`, `sr-Latn-RS`) before they reach ICU, HarfBuzz and libhyphen,
/// which would take a misspelt tag silently as some other language.
public enum LanguageTag {
    /// Whether `tag` is well formed (a primary subtag of 2–3 letters, then subtags of 1–8 letters or digits,
    /// separated by `-` or `_`) and its primary language is one ISO 639 knows.
    public static func isValid(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let primary = subtags.first, (2...3).contains(primary.count),
            primary.allSatisfy({ $0.isASCII && $0.isLetter }),
            subtags.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return false }
        return knownLanguages.contains(primary.lowercased())
    }

    private static let knownLanguages = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier))
}

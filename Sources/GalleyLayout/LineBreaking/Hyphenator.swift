import CHyphen
import Foundation
@_spi(Stages) import GalleyText

/// Where words may be hyphenated: libhyphen (the hyphenation library of LibreOffice and Hunspell) with the
/// pattern dictionaries installed in `/usr/share/hyphen` (Debian's `hyphen-*` packages).
///
/// A language with no dictionary is simply not hyphenated. Dictionaries are loaded on first use and kept for the
/// process's life; every method is safe to call from several threads (each dictionary is used under a lock).
public enum Hyphenator {
    /// The directories searched for `hyph_<language>.dic`, in order.
    public static let dictionaryDirectories = ["/usr/share/hyphen"]
    /// The shortest word hyphenated, in characters (CSS `hyphenate-limit-chars: auto` as Chromium sets it).
    public static let minimumWordLength = 5
    /// The fewest characters kept before and after a hyphen (the dictionary may ask for more).
    public static let minimumPrefix = 2, minimumSuffix = 2

    /// Dictionaries found per language tag, and loaded per file (`de`, `de-DE` and `de-AT` share one).
    private struct Loaded {
        var byLanguage: [String: HyphenationDictionary?] = [:]
        var byFile: [String: HyphenationDictionary] = [:]
    }

    private static let dictionaries = Locked(Loaded())
    /// Held while a dictionary loads (German's takes seconds in libhyphen), so threads asking for the same one
    /// wait for it instead of each loading a copy; lookups of loaded ones take only `dictionaries`.
    private static let loading = Locked(())

    /// Scripts whose words are never hyphenated: CJK (a line may break between any two characters) and the
    /// right-to-left joining scripts (Arabic, Hebrew, Syriac, Thaana), which do not hyphenate.
    static let unhyphenatedScripts: Set<String> = [
        "Hani", "Hira", "Kana", "Hang", "Bopo", "Arab", "Hebr", "Syrc", "Thaa",
    ]

    /// The hyphenation points of `word` (UTF-16) in `language` (BCP 47, such as `en-US`): offsets inside the word
    /// after which a hyphen may end a line, in increasing order. Empty when the word is too short, holds
    /// anything but letters and marks, or the language has no dictionary.
    public static func hyphenationPoints(in word: ArraySlice<UInt16>, language: String) -> [Int] {
        let scalars = String(decoding: word, as: UTF16.self).unicodeScalars
        guard scalars.count >= minimumWordLength, let dictionary = dictionary(for: language) else { return [] }
        // Patterns are lower case; a scalar whose lower case is several scalars would shift the offsets.
        var lowered = ""
        var utf16Ends: [Int] = []  // per UTF-8 byte of `lowered`: the UTF-16 offset after its scalar
        var offset = 0
        for scalar in scalars {
            let properties = scalar.properties
            guard properties.isAlphabetic || properties.generalCategory == .nonspacingMark,
                scalar.isASCII || !Self.unhyphenatedScripts.contains(Script(of: scalar).iso15924)
            else { return [] }
            let lower = properties.lowercaseMapping.unicodeScalars
            guard lower.count == 1, let single = lower.first else { return [] }
            offset += scalar.utf16.count
            let before = lowered.utf8.count
            lowered.unicodeScalars.append(single)
            utf16Ends += repeatElement(offset, count: lowered.utf8.count - before)
        }
        let hyphens = dictionary.hyphenate(lowered)
        var points: [Int] = []
        for (byte, mark) in hyphens.enumerated() where mark & 1 == 1 && byte + 1 < utf16Ends.count {
            // Only at the last byte of a scalar: the hyphen goes after that scalar.
            guard utf16Ends[byte] != utf16Ends[byte + 1] else { continue }
            points.append(utf16Ends[byte])
        }
        return points
    }

    /// Whether a dictionary for `language` is installed.
    public static func hasDictionary(for language: String) -> Bool { dictionary(for: language) != nil }

    /// The language hyphenation uses when the text names none and none can be inferred from it: English, whatever
    /// the process's locale, so that the same input gives the same lines on every machine (pass
    /// ``localeLanguage`` as the text's language to follow the locale).
    public static let defaultLanguage = "en"

    /// The process's locale as a BCP 47 language (`LC_ALL`, `LC_MESSAGES`, `LANG`, such as `de-DE`); nil when it
    /// names none (`C`, `POSIX` or unset). Galley never reads it unless asked (`galley --lang auto`).
    public static let localeLanguage: String? = {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = ProcessEnvironment.value(of: name), !value.isEmpty else { continue }
            let language = value.prefix { $0 != "." && $0 != "@" }
            if language != "C", language != "POSIX" { return String(language).replacingOccurrences(of: "_", with: "-") }
        }
        return nil
    }()

    private static func dictionary(for tag: String) -> HyphenationDictionary? {
        // Keyed by the canonical tag: `en-x-1` … `en-x-20000` are one entry, not twenty thousand.
        guard let language = LanguageTag.canonical(tag) else { return nil }
        if let known = dictionaries.withLock({ $0.byLanguage[language] }) { return known }
        return loading.withLock { _ in
            if let known = dictionaries.withLock({ $0.byLanguage[language] }) { return known }
            let file = candidateNames(for: language).lazy.compactMap { name in
                dictionaryDirectories.lazy.map { "\($0)/hyph_\(name).dic" }
                    .first { FileManager.default.isReadableFile(atPath: $0) }
            }.first.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
            let dictionary =
                file.flatMap { file in dictionaries.withLock { $0.byFile[file] } ?? HyphenationDictionary(path: file) }
            dictionaries.withLock { loaded in
                // Tags come from input; past a few thousand distinct ones the table starts over (files stay loaded).
                if loaded.byLanguage.count >= 4096 { loaded.byLanguage.removeAll() }
                loaded.byLanguage[language] = dictionary
                if let file, let dictionary { loaded.byFile[file] = dictionary }
            }
            return dictionary
        }
    }

    /// `en-US` → `en_US`, `en`: the full tag first, then the language alone.
    private static func candidateNames(for language: String) -> [String] {
        let parts = language.split { $0 == "-" || $0 == "_" }.map(String.init)
        guard let first = parts.first?.lowercased(), first.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            return []
        }
        guard parts.count > 1 else { return [first] }
        return [
            ([first] + parts.dropFirst().map { $0.count == 2 ? $0.uppercased() : $0 }).joined(separator: "_"), first,
        ]
    }
}

/// One loaded libhyphen dictionary, freed with the object.
final class HyphenationDictionary: @unchecked Sendable {
    private let dictionary: Locked<UnsafeMutablePointer<HyphenDict>>

    init?(path: String) {
        // The caller found `path` readable; libhyphen answers NULL for anything it cannot load.
        guard let loaded = hnj_hyphen_load(path) else { return nil }
        dictionary = Locked(loaded)
    }

    deinit { dictionary.withLock { hnj_hyphen_free($0) } }

    /// libhyphen's marks for a lower-case UTF-8 word: an odd value at byte `i` allows a hyphen after it.
    func hyphenate(_ word: String) -> [UInt8] {
        // libhyphen searches the word with strstr for its NOHYPHEN strings, so it must end in a NUL byte.
        var bytes = Array(word.utf8)
        let length = bytes.count
        bytes.append(0)
        var hyphens = [CChar](repeating: 0, count: length + 5)
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        let status = dictionary.withLock { dictionary in
            bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in
                    hnj_hyphen_hyphenate3(
                        dictionary, text.baseAddress, Int32(length), &hyphens, nil, &replacements, &positions,
                        &cuts, Int32(Hyphenator.minimumPrefix), Int32(Hyphenator.minimumSuffix), 0, 0)
                }
            }
        }
        // Non-standard hyphenation (German "Schiffahrt" → "Schiff-fahrt") changes letters; Galley keeps the word's
        // letters, so such points are dropped.
        if let replacements {
            for index in 0..<length where replacements[index] != nil {
                hyphens[index] = 0
                free(replacements[index])
            }
            free(replacements)
        }
        free(positions)
        free(cuts)
        guard status == 0 else { return [] }
        return hyphens.prefix(length).map { UInt8(bitPattern: $0) }
    }
}

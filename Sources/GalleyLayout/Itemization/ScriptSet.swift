@_spi(Stages) import GalleyText

/// Scripts held as a bit per ICU script code (ICU numbers about 200), so that asking whether a text item's script
/// is one of them, which shaping does for every item, is a bit test instead of a hash.
struct ScriptSet: Sendable {
    /// Bit `c & 63` of word `c >> 6` is set for script code `c`.
    private var words: [UInt64] = [0, 0, 0, 0]

    /// The scripts named by their ISO 15924 codes (`Latn`, `Hani`…).
    init(iso15924 names: Set<String>) {
        var found = 0
        for code in 0..<256 where names.contains(Script(code: Int32(code)).iso15924) {
            words[code >> 6] |= 1 << UInt64(code & 63)
            found += 1
        }
        precondition(found == names.count, "a script code in \(names.sorted()) is not ICU's")
    }

    /// Whether `script` is in the set.
    func contains(_ script: Script) -> Bool {
        let code = Int(script.code)
        return code >= 0 && code < 256 && words[code >> 6] & (1 << UInt64(code & 63)) != 0
    }
}

/// Scripts held as a bit per ICU script code (ICU numbers about 200), so that asking whether a text item's script
/// is one of them, which shaping does for every item, is a bit test instead of a hash.
struct ScriptSet: Sendable {
    /// Bit `c & 63` of word `c >> 6` is set for script code `c`.
    private var words: [UInt64] = [0, 0, 0, 0]

    /// The scripts of `scalars` (`Script(of:)` of each).
    init(scriptsOf scalars: [Unicode.Scalar]) {
        for scalar in scalars {
            let code = Int(Script(of: scalar).code)
            precondition((0..<256).contains(code), "ICU script code \(code) outside a ScriptSet")
            words[code >> 6] |= 1 << UInt64(code & 63)
        }
    }

    /// Whether `script` is in the set.
    func contains(_ script: Script) -> Bool {
        let code = Int(script.code)
        return code >= 0 && code < 256 && words[code >> 6] & (1 << UInt64(code & 63)) != 0
    }
}

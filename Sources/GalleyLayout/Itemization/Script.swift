import CICU
@_spi(Stages) import GalleyText

/// A Unicode script (UAX #24), such as Latin, Han or Arabic, named by its ISO 15924 code.
public struct Script: Hashable, Sendable, CustomStringConvertible {
    /// ICU's `UScriptCode` value.
    let code: Int32

    /// The four-letter ISO 15924 code, such as `Latn`, `Hani`, `Arab`.
    public var iso15924: String {
        CICU_uscript_getShortName(code).map { String(cString: $0) } ?? "Zzzz"
    }

    public var description: String { iso15924 }

    /// Characters used with many scripts: spaces, digits, most punctuation (`Zyyy`).
    public static let common = Script(code: CICU_SCRIPT_COMMON)
    /// Combining marks that take the script of their base (`Zinh`).
    public static let inherited = Script(code: CICU_SCRIPT_INHERITED)
    /// Latin (`Latn`).
    public static let latin = Script(code: CICU_SCRIPT_LATIN)
    /// Han ideographs (`Hani`).
    public static let han = Script(code: CICU_SCRIPT_HAN)
    /// Arabic (`Arab`).
    public static let arabic = Script(code: CICU_SCRIPT_ARABIC)
    /// Hebrew (`Hebr`).
    public static let hebrew = Script(code: CICU_SCRIPT_HEBREW)

    /// The script of `scalar`, from ICU's Script property.
    init(of scalar: Unicode.Scalar) {
        // ASCII letters are Latin and the rest of ASCII is Common; the commonest case skips the call into ICU.
        if scalar.isASCII {
            let letter = (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
            code = letter ? CICU_SCRIPT_LATIN : CICU_SCRIPT_COMMON
            return
        }
        var status: Int32 = 0
        let script = CICU_uscript_getScript(Int32(bitPattern: scalar.value), &status)
        code = status > 0 ? CICU_SCRIPT_COMMON : script
    }

    init(code: Int32) { self.code = code }

    /// Whether the script is Common, Inherited or Unknown: one that takes its neighbours' script in a run.
    var isWeak: Bool {
        code == CICU_SCRIPT_COMMON || code == CICU_SCRIPT_INHERITED || code == CICU_SCRIPT_UNKNOWN
    }
}

extension Script {
    /// The scripts whose letters join their neighbours (Unicode's Joining_Type is used by them): Arabic, Syriac,
    /// N'Ko, Mongolian, Mandaic, Manichaean, Psalter Pahlavi, Adlam, Hanifi Rohingya, Sogdian, Phags-pa.
    private static let joiningScripts = ScriptSet(iso15924: [
        "Arab", "Syrc", "Nkoo", "Mong", "Mand", "Mani", "Phlp", "Adlm", "Rohg", "Sogd", "Phag",
    ])

    /// Whether the script's letters take joining forms from their neighbours.
    var isJoining: Bool { Self.joiningScripts.contains(self) }
}

extension Script {
    /// Scripts HarfBuzz shapes without reading the text around the buffer: Latin, Greek, Cyrillic, Armenian,
    /// Georgian, Han, kana, Hangul, Bopomofo and Common go through its default or Hangul shaper, which see only
    /// the buffer's own glyphs; context feeds joining (Arabic and its kin) and the dotted circle before a mark at
    /// the start of a text, which Galley never asks for.
    private static let contextFreeScripts = ScriptSet(iso15924: [
        "Latn", "Grek", "Cyrl", "Armn", "Geor", "Hani", "Hira", "Kana", "Hang", "Bopo", "Zyyy",
    ])

    /// Whether a piece of text in this script shapes the same whatever text stands beside it outside the buffer.
    var shapesWithoutContext: Bool { Self.contextFreeScripts.contains(self) }
}

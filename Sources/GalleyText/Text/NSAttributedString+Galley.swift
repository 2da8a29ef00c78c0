import Foundation

#if !canImport(Darwin)
    // Linux's Foundation declares `NSAttributedString.Key` but none of TextKit's keys (they live in UIKit and
    // AppKit); Galley declares them under TextKit's names and raw values, so code written for TextKit reads the same.
    extension NSAttributedString.Key {
        /// The font: a ``FontSpecifier`` (TextKit: `UIFont`). Raw value `NSFont`.
        public static let font = NSAttributedString.Key("NSFont")
        /// The glyphs' colour: a ``Color``. Raw value `NSColor`.
        public static let foregroundColor = NSAttributedString.Key("NSColor")
        /// A fill behind the characters: a ``Color``. Raw value `NSBackgroundColor`.
        public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
        /// Points added after each character cluster: a number. Raw value `NSKern`.
        public static let kern = NSAttributedString.Key("NSKern")
        /// Points added between clusters: a number. Raw value `NSTracking`.
        public static let tracking = NSAttributedString.Key("NSTracking")
        /// Which ligatures form: 0 (none), 1 (standard) or 2 (all), as TextKit's. Raw value `NSLigature`.
        public static let ligature = NSAttributedString.Key("NSLigature")
        /// A BCP 47 language tag: a `String` (Core Text's `kCTLanguageAttributeName`). Raw value `NSLanguage`.
        public static let languageIdentifier = NSAttributedString.Key("NSLanguage")
        /// Points to raise the glyphs: a number. Raw value `NSBaselineOffset`.
        public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
        /// An underline: `NSUnderlineStyle`'s raw bits as a number (TextKit's way), or a ``TextDecoration``. Raw
        /// value `NSUnderline`.
        public static let underlineStyle = NSAttributedString.Key("NSUnderline")
        /// The underline's colour: a ``Color``. Raw value `NSUnderlineColor`.
        public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
        /// A strikethrough: `NSUnderlineStyle`'s raw bits as a number, or a ``TextDecoration``. Raw value
        /// `NSStrikethrough`.
        public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
        /// The strikethrough's colour: a ``Color``. Raw value `NSStrikethroughColor`.
        public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
        /// A shadow: a ``Shadow`` (TextKit: `NSShadow`). Raw value `NSShadow`.
        public static let shadow = NSAttributedString.Key("NSShadow")
        /// An effect: a ``TextEffect``, or TextKit's letterpress style name. Raw value `NSTextEffect`.
        public static let textEffect = NSAttributedString.Key("NSTextEffect")
        /// A link: a `URL` or a `String`. Raw value `NSLink`.
        public static let link = NSAttributedString.Key("NSLink")
        /// The paragraph's layout: a ``ParagraphStyle``. Raw value `NSParagraphStyle`.
        public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
        /// The outline's width in percent of the font size: a number. Raw value `NSStrokeWidth`.
        public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
        /// The outline's colour: a ``Color``. Raw value `NSStrokeColor`.
        public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
        /// The glyphs' slant: a number. Raw value `NSObliqueness`.
        public static let obliqueness = NSAttributedString.Key("NSObliqueness")
        /// The log of the glyphs' horizontal scale: a number. Raw value `NSExpansion`.
        public static let expansion = NSAttributedString.Key("NSExpansion")
        /// Superscript (positive) or subscript (negative) levels: a number. Raw value `NSSuperScript`.
        public static let superscript = NSAttributedString.Key("NSSuperScript")
        /// An inline object: a ``TextAttachment`` (TextKit: `NSTextAttachment`). Raw value `NSAttachment`.
        public static let attachment = NSAttributedString.Key("NSAttachment")
    }
#endif

extension NSAttributedString.Key {
    /// OpenType features on top of the defaults: an array of ``FontFeature`` (Galley's; TextKit puts them in the
    /// font descriptor).
    public static let galleyFontFeatures = NSAttributedString.Key("galley.fontFeatures")
    /// Ems of space inside a stretch's ends: a number (Galley's ``TextAttributes/inlinePadding``).
    public static let galleyInlinePadding = NSAttributedString.Key("galley.inlinePadding")
    /// Emphasis marks: a ``TextEmphasis``, or a CSS `text-emphasis-style` string (Galley's
    /// ``TextAttributes/textEmphasis``; TextKit has no such key).
    public static let galleyTextEmphasis = NSAttributedString.Key("galley.textEmphasis")
    /// Ruby over the characters: a ``RubyAnnotation``, or a string (one annotation over them all), under Core Text's
    /// name for its ruby key (`kCTRubyAnnotationAttributeName`), as ``TextAttributes/ruby``.
    public static let rubyAnnotation = NSAttributedString.Key("CTRubyAnnotation")
}

/// Why an `NSAttributedString` could not become a ``TextStorage``: a value of a type its key does not take.
public struct AttributeValueError: GalleyError, Equatable {
    /// The key whose value could not be read.
    public let key: String
    /// The UTF-16 offset of the run holding the value.
    public let offset: Int
    /// The value's type, as Swift names it.
    public let valueType: String
    /// What the key takes.
    public let expected: String

    public var description: String {
        "attribute \(key) at offset \(offset) holds a \(valueType); it takes \(expected)"
    }
}

extension TextEffect {
    /// UIKit's name for `NSAttributedString.TextEffectStyle.letterpressStyle`, read as ``letterpress``.
    static let textKitLetterpressName = "_UIKitNewLetterpressStyle"
}

extension TextDecoration {
    /// The decoration `NSUnderlineStyle`'s raw bits describe: style (single 0x1, thick 0x2, double 0x9), pattern
    /// (dot 0x100, dash 0x200, dash-dot 0x300, dash-dot-dot 0x400) and by-word (0x8000).
    init(underlineStyle bits: Int) {
        let style: Style = bits & 0xF == 0x9 ? .double : bits & 0xF == 0x2 ? .thick : .single
        let patterns: [Int: Pattern] = [0x100: .dot, 0x200: .dash, 0x300: .dashDot, 0x400: .dashDotDot]
        self.init(style, pattern: patterns[bits & 0xF00] ?? .solid, byWord: bits & 0x8000 != 0)
    }

    /// `NSUnderlineStyle`'s raw bits for this decoration's style, pattern and by-word (its colour and ink
    /// skipping have keys or no counterpart of their own).
    var underlineStyle: Int {
        let style = [Style.single: 0x1, .thick: 0x2, .double: 0x9][self.style]!
        let pattern = [Pattern.solid: 0, .dot: 0x100, .dash: 0x200, .dashDot: 0x300, .dashDotDot: 0x400][pattern]!
        return style | pattern | (byWord ? 0x8000 : 0)
    }
}

extension TextStorage {
    /// A storage holding the characters of `attributed`, its attributes read from TextKit's keys (values as the
    /// keys' documentation in `NSAttributedString.Key` says: Galley's types where TextKit has its own classes,
    /// numbers and `NSUnderlineStyle` bits where TextKit takes numbers) and laid over `defaults`. Keys Galley does
    /// not know are ignored, as TextKit ignores them.
    ///
    /// - Throws: ``AttributeValueError`` naming the key, the run's offset and what the key takes, for a value of
    ///   another type.
    public convenience init(_ attributed: NSAttributedString, defaults: TextAttributes = TextAttributes()) throws {
        self.init("", attributes: defaults)
        var failure: AttributeValueError?
        attributed.enumerateAttributes(in: NSRange(location: 0, length: attributed.length)) { dictionary, range, stop in
            var attributes = defaults
            for field in TextAttributes.fields {
                if let expected = field.readDictionary(dictionary, &attributes) {
                    failure = AttributeValueError(
                        key: field.nsKey.rawValue, offset: range.location,
                        valueType: "\(type(of: dictionary[field.nsKey]!))", expected: expected)
                    stop.pointee = true
                    return
                }
            }
            append(attributed.attributedSubstring(from: range).string, attributes: attributes)
        }
        if let failure { throw failure }
    }
}

extension NSAttributedString {
    /// The characters and attributes of `storage` under TextKit's keys: the way back from
    /// ``TextStorage/init(_:defaults:)-(NSAttributedString,_)``. Attributes a run does not set are left out.
    public convenience init(_ storage: TextStorage) {
        let result = NSMutableAttributedString(string: "")
        let utf16 = storage.utf16
        for run in storage.attributeRuns {
            var dictionary: [NSAttributedString.Key: Any] = [:]
            for field in TextAttributes.fields { field.writeDictionary(run.attributes, &dictionary) }
            let text = String(decoding: utf16[run.utf16Range], as: UTF16.self)
            result.append(NSAttributedString(string: text, attributes: dictionary))
        }
        self.init(attributedString: result)
    }
}

import Foundation

extension AttributeScopes {
    /// Galley's attributes for Foundation's `AttributedString`: `string.font = .textStyle(.headline)`,
    /// `string.foregroundColor = .black`, and so on. ``TextStorage/init(_:defaults:)-(AttributedString,_)`` reads
    /// them, together with Foundation's own `link`.
    public struct GalleyAttributes: AttributeScope {
        /// ``TextAttributes/font``, under the key ``GalleyAttributeKeys/Font``.
        public let font: GalleyAttributeKeys.Font
        /// ``TextAttributes/foregroundColor``, under the key ``GalleyAttributeKeys/ForegroundColor``.
        public let foregroundColor: GalleyAttributeKeys.ForegroundColor
        /// ``TextAttributes/backgroundColor``, under the key ``GalleyAttributeKeys/BackgroundColor``.
        public let backgroundColor: GalleyAttributeKeys.BackgroundColor
        /// ``TextAttributes/kern``, under the key ``GalleyAttributeKeys/Kern``.
        public let kern: GalleyAttributeKeys.Kern
        /// ``TextAttributes/tracking``, under the key ``GalleyAttributeKeys/Tracking``.
        public let tracking: GalleyAttributeKeys.Tracking
        /// ``TextAttributes/ligatures``, under the key ``GalleyAttributeKeys/LigatureSetting``.
        public let ligatures: GalleyAttributeKeys.LigatureSetting
        /// ``TextAttributes/fontFeatures``, under the key ``GalleyAttributeKeys/Features``.
        public let fontFeatures: GalleyAttributeKeys.Features
        /// ``TextAttributes/language``, under the key ``GalleyAttributeKeys/Language``.
        public let language: GalleyAttributeKeys.Language
        /// ``TextAttributes/baselineOffset``, under the key ``GalleyAttributeKeys/BaselineOffset``.
        public let baselineOffset: GalleyAttributeKeys.BaselineOffset
        /// ``TextAttributes/underline``, under the key ``GalleyAttributeKeys/Underline``.
        public let underline: GalleyAttributeKeys.Underline
        /// ``TextAttributes/strikethrough``, under the key ``GalleyAttributeKeys/Strikethrough``.
        public let strikethrough: GalleyAttributeKeys.Strikethrough
        /// ``TextAttributes/shadow``, under the key ``GalleyAttributeKeys/TextShadow``.
        public let shadow: GalleyAttributeKeys.TextShadow
        /// ``TextAttributes/textEffect``, under the key ``GalleyAttributeKeys/Effect``.
        public let textEffect: GalleyAttributeKeys.Effect
        /// ``TextAttributes/paragraphStyle``, under the key ``GalleyAttributeKeys/Paragraph``.
        public let paragraphStyle: GalleyAttributeKeys.Paragraph
        /// ``TextAttributes/strokeWidth``, under the key ``GalleyAttributeKeys/StrokeWidth``.
        public let strokeWidth: GalleyAttributeKeys.StrokeWidth
        /// ``TextAttributes/strokeColor``, under the key ``GalleyAttributeKeys/StrokeColor``.
        public let strokeColor: GalleyAttributeKeys.StrokeColor
        /// ``TextAttributes/obliqueness``, under the key ``GalleyAttributeKeys/Obliqueness``.
        public let obliqueness: GalleyAttributeKeys.Obliqueness
        /// ``TextAttributes/expansion``, under the key ``GalleyAttributeKeys/Expansion``.
        public let expansion: GalleyAttributeKeys.Expansion
        /// ``TextAttributes/superscript``, under the key ``GalleyAttributeKeys/Superscript``.
        public let superscript: GalleyAttributeKeys.Superscript
        /// ``TextAttributes/inlinePadding``, under the key ``GalleyAttributeKeys/InlinePadding``.
        public let inlinePadding: GalleyAttributeKeys.InlinePadding
        /// ``TextAttributes/textEmphasis``, under the key ``GalleyAttributeKeys/Emphasis``.
        public let textEmphasis: GalleyAttributeKeys.Emphasis
        /// ``TextAttributes/ruby``, under the key ``GalleyAttributeKeys/Ruby``.
        public let ruby: GalleyAttributeKeys.Ruby
        /// ``TextAttributes/attachment``, under the key ``GalleyAttributeKeys/Attachment``.
        public let attachment: GalleyAttributeKeys.Attachment
        /// Foundation's attributes (`link` among them).
        public let foundation: AttributeScopes.FoundationAttributes
    }

    /// Galley's attribute scope.
    public var galley: GalleyAttributes.Type { GalleyAttributes.self }
}

extension AttributeDynamicLookup {
    /// Galley's attributes as properties of an attributed string's runs: `string.galley.font`, `string.font`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.GalleyAttributes, T>
    ) -> T {
        self[T.self]
    }
}

/// The `AttributedStringKey` types of `AttributeScopes.GalleyAttributes`, one per ``TextAttributes`` property.
public enum GalleyAttributeKeys {
    /// The key of ``TextAttributes/font``.
    public enum Font: AttributedStringKey {
        /// The type ``TextAttributes/font`` holds.
        public typealias Value = FontSpecifier
        /// The key's name in archived attributed strings.
        public static let name = "galley.font"
    }
    /// The key of ``TextAttributes/foregroundColor``.
    public enum ForegroundColor: AttributedStringKey {
        /// The type ``TextAttributes/foregroundColor`` holds.
        public typealias Value = Color
        /// The key's name in archived attributed strings.
        public static let name = "galley.foregroundColor"
    }
    /// The key of ``TextAttributes/backgroundColor``.
    public enum BackgroundColor: AttributedStringKey {
        /// The type ``TextAttributes/backgroundColor`` holds.
        public typealias Value = Color
        /// The key's name in archived attributed strings.
        public static let name = "galley.backgroundColor"
    }
    /// The key of ``TextAttributes/kern``.
    public enum Kern: AttributedStringKey {
        /// The type ``TextAttributes/kern`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.kern"
    }
    /// The key of ``TextAttributes/tracking``.
    public enum Tracking: AttributedStringKey {
        /// The type ``TextAttributes/tracking`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.tracking"
    }
    /// The key of ``TextAttributes/ligatures``.
    public enum LigatureSetting: AttributedStringKey {
        /// The type ``TextAttributes/ligatures`` holds.
        public typealias Value = Ligatures
        /// The key's name in archived attributed strings.
        public static let name = "galley.ligatures"
    }
    /// The key of ``TextAttributes/fontFeatures``.
    public enum Features: AttributedStringKey {
        /// The type ``TextAttributes/fontFeatures`` holds.
        public typealias Value = [FontFeature]
        /// The key's name in archived attributed strings.
        public static let name = "galley.fontFeatures"
    }
    /// The key of ``TextAttributes/language``.
    public enum Language: AttributedStringKey {
        /// The type ``TextAttributes/language`` holds.
        public typealias Value = String
        /// The key's name in archived attributed strings.
        public static let name = "galley.language"
    }
    /// The key of ``TextAttributes/baselineOffset``.
    public enum BaselineOffset: AttributedStringKey {
        /// The type ``TextAttributes/baselineOffset`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.baselineOffset"
    }
    /// The key of ``TextAttributes/underline``.
    public enum Underline: AttributedStringKey {
        /// The type ``TextAttributes/underline`` holds.
        public typealias Value = TextDecoration
        /// The key's name in archived attributed strings.
        public static let name = "galley.underline"
    }
    /// The key of ``TextAttributes/strikethrough``.
    public enum Strikethrough: AttributedStringKey {
        /// The type ``TextAttributes/strikethrough`` holds.
        public typealias Value = TextDecoration
        /// The key's name in archived attributed strings.
        public static let name = "galley.strikethrough"
    }
    /// The key of ``TextAttributes/shadow``.
    public enum TextShadow: AttributedStringKey {
        /// The type ``TextAttributes/shadow`` holds.
        public typealias Value = GalleyText.Shadow
        /// The key's name in archived attributed strings.
        public static let name = "galley.shadow"
    }
    /// The key of ``TextAttributes/textEffect``.
    public enum Effect: AttributedStringKey {
        /// The type ``TextAttributes/textEffect`` holds.
        public typealias Value = TextEffect
        /// The key's name in archived attributed strings.
        public static let name = "galley.textEffect"
    }
    /// The key of ``TextAttributes/paragraphStyle``.
    public enum Paragraph: AttributedStringKey {
        /// The type ``TextAttributes/paragraphStyle`` holds.
        public typealias Value = ParagraphStyle
        /// The key's name in archived attributed strings.
        public static let name = "galley.paragraphStyle"
    }
    /// The key of ``TextAttributes/strokeWidth``.
    public enum StrokeWidth: AttributedStringKey {
        /// The type ``TextAttributes/strokeWidth`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.strokeWidth"
    }
    /// The key of ``TextAttributes/strokeColor``.
    public enum StrokeColor: AttributedStringKey {
        /// The type ``TextAttributes/strokeColor`` holds.
        public typealias Value = Color
        /// The key's name in archived attributed strings.
        public static let name = "galley.strokeColor"
    }
    /// The key of ``TextAttributes/obliqueness``.
    public enum Obliqueness: AttributedStringKey {
        /// The type ``TextAttributes/obliqueness`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.obliqueness"
    }
    /// The key of ``TextAttributes/expansion``.
    public enum Expansion: AttributedStringKey {
        /// The type ``TextAttributes/expansion`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.expansion"
    }
    /// The key of ``TextAttributes/textEmphasis``.
    public enum Emphasis: AttributedStringKey {
        /// The type ``TextAttributes/textEmphasis`` holds.
        public typealias Value = TextEmphasis
        /// The key's name in archived attributed strings.
        public static let name = "galley.textEmphasis"
    }
    /// The key of ``TextAttributes/ruby``.
    public enum Ruby: AttributedStringKey {
        /// The type ``TextAttributes/ruby`` holds.
        public typealias Value = RubyAnnotation
        /// The key's name in archived attributed strings.
        public static let name = "galley.ruby"
    }
    /// The key of ``TextAttributes/inlinePadding``.
    public enum InlinePadding: AttributedStringKey {
        /// The type ``TextAttributes/inlinePadding`` holds.
        public typealias Value = Double
        /// The key's name in archived attributed strings.
        public static let name = "galley.inlinePadding"
    }
    /// The key of ``TextAttributes/superscript``.
    public enum Superscript: AttributedStringKey {
        /// The type ``TextAttributes/superscript`` holds.
        public typealias Value = Int
        /// The key's name in archived attributed strings.
        public static let name = "galley.superscript"
    }
    /// The key of ``TextAttributes/attachment``.
    public enum Attachment: AttributedStringKey {
        /// The type ``TextAttributes/attachment`` holds.
        public typealias Value = GalleyText.TextAttachment
        /// The key's name in archived attributed strings.
        public static let name = "galley.attachment"
    }
}

extension TextStorage {
    /// A storage holding the characters of `attributed`, with Galley's attributes (and Foundation's `link`) taken
    /// from each run and laid over `defaults`.
    public convenience init(_ attributed: AttributedString, defaults: TextAttributes = TextAttributes()) {
        self.init("", attributes: defaults)
        for run in attributed.runs {
            var attributes = defaults
            for field in TextAttributes.fields { field.readContainer(run.attributes, &attributes) }
            append(String(attributed[run.range].characters), attributes: attributes)
        }
    }
}

extension AttributedString {
    /// The characters and attributes of `storage`, in Galley's attribute scope (and Foundation's `link`): the
    /// way back from ``TextStorage/init(_:defaults:)-(AttributedString,_)``. Attributes a run does not set are left
    /// unset.
    public init(_ storage: TextStorage) {
        self.init()
        let utf16 = storage.utf16
        for run in storage.attributeRuns {
            var container = AttributeContainer()
            for field in TextAttributes.fields { field.writeContainer(run.attributes, &container) }
            let text = String(decoding: utf16[run.utf16Range], as: UTF16.self)
            append(AttributedString(text, attributes: container))
        }
    }
}

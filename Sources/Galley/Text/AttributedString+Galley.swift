import Foundation

extension AttributeScopes {
    /// Galley's attributes for Foundation's `AttributedString`: `string.font = .textStyle(.headline)`,
    /// `string.foregroundColor = .black`, and so on. ``TextStorage/init(_:defaults:)`` reads them, together with
    /// Foundation's own `link`.
    public struct GalleyAttributes: AttributeScope {
        public let font: GalleyAttributeKeys.Font
        public let foregroundColor: GalleyAttributeKeys.ForegroundColor
        public let backgroundColor: GalleyAttributeKeys.BackgroundColor
        public let kern: GalleyAttributeKeys.Kern
        public let tracking: GalleyAttributeKeys.Tracking
        public let ligatures: GalleyAttributeKeys.LigatureSetting
        public let fontFeatures: GalleyAttributeKeys.Features
        public let textLanguage: GalleyAttributeKeys.Language
        public let baselineOffset: GalleyAttributeKeys.BaselineOffset
        public let underline: GalleyAttributeKeys.Underline
        public let strikethrough: GalleyAttributeKeys.Strikethrough
        public let shadow: GalleyAttributeKeys.TextShadow
        public let textEffect: GalleyAttributeKeys.Effect
        public let paragraphStyle: GalleyAttributeKeys.Paragraph
        public let foundation: AttributeScopes.FoundationAttributes
    }

    /// Galley's attribute scope.
    public var galley: GalleyAttributes.Type { GalleyAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.GalleyAttributes, T>
    ) -> T {
        self[T.self]
    }
}

/// The `AttributedStringKey` types of ``AttributeScopes/GalleyAttributes``, one per ``TextAttributes`` property.
public enum GalleyAttributeKeys {
    public enum Font: AttributedStringKey {
        public typealias Value = FontSpecifier
        public static let name = "galley.font"
    }
    public enum ForegroundColor: AttributedStringKey {
        public typealias Value = Color
        public static let name = "galley.foregroundColor"
    }
    public enum BackgroundColor: AttributedStringKey {
        public typealias Value = Color
        public static let name = "galley.backgroundColor"
    }
    public enum Kern: AttributedStringKey {
        public typealias Value = Double
        public static let name = "galley.kern"
    }
    public enum Tracking: AttributedStringKey {
        public typealias Value = Double
        public static let name = "galley.tracking"
    }
    public enum LigatureSetting: AttributedStringKey {
        public typealias Value = Ligatures
        public static let name = "galley.ligatures"
    }
    public enum Features: AttributedStringKey {
        public typealias Value = [FontFeature]
        public static let name = "galley.fontFeatures"
    }
    public enum Language: AttributedStringKey {
        public typealias Value = String
        public static let name = "galley.language"
    }
    public enum BaselineOffset: AttributedStringKey {
        public typealias Value = Double
        public static let name = "galley.baselineOffset"
    }
    public enum Underline: AttributedStringKey {
        public typealias Value = TextDecoration
        public static let name = "galley.underline"
    }
    public enum Strikethrough: AttributedStringKey {
        public typealias Value = TextDecoration
        public static let name = "galley.strikethrough"
    }
    public enum TextShadow: AttributedStringKey {
        public typealias Value = Galley.Shadow
        public static let name = "galley.shadow"
    }
    public enum Effect: AttributedStringKey {
        public typealias Value = TextEffect
        public static let name = "galley.textEffect"
    }
    public enum Paragraph: AttributedStringKey {
        public typealias Value = ParagraphStyle
        public static let name = "galley.paragraphStyle"
    }
}

extension TextStorage {
    /// A storage holding the characters of `attributed`, with Galley's attributes (and Foundation's `link`) taken
    /// from each run and laid over `defaults`.
    public convenience init(_ attributed: AttributedString, defaults: TextAttributes = TextAttributes()) {
        self.init("", attributes: defaults)
        for run in attributed.runs {
            var attributes = defaults
            let values = run.attributes
            attributes.font = values[GalleyAttributeKeys.Font.self] ?? defaults.font
            attributes.foregroundColor = values[GalleyAttributeKeys.ForegroundColor.self] ?? defaults.foregroundColor
            attributes.backgroundColor = values[GalleyAttributeKeys.BackgroundColor.self] ?? defaults.backgroundColor
            attributes.kern = values[GalleyAttributeKeys.Kern.self] ?? defaults.kern
            attributes.tracking = values[GalleyAttributeKeys.Tracking.self] ?? defaults.tracking
            attributes.ligatures = values[GalleyAttributeKeys.LigatureSetting.self] ?? defaults.ligatures
            attributes.fontFeatures = values[GalleyAttributeKeys.Features.self] ?? defaults.fontFeatures
            attributes.language = values[GalleyAttributeKeys.Language.self] ?? defaults.language
            attributes.baselineOffset = values[GalleyAttributeKeys.BaselineOffset.self] ?? defaults.baselineOffset
            attributes.underline = values[GalleyAttributeKeys.Underline.self] ?? defaults.underline
            attributes.strikethrough = values[GalleyAttributeKeys.Strikethrough.self] ?? defaults.strikethrough
            attributes.shadow = values[GalleyAttributeKeys.TextShadow.self] ?? defaults.shadow
            attributes.textEffect = values[GalleyAttributeKeys.Effect.self] ?? defaults.textEffect
            attributes.paragraphStyle = values[GalleyAttributeKeys.Paragraph.self] ?? defaults.paragraphStyle
            attributes.link = values[AttributeScopes.FoundationAttributes.LinkAttribute.self] ?? defaults.link
            append(String(attributed[run.range].characters), attributes: attributes)
        }
    }
}

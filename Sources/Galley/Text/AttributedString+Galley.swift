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

/// The `AttributedStringKey` types of `AttributeScopes.GalleyAttributes`, one per ``TextAttributes`` property.
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

/// One attribute's way between ``TextAttributes`` and an `AttributedString` run, both directions from one line.
private struct AttributeBridge {
    /// Sets the attribute in `attributes` when `container` has it.
    let read: (AttributeContainer, inout TextAttributes) -> Void
    /// Sets the attribute in `container` when `attributes` has it.
    let write: (TextAttributes, inout AttributeContainer) -> Void

    init<Key: AttributedStringKey>(_ key: Key.Type, _ path: WritableKeyPath<TextAttributes, Key.Value?>)
    where Key.Value: Sendable {
        read = { container, attributes in
            if let value = container[Key.self] { attributes[keyPath: path] = value }
        }
        write = { attributes, container in
            if let value = attributes[keyPath: path] { container[Key.self] = value }
        }
    }

    /// Every attribute `AttributeScopes.GalleyAttributes` carries, and Foundation's `link`.
    static var all: [AttributeBridge] {
        [
            AttributeBridge(GalleyAttributeKeys.Font.self, \.font),
            AttributeBridge(GalleyAttributeKeys.ForegroundColor.self, \.foregroundColor),
            AttributeBridge(GalleyAttributeKeys.BackgroundColor.self, \.backgroundColor),
            AttributeBridge(GalleyAttributeKeys.Kern.self, \.kern),
            AttributeBridge(GalleyAttributeKeys.Tracking.self, \.tracking),
            AttributeBridge(GalleyAttributeKeys.LigatureSetting.self, \.ligatures),
            AttributeBridge(GalleyAttributeKeys.Features.self, \.optionalFontFeatures),
            AttributeBridge(GalleyAttributeKeys.Language.self, \.language),
            AttributeBridge(GalleyAttributeKeys.BaselineOffset.self, \.baselineOffset),
            AttributeBridge(GalleyAttributeKeys.Underline.self, \.underline),
            AttributeBridge(GalleyAttributeKeys.Strikethrough.self, \.strikethrough),
            AttributeBridge(GalleyAttributeKeys.TextShadow.self, \.shadow),
            AttributeBridge(GalleyAttributeKeys.Effect.self, \.textEffect),
            AttributeBridge(GalleyAttributeKeys.Paragraph.self, \.paragraphStyle),
            AttributeBridge(AttributeScopes.FoundationAttributes.LinkAttribute.self, \.link),
        ]
    }
}

extension TextAttributes {
    /// ``fontFeatures`` with "none" as nil, for the bridge to `AttributedString`.
    fileprivate var optionalFontFeatures: [FontFeature]? {
        get { fontFeatures.isEmpty ? nil : fontFeatures }
        set { fontFeatures = newValue ?? [] }
    }
}

extension TextStorage {
    /// A storage holding the characters of `attributed`, with Galley's attributes (and Foundation's `link`) taken
    /// from each run and laid over `defaults`.
    public convenience init(_ attributed: AttributedString, defaults: TextAttributes = TextAttributes()) {
        self.init("", attributes: defaults)
        for run in attributed.runs {
            var attributes = defaults
            for bridge in AttributeBridge.all { bridge.read(run.attributes, &attributes) }
            append(String(attributed[run.range].characters), attributes: attributes)
        }
    }
}

extension AttributedString {
    /// The characters and attributes of `storage`, in Galley's attribute scope (and Foundation's `link`): the
    /// way back from ``TextStorage/init(_:defaults:)``. Attributes a run does not set are left unset.
    public init(_ storage: TextStorage) {
        self.init()
        let utf16 = storage.utf16
        for run in storage.attributeRuns {
            var container = AttributeContainer()
            for bridge in AttributeBridge.all { bridge.write(run.attributes, &container) }
            let text = String(decoding: utf16[run.utf16Range], as: UTF16.self)
            append(AttributedString(text, attributes: container))
        }
    }
}

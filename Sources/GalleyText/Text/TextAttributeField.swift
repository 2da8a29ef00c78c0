import Foundation

/// One attribute of ``TextAttributes`` as every surface names and carries it: its name, its keys in Foundation's
/// two attributed strings, how one run's value is laid over another's, and the form JSON documents give it in.
///
/// ``TextAttributes/fields`` is the one table of attributes. The merge (``TextAttributes/merging(_:)``), the bridges
/// to `AttributedString` and `NSAttributedString` and the JSON documents' reader are made from it, so an attribute
/// added to ``TextAttributes`` is named here once (beside the key declarations Foundation's scopes need).
package struct TextAttributeField: Sendable {
    /// The property's name, which is also the attribute's key in JSON documents (`"inlinePadding"`).
    package let name: String
    /// The name JSON documents gave the attribute before it took the property's, still read; nil for none.
    package let formerName: String?
    /// The attribute's key in an `NSAttributedString` (TextKit's raw value where TextKit has the key).
    package let nsKey: NSAttributedString.Key
    /// The attribute's key in an `AttributedString`, as archives spell it (`galley.kern`, Foundation's `NSLink`).
    package let attributedStringName: String
    /// The form JSON documents give the value in.
    package let documentForm: DocumentForm

    /// Lays `other`'s value over the one in the first attributes (a copy of the attributes under `other`).
    let merge: @Sendable (inout TextAttributes, TextAttributes) -> Void
    /// Sets the attribute from an `AttributedString` run's container, when the container has it.
    let readContainer: @Sendable (AttributeContainer, inout TextAttributes) -> Void
    /// Sets the attribute in an `AttributedString` run's container, when the attributes have it.
    let writeContainer: @Sendable (TextAttributes, inout AttributeContainer) -> Void
    /// Sets the attribute from an `NSAttributedString`'s attribute dictionary; nil when the key is absent or was
    /// read, else what the key takes (for ``AttributeValueError``).
    private(set) var readDictionary: @Sendable ([NSAttributedString.Key: Any], inout TextAttributes) -> String?
    /// Adds the attribute to an `NSAttributedString`'s attribute dictionary, when the attributes have it.
    private(set) var writeDictionary: @Sendable (TextAttributes, inout [NSAttributedString.Key: Any]) -> Void

    /// The form a JSON document gives an attribute's value in; the documents' reader decodes each.
    package enum DocumentForm: Sendable {
        /// A number in a range, in the attribute's own unit.
        case number(WritableKeyPath<TextAttributes, Double?> & Sendable, ClosedRange<Double>)
        /// A whole number in a range.
        case integer(WritableKeyPath<TextAttributes, Int?> & Sendable, ClosedRange<Int>)
        /// A colour (`"#RRGGBB"`, `"#RRGGBBAA"` or a name).
        case color(WritableKeyPath<TextAttributes, Color?> & Sendable)
        /// A BCP 47 language tag.
        case languageTag(WritableKeyPath<TextAttributes, String?> & Sendable)
        /// A decoration: a style name or an object.
        case decoration(WritableKeyPath<TextAttributes, TextDecoration?> & Sendable)
        /// A value of its own shape, which the reader knows by the attribute.
        case font, ligatures, fontFeatures, shadow, textEffect, link, paragraphStyle, textEmphasis, ruby
        /// Not an attribute of documents' runs (attachments are a run's own `attachment`).
        case absent
    }

    /// How an `NSAttributedString` holds a value of type `Value`: how it is read (nil for a value of another
    /// type) and written, and what the key takes, in words, for the error.
    struct DictionaryForm<Value> {
        let expected: String
        let decode: @Sendable (Any) -> Value?
        let encode: @Sendable (Value) -> Any

        /// The value itself.
        static func itself(_ expected: String) -> DictionaryForm {
            DictionaryForm(expected: expected, decode: { $0 as? Value }, encode: { $0 })
        }
    }

    /// An attribute stored at `path`, under `key` in an `AttributedString` and `nsKey` in an `NSAttributedString`
    /// (held there in `form`). A run's value replaces the one under it, unless `merge` says otherwise.
    init<Key: AttributedStringKey>(
        _ name: String, formerly formerName: String? = nil,
        _ path: WritableKeyPath<TextAttributes, Key.Value?> & Sendable,
        _ key: Key.Type, ns nsKey: NSAttributedString.Key, _ form: DictionaryForm<Key.Value>,
        document documentForm: DocumentForm,
        merge: (@Sendable (inout TextAttributes, TextAttributes) -> Void)? = nil
    ) where Key.Value: Sendable {
        self.name = name
        self.formerName = formerName
        self.nsKey = nsKey
        attributedStringName = Key.name
        self.documentForm = documentForm
        self.merge =
            merge ?? { merged, other in
                if let value = other[keyPath: path] { merged[keyPath: path] = value }
            }
        readContainer = { container, attributes in
            if let value = container[Key.self] { attributes[keyPath: path] = value }
        }
        writeContainer = { attributes, container in
            if let value = attributes[keyPath: path] { container[Key.self] = value }
        }
        readDictionary = { dictionary, attributes in
            guard let value = dictionary[nsKey] else { return nil }
            guard let decoded = form.decode(value) else { return form.expected }
            attributes[keyPath: path] = decoded
            return nil
        }
        writeDictionary = { attributes, dictionary in
            if let value = attributes[keyPath: path] { dictionary[nsKey] = form.encode(value) }
        }
    }

    /// A decoration at `path`: in an `NSAttributedString`, TextKit's style bits (or a ``TextDecoration``) under
    /// `styleKey` and its colour under `colorKey`.
    init<Key: AttributedStringKey>(
        decoration name: String, _ path: WritableKeyPath<TextAttributes, TextDecoration?> & Sendable, _ key: Key.Type,
        ns styleKey: NSAttributedString.Key, color colorKey: NSAttributedString.Key
    ) where Key.Value == TextDecoration {
        self.init(name, path, key, ns: styleKey, .itself("a TextDecoration"), document: .decoration(path))
        readDictionary = { dictionary, attributes in
            guard let value = dictionary[styleKey] else { return nil }
            var decoration: TextDecoration?
            if let given = value as? TextDecoration {
                decoration = given
            } else if let bits = Self.number(value).flatMap({ Int(exactly: $0) }) {
                guard bits != 0 else { return nil }  // NSUnderlineStyle() is no line
                decoration = TextDecoration(underlineStyle: bits)
            }
            guard var decoration else { return "NSUnderlineStyle's raw bits or a TextDecoration" }
            if let color = dictionary[colorKey] as? Color { decoration.color = color }
            attributes[keyPath: path] = decoration
            return nil
        }
        writeDictionary = { attributes, dictionary in
            guard let decoration = attributes[keyPath: path] else { return }
            // TextKit's bits where they say it all; the decoration itself where they cannot (its ink skipping).
            guard decoration.skipInk == .auto else {
                dictionary[styleKey] = decoration
                return
            }
            dictionary[styleKey] = decoration.underlineStyle
            if let color = decoration.color { dictionary[colorKey] = color }
        }
    }

    /// `value` as a Double when it is a number (Double, Int or NSNumber).
    static func number(_ value: Any) -> Double? {
        if let double = value as? Double { return double }
        if let int = value as? Int { return Double(int) }
        if let number = value as? NSNumber { return number.doubleValue }
        return nil
    }
}

extension TextAttributeField.DictionaryForm where Value == Double {
    /// A number (Double, Int or NSNumber), written as a Double.
    static var number: Self {
        Self(expected: "a number", decode: TextAttributeField.number, encode: { $0 })
    }
}

extension TextAttributeField.DictionaryForm {
    /// A value converted both ways by `decode` and `encode`.
    static func converted(
        _ expected: String, decode: @escaping @Sendable (Any) -> Value?, encode: @escaping @Sendable (Value) -> Any
    ) -> Self {
        Self(expected: expected, decode: decode, encode: encode)
    }
}

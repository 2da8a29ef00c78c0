/// One paragraph of a text storage: the unit of shaping, line breaking and invalidation.
///
/// A paragraph ends at a line feed, a carriage return (alone or before a line feed), U+0085 or U+2029; the
/// terminator is not part of ``text``.
public struct Paragraph: Sendable {
    /// The paragraph's characters without the terminator, in UTF-16.
    public let text: ArraySlice<UInt16>
    /// Where the paragraph's characters sit in the storage, as UTF-16 offsets (terminator excluded).
    public let utf16Range: Range<Int>
    /// The terminator's length in UTF-16 units: 0 for the text's last paragraph when it has none, 1 or 2.
    public let terminatorLength: Int
    /// The attribute runs over ``text``, with ranges relative to the paragraph's start.
    public let attributeRuns: [AttributeRun]

    /// The attributes of the paragraph's first character (of its terminator, or the storage's typing attributes,
    /// when it is empty): what an empty line is measured with.
    @inlinable public var leadingAttributes: TextAttributes { leading.attributes }
    /// ``leadingAttributes``, boxed: a paragraph is then a few words, and paragraphs with the same leading
    /// attributes (a million empty lines) share one box instead of a copy each.
    @usableFromInline package let leading: SharedAttributes

    /// The paragraph style, from ``leadingAttributes``.
    @inlinable public var style: ParagraphStyle { leading.style }

    /// The paragraph's language (a BCP 47 tag): its first character's ``TextAttributes/language``, else the one
    /// ``LanguageInference`` reads from its characters, else nil. Runs that name no language take this one for
    /// shaping and font fallback; line breaking follows it.
    public var language: String? { leading.attributes.language ?? LanguageInference.language(of: text) }

    /// A paragraph of `text` (UTF-16) at `utf16Range` of its storage, ended by `terminatorLength` units, with its
    /// attribute runs (offsets from the paragraph's start) and the attributes of its first character.
    public init(
        text: ArraySlice<UInt16>, utf16Range: Range<Int>, terminatorLength: Int, attributeRuns: [AttributeRun],
        leadingAttributes: TextAttributes
    ) {
        self.init(
            text: text, utf16Range: utf16Range, terminatorLength: terminatorLength, attributeRuns: attributeRuns,
            leading: SharedAttributes(leadingAttributes))
    }

    /// A paragraph whose leading attributes are in `leading`, shared with other paragraphs.
    init(
        text: ArraySlice<UInt16>, utf16Range: Range<Int>, terminatorLength: Int, attributeRuns: [AttributeRun],
        leading: SharedAttributes
    ) {
        self.text = text
        self.utf16Range = utf16Range
        self.terminatorLength = terminatorLength
        self.attributeRuns = attributeRuns
        self.leading = leading
    }

    /// A paragraph of `string` with one set of attributes, outside any storage.
    public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
        let units = [UInt16](utf16Of: string)
        self.init(
            text: units[...], utf16Range: 0..<units.count, terminatorLength: 0,
            attributeRuns: units.isEmpty ? [] : [AttributeRun(utf16Range: 0..<units.count, attributes: attributes)],
            leadingAttributes: attributes)
    }

    /// The same paragraph said to start at UTF-16 offset `start` of its storage.
    package func relocated(to start: Int) -> Paragraph {
        Paragraph(
            text: text, utf16Range: start..<(start + length), terminatorLength: terminatorLength,
            attributeRuns: attributeRuns, leading: leading)
    }

    /// The paragraph's text as a Swift string.
    public var string: String { String(decoding: text, as: UTF16.self) }

    /// The number of UTF-16 units, terminator excluded.
    @inlinable public var length: Int { text.count }

    /// The paragraph's UTF-16 unit at `offset` (relative to the paragraph's start).
    package func unit(at offset: Int) -> UInt16 { text[text.startIndex + offset] }
}

/// A paragraph's leading attributes, held once for the paragraphs that share them.
@usableFromInline package final class SharedAttributes: Sendable {
    @usableFromInline package let attributes: TextAttributes
    /// The attributes' paragraph style (the default when they have none), resolved once: every paragraph placed
    /// reads it, and reading it through the attributes copied them whole.
    @usableFromInline let style: ParagraphStyle

    init(_ attributes: TextAttributes) {
        self.attributes = attributes
        style = attributes.paragraphStyle ?? .default
    }
}

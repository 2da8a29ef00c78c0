import Foundation

extension TextAttributes {
    /// Every attribute, once (``TextAttributeField``): in the order JSON documents list them.
    package static let fields: [TextAttributeField] = [
        TextAttributeField(
            "font", \.font, GalleyAttributeKeys.Font.self, ns: .font, .itself("a FontSpecifier"), document: .font),
        TextAttributeField(
            "foregroundColor", formerly: "color", \.foregroundColor, GalleyAttributeKeys.ForegroundColor.self,
            ns: .foregroundColor, .itself("a Color"), document: .color(\.foregroundColor)),
        TextAttributeField(
            "backgroundColor", \.backgroundColor, GalleyAttributeKeys.BackgroundColor.self, ns: .backgroundColor,
            .itself("a Color"), document: .color(\.backgroundColor)),
        TextAttributeField(
            "kern", \.kern, GalleyAttributeKeys.Kern.self, ns: .kern, .number, document: .number(\.kern, kernRange)),
        TextAttributeField(
            "tracking", \.tracking, GalleyAttributeKeys.Tracking.self, ns: .tracking, .number,
            document: .number(\.tracking, kernRange)),
        TextAttributeField(
            "ligatures", \.ligatures, GalleyAttributeKeys.LigatureSetting.self, ns: .ligature,
            .converted(
                "0, 1 or 2",
                decode: { value in
                    (value as? Ligatures)
                        ?? TextAttributeField.number(value).flatMap { Int(exactly: $0) }
                        .flatMap(Ligatures.init(rawValue:))
                }, encode: { $0.rawValue }),
            document: .ligatures),
        TextAttributeField(
            "fontFeatures", formerly: "features", \.optionalFontFeatures, GalleyAttributeKeys.Features.self,
            ns: .galleyFontFeatures, .itself("an array of FontFeature"), document: .fontFeatures,
            merge: { merged, other in merged.fontFeatures += other.fontFeatures }),
        TextAttributeField(
            "language", \.language, GalleyAttributeKeys.Language.self, ns: .languageIdentifier, .itself("a String"),
            document: .languageTag(\.language)),
        TextAttributeField(
            "baselineOffset", \.baselineOffset, GalleyAttributeKeys.BaselineOffset.self, ns: .baselineOffset, .number,
            document: .number(\.baselineOffset, baselineOffsetRange)),
        TextAttributeField(
            decoration: "underline", \.underline, GalleyAttributeKeys.Underline.self, ns: .underlineStyle,
            color: .underlineColor),
        TextAttributeField(
            decoration: "strikethrough", \.strikethrough, GalleyAttributeKeys.Strikethrough.self,
            ns: .strikethroughStyle, color: .strikethroughColor),
        TextAttributeField(
            "shadow", \.shadow, GalleyAttributeKeys.TextShadow.self, ns: .shadow, .itself("a Shadow"),
            document: .shadow),
        TextAttributeField(
            "textEffect", formerly: "effect", \.textEffect, GalleyAttributeKeys.Effect.self, ns: .textEffect,
            .converted(
                "a TextEffect or \"\(TextEffect.textKitLetterpressName)\"",
                decode: { value in
                    (value as? TextEffect)
                        ?? ((value as? String) == TextEffect.textKitLetterpressName ? .letterpress : nil)
                }, encode: { $0 }),
            document: .textEffect),
        TextAttributeField(
            "link", \.link, AttributeScopes.FoundationAttributes.LinkAttribute.self, ns: .link,
            .converted(
                "a URL or a String",
                decode: { value in (value as? URL) ?? (value as? String).flatMap { URL(string: $0) } }, encode: { $0 }),
            document: .link),
        TextAttributeField(
            "paragraphStyle", formerly: "paragraph", \.paragraphStyle, GalleyAttributeKeys.Paragraph.self,
            ns: .paragraphStyle, .itself("a ParagraphStyle"), document: .paragraphStyle),
        TextAttributeField(
            "strokeWidth", \.strokeWidth, GalleyAttributeKeys.StrokeWidth.self, ns: .strokeWidth, .number,
            document: .number(\.strokeWidth, strokeWidthRange)),
        TextAttributeField(
            "strokeColor", \.strokeColor, GalleyAttributeKeys.StrokeColor.self, ns: .strokeColor, .itself("a Color"),
            document: .color(\.strokeColor)),
        TextAttributeField(
            "obliqueness", \.obliqueness, GalleyAttributeKeys.Obliqueness.self, ns: .obliqueness, .number,
            document: .number(\.obliqueness, obliquenessRange)),
        TextAttributeField(
            "expansion", \.expansion, GalleyAttributeKeys.Expansion.self, ns: .expansion, .number,
            document: .number(\.expansion, expansionRange)),
        TextAttributeField(
            "superscript", \.superscript, GalleyAttributeKeys.Superscript.self, ns: .superscript,
            .converted(
                "a whole number", decode: { value in TextAttributeField.number(value).flatMap { Int(exactly: $0) } },
                encode: { $0 }),
            document: .integer(\.superscript, superscriptRange)),
        TextAttributeField(
            "inlinePadding", \.inlinePadding, GalleyAttributeKeys.InlinePadding.self, ns: .galleyInlinePadding,
            .number, document: .number(\.inlinePadding, 0...inlinePaddingLimit)),
        TextAttributeField(
            "textEmphasis", \.textEmphasis, GalleyAttributeKeys.Emphasis.self, ns: .galleyTextEmphasis,
            .converted(
                "a TextEmphasis or a CSS text-emphasis-style",
                decode: { value in
                    (value as? TextEmphasis) ?? (value as? String).flatMap { try? TextEmphasis(css: $0) }
                }, encode: { $0 }),
            document: .textEmphasis),
        TextAttributeField(
            "ruby", \.ruby, GalleyAttributeKeys.Ruby.self, ns: .rubyAnnotation,
            .converted(
                "a RubyAnnotation or a String",
                decode: { value in (value as? RubyAnnotation) ?? (value as? String).map { RubyAnnotation($0) } },
                encode: { $0 }),
            document: .ruby),
        TextAttributeField(
            "attachment", \.attachment, GalleyAttributeKeys.Attachment.self, ns: .attachment,
            .itself("a TextAttachment"), document: .absent),
    ]

    /// The range of ``kern`` and ``tracking`` a document or request may give, in points.
    package static let kernRange = -1_000.0...1_000
    /// The range of ``baselineOffset`` a document or request may give, in points.
    package static let baselineOffsetRange = -10_000.0...10_000
    /// The range of ``strokeWidth`` a document or request may give, in percent of the font size.
    package static let strokeWidthRange = -100.0...100
    /// The range of ``obliqueness`` a document or request may give.
    package static let obliquenessRange = -4.0...4
    /// The range of ``expansion`` a document or request may give.
    package static let expansionRange = -2.0...2
    /// The range of ``superscript`` a document or request may give, in levels.
    package static let superscriptRange = -8...8

    /// ``fontFeatures`` with none as nil, for the bridges (which leave out what a run does not set).
    fileprivate var optionalFontFeatures: [FontFeature]? {
        get { fontFeatures.isEmpty ? nil : fontFeatures }
        set { fontFeatures = newValue ?? [] }
    }
}

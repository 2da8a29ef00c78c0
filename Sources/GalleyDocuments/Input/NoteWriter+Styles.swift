import Galley

/// The styles of a note's text: headings' fonts, and what inline markup (bold, italic, code, strike, links,
/// footnote references) makes of the attributes around it.
extension NoteWriter {
    /// The text styles of headings by level, a scale of Dynamic Type's styles (so it follows the note's category
    /// and bold text), none smaller than the body: `#` title1 (as Apple Notes sets a title), `##` title2, `###`
    /// title3, `####` headline (the body's size, bold); `#####` and `######` are the body's size too, told apart by
    /// colour and slant (``headingIsMuted(level:)``, ``headingIsItalic(level:)``), where GitHub sets them below the
    /// body. The note's title (its first `#`) is title1 too, set apart by the letterpress effect.
    static let headingStyles: [TextStyle] = [.title1, .title2, .title3, .headline, .body, .body]

    /// Whether a heading of `level` is set in the theme's muted ink (the fifth and sixth, as GitHub sets the sixth).
    static func headingIsMuted(level: Int) -> Bool { level >= 5 }

    /// Whether a heading of `level` is slanted (the sixth, to tell it from the fifth at the same size and ink).
    static func headingIsItalic(level: Int) -> Bool { level >= 6 }

    /// The space inside each end of inline code's tint, in ems (GitHub's 0.2 em).
    static let inlineCodePadding = 0.2

    /// Code is set as written, as GitHub sets it: no programming ligatures (JetBrains Mono draws `->`, `!=`, `<=`
    /// as single arrows and signs through `calt`), unless the note asks for them.
    static let codeFeatures = [FontFeature("calt", 0), FontFeature("liga", 0)]

    /// A heading's font: `textStyle` bold in the body's family (`italic` if asked), or the body's fixed font made
    /// bold. Bold (700), not semibold: the Chinese face has no 600 (Noto Sans CJK's Regular and Bold are bundled), so
    /// a semibold heading set its Chinese in Bold beside semibold Latin, visibly heavier; at 700 both scripts have
    /// the same weight.
    static func headingFont(_ textStyle: TextStyle, from body: FontSpecifier?, italic: Bool = false) -> FontSpecifier {
        switch body {
        case .font(let font): return .font((try? font.withWeight(headingWeight)) ?? font)
        case .styled(_, let family, _, _):
            return .styled(textStyle, family: family, weight: headingWeight, italic: italic)
        default: return .styled(textStyle, weight: headingWeight, italic: italic)
        }
    }

    /// The weight of headings and the title.
    static let headingWeight = 700.0

    /// `base` with the markup's styles: bold and italic faces, code in JetBrains Mono on the theme's tint (its
    /// programming ligatures off unless `codeLigatures`), struck text, links in the theme's colour and underlined.
    static func attributes(
        _ base: TextAttributes, _ markup: NoteInlines.Style, theme: NoteTheme = .light, codeLigatures: Bool = false
    ) -> TextAttributes {
        var attributes = base
        let style = base.font?.textStyle ?? .body
        if markup.code {
            attributes.font = .styled(
                style, family: "JetBrains Mono", weight: markup.bold ? 700 : nil, italic: markup.italic)
            attributes.fontFeatures = codeLigatures ? [] : Self.codeFeatures
            attributes.backgroundColor = theme.codeTint
            attributes.inlinePadding = Self.inlineCodePadding
        } else if markup.bold || markup.italic {
            switch base.font {
            case .font(let font):
                attributes.font = .font((try? font.withWeight(markup.bold ? 700 : font.weight)) ?? font)
            case .styled(_, let family, let weight, let baseItalic):
                attributes.font = .styled(
                    style, family: family, weight: markup.bold ? 700 : weight, italic: markup.italic || baseItalic)
            default:
                attributes.font = .styled(style, weight: markup.bold ? 700 : nil, italic: markup.italic)
            }
        }
        if markup.strike { attributes.strikethrough = TextDecoration() }
        if markup.footnote {
            attributes.superscript = 1
            attributes.foregroundColor = theme.link
        }
        if let link = markup.link {
            attributes.link = link
            attributes.foregroundColor = theme.link
            attributes.underline = TextDecoration()
        }
        return attributes
    }
}

import Foundation
import Galley

/// A paragraph's inline Markdown (emphasis, strong, strikethrough, code, links, pictures) as lines of styled
/// pieces: cmark-gfm's inline tree flattened, split at its soft breaks (a note's line breaks, each a paragraph of
/// its own as notes are written), with Galley's `{width=…}` after a picture read as its size. Line numbers count
/// from the Markdown text's first line.
struct NoteInlines {
    /// How a piece is styled by the markup around it.
    struct Style: Equatable {
        var bold = false
        var italic = false
        var strike = false
        var code = false
        var link: URL?
        /// A footnote's number where it is referred to (set as a superscript).
        var footnote = false

        /// The style of the text inside `node` when it is markup that styles its children (emphasis, strong
        /// emphasis, strikethrough, a link), this style with the markup's added; nil for any other node. The one
        /// rule the reader and the highlighter both style by.
        func inside(_ node: MarkdownNode) -> Style? {
            var style = self
            switch node.kind {
            case "emph": style.italic = true
            case "strong": style.bold = true
            case "strikethrough": style.strike = true
            case "link": style.link = URL(string: node.url)
            default: return nil
            }
            return style
        }
    }

    /// A run of text, or a picture, in its style.
    enum Piece {
        case text(String, Style)
        case picture(NotePicture, Style)
    }

    /// One line of a paragraph: its pieces, and its number in the Markdown text, from 1.
    struct SourceLine {
        var pieces: [Piece] = []
        var number: Int
    }

    /// The lines of the inline nodes `nodes` (a paragraph's or heading's children) starting on line `number`.
    ///
    /// - Throws: ``InputError`` for markup nested more than `nestingLimit` deep, naming its line plus
    ///   `lineOffset` (the lines before the Markdown text).
    static func lines(_ nodes: [MarkdownNode], firstLine number: Int, lineOffset: Int, nestingLimit: Int) throws
        -> [SourceLine]
    {
        var flattener = Flattener(
            lines: [SourceLine(number: number)], lineOffset: lineOffset, nestingLimit: nestingLimit)
        try flattener.add(nodes, style: Style(), depth: 0)
        return flattener.lines
    }

    private struct Flattener {
        var lines: [SourceLine]
        let lineOffset: Int
        let nestingLimit: Int

        mutating func add(_ nodes: [MarkdownNode], style: Style, depth: Int) throws {
            guard depth < nestingLimit else {
                throw InputError(
                    "line \(lines[lines.count - 1].number + lineOffset): markup nested deeper than \(nestingLimit) levels"
                )
            }
            var skipPrefix = 0  // characters of a text node already read as the picture's size before it
            for node in nodes {
                var style = style
                switch node.kind {
                case "text", "html_inline":
                    let text = String(node.literal.dropFirst(skipPrefix))
                    skipPrefix = 0
                    append(.text(text, style))
                case "code":
                    style.code = true
                    append(.text(node.literal, style))
                case "softbreak":
                    // cmark-gfm places the node after a soft break on its own line (the break itself it leaves
                    // unplaced).
                    let number =
                        node.next.map(\.line).flatMap { $0 > 0 ? $0 : nil } ?? lines[lines.count - 1].number + 1
                    lines.append(SourceLine(number: number))
                case "linebreak":
                    append(.text("\u{2028}", style))
                case "footnote_reference":
                    style.footnote = true
                    append(.text(node.literal, style))
                case "image":
                    let settings = node.next.flatMap {
                        $0.kind == "text" ? NotePicture.settings(after: $0.literal) : nil
                    }
                    skipPrefix = settings?.length ?? 0
                    let alt = node.children.map { Self.plainText($0, depth: 0, limit: nestingLimit) }.joined()
                    append(
                        .picture(
                            NotePicture(
                                path: node.url, alt: alt, width: settings?.width, height: settings?.height,
                                float: settings?.float),
                            style))
                default:
                    try add(node.children, style: style.inside(node) ?? style, depth: depth + 1)
                }
            }
        }

        private mutating func append(_ piece: Piece) {
            lines[lines.count - 1].pieces.append(piece)
        }

        /// The text in `node`, markup dropped (a picture's description), to `limit` levels deep.
        private static func plainText(_ node: MarkdownNode, depth: Int, limit: Int) -> String {
            if node.kind == "text" || node.kind == "code" { return node.literal }
            guard depth < limit else { return "" }
            return node.children.map { plainText($0, depth: depth + 1, limit: limit) }.joined()
        }
    }
}

/// A picture in a note, `![alt](path.png)`, with the size Galley's `{width=200}`, `{height=40}` or both after it
/// asks for (points), and the side `{float=left}` or `{float=right}` floats it to (text then flows around its
/// outline); without a size it is shown at half its pixel size.
struct NotePicture {
    let path: String
    let alt: String
    let width: Double?
    let height: Double?
    let float: FloatingPicture.Side?

    /// The size and side `{width=… height=… float=…}` at the start of `text` gives, and how many characters it
    /// takes; nil when `text` does not start with a brace group. A setting it does not know, or a value that is
    /// not one, is left out.
    static func settings(after text: String) -> (
        width: Double?, height: Double?, float: FloatingPicture.Side?, length: Int
    )? {
        guard text.first == "{", let close = text.firstIndex(of: "}") else { return nil }
        var width: Double?, height: Double?, float: FloatingPicture.Side?
        for setting in text[text.index(after: text.startIndex)..<close].split(separator: " ") {
            let parts = setting.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            if parts[0] == "float" { float = FloatingPicture.Side(rawValue: String(parts[1])) }
            guard let value = Double(parts[1]), value.isFinite, value > 0 else { continue }
            if parts[0] == "width" { width = value }
            if parts[0] == "height" { height = value }
        }
        return (width, height, float, text.distance(from: text.startIndex, to: close) + 1)
    }
}

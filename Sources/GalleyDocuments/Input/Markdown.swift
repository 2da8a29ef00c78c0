import CCmarkGFM
import Galley

/// A Markdown text parsed by cmark-gfm (CommonMark with GitHub's tables, strikethrough, task lists and autolinks):
/// owns the parse tree and frees it when released.
final class MarkdownTree {
    /// The document node.
    let root: MarkdownNode
    private let document: OpaquePointer

    /// The GitHub extensions notes are read with, registered and found once per process: cmark-gfm registers
    /// them in a global list with a plain flag and no lock, so two threads reading their first notes at once could
    /// both register, or find the list half made and parse without strikethrough (a parallel test run did).
    /// Swift's once-only initialisation of a static makes it happen on one thread; the extensions are not
    /// changed afterwards, and attaching one to a parser changes only the parser.
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return ["table", "strikethrough", "tasklist", "autolink"].map { name in
            guard let found = cmark_find_syntax_extension(name) else {
                preconditionFailure("cmark-gfm has no \(name) extension")
            }
            return found
        }
    }()

    /// One parse at a time in the process. cmark-gfm keeps the characters its extensions react to (`~`, `|`, `:`…)
    /// in one process-wide table: a parser adds its extensions' characters when it starts parsing inlines and
    /// takes them out when it finishes, so a parse finishing on one thread took `~` away from a parse under way on
    /// another, which then drew `~CJK~` as text (upstream github/cmark-gfm issue #221, PR #176; Debian's
    /// 0.29.0.gfm.6 has it). Parsing costs about a millisecond per 100 kB; what is read from the tree afterwards
    /// does not touch the table.
    private static let parsing = Locked(())

    /// Parses `text`. cmark-gfm accepts any text (what is not markup is text), so parsing cannot fail.
    ///
    /// For a reader of ruby (`readsRuby`), `\{` keeps a literal brace where `{…|…}` would be ruby: cmark-gfm drops
    /// the backslash, so the pair stands as ``escapedBrace`` in text nodes until the ruby is read (code keeps `\{`
    /// as written, see ``MarkdownNode/literal``). Nodes' columns then count the pair as one character more than
    /// it is, so a reader of columns (the highlighter) reads the text as written.
    init(_ text: String, readsRuby: Bool = false) {
        var text = readsRuby ? text.replacingOccurrences(of: "\\{", with: String(Self.escapedBrace)) : text
        document = Self.parsing.withLock { _ in
            let parser = cmark_parser_new(CMARK_OPT_DEFAULT | CMARK_OPT_FOOTNOTES)
            defer { cmark_parser_free(parser) }
            for found in Self.extensions { cmark_parser_attach_syntax_extension(parser, found) }
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            }
            return cmark_parser_finish(parser)
        }
        root = MarkdownNode(pointer: document)
    }

    deinit { cmark_node_free(document) }

    /// What `\{` stands as in text nodes' literals (a noncharacter, which no text needs), until the ruby markup
    /// (``RubyMarkup``) has been read: then a `{`.
    static let escapedBrace = Character(Unicode.Scalar(0xFDD0)!)
}

/// A node of a ``MarkdownTree``, valid while its tree lives.
struct MarkdownNode {
    let pointer: OpaquePointer

    /// The node's kind as cmark-gfm names it: `paragraph`, `heading`, `emph`, `strikethrough`, `tasklist`, …;
    /// `footnote_reference` and `footnote_definition`, which cmark-gfm 0.29 names `<unknown>`.
    var kind: String {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_FOOTNOTE_REFERENCE: return "footnote_reference"
        case CMARK_NODE_FOOTNOTE_DEFINITION: return "footnote_definition"
        default: return String(cString: cmark_node_get_type_string(pointer))
        }
    }

    /// The node's children, first to last.
    var children: [MarkdownNode] {
        var nodes: [MarkdownNode] = []
        var child = cmark_node_first_child(pointer)
        while let node = child {
            nodes.append(MarkdownNode(pointer: node))
            child = cmark_node_next(node)
        }
        return nodes
    }

    /// The text of a text, code, code block or HTML node; a footnote reference's number (from 1, in the order the
    /// footnotes are first referred to, which is the order cmark-gfm puts their definitions in at the end).
    var literal: String {
        guard let literal = cmark_node_get_literal(pointer).map({ String(cString: $0) }) else { return "" }
        guard literal.contains(MarkdownTree.escapedBrace) else { return literal }
        // Text keeps the stand-in until its ruby is read; code and HTML show what was written.
        return kind == "text"
            ? literal : literal.replacingOccurrences(of: String(MarkdownTree.escapedBrace), with: "\\{")
    }
    /// A link's or image's destination.
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    /// A heading's level, 1–6.
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    /// Whether a list is ordered (numbered).
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    /// An ordered list's first number.
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    /// Whether a task-list item is ticked.
    var isChecked: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
    /// The line of the Markdown text the node starts on, from 1 (0 for a soft break, which cmark-gfm leaves
    /// unplaced).
    var line: Int { Int(cmark_node_get_start_line(pointer)) }

    /// The column a node starts at, from 1, in UTF-8 bytes. (On a paragraph's later lines cmark-gfm counts an
    /// inline node's columns from the paragraph's start, not the line's.)
    var column: Int { Int(cmark_node_get_start_column(pointer)) }
    /// The line a node ends on, from 1.
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    /// The column a node ends at (inclusive), counted as ``column`` is.
    var endColumn: Int { Int(cmark_node_get_end_column(pointer)) }
    /// A table's number of columns.
    var tableColumnCount: Int { Int(cmark_gfm_extensions_get_table_columns(pointer)) }
    /// A table's columns' alignments as GFM writes them under the header (`:--`, `--:`, `:-:`): `l`, `r` or `c`
    /// as a byte, 0 for none.
    var tableAlignments: [UInt8] {
        guard let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0..<tableColumnCount).map { alignments[$0] }
    }
    /// The node after this one under the same parent.
    var next: MarkdownNode? { cmark_node_next(pointer).map(MarkdownNode.init(pointer:)) }
}

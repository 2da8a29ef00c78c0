import Foundation
import Galley

/// An edit processor that styles a note's Markdown as it is typed, with the rules and styles ``NoteReader`` draws
/// the note with: `*emphasis*` italic, `**strong**` bold, `~~strike~~` struck, backquoted code in JetBrains Mono on a
/// tint, links coloured and underlined; the markup characters themselves stay, dimmed. Each paragraph is parsed
/// by cmark-gfm on its own, as notes are written a paragraph per line.
///
/// It restyles only the paragraphs an edit touched: each is reset to ``baseAttributes`` and styled afresh.
///
/// ```swift
/// let highlighter = NoteHighlighter(baseAttributes: TextAttributes(font: .textStyle(.body)))
/// let token = highlighter.attach(to: storage)
/// ```
public final class NoteHighlighter {
    /// The attributes every character of a restyled paragraph starts from.
    public var baseAttributes: TextAttributes
    /// The colour of the markup characters.
    public var markerColor = Color(red: 0.6, green: 0.6, blue: 0.62)
    /// How many paragraphs have been restyled since the highlighter was made.
    public private(set) var restyledParagraphCount = 0

    /// A highlighter styling markup over `baseAttributes`.
    public init(baseAttributes: TextAttributes) { self.baseAttributes = baseAttributes }

    /// Styles the whole of `storage` now and then every edit's paragraphs, until the token is released.
    public func attach(to storage: TextStorage) -> ObservationToken {
        highlight(storage, in: 0..<storage.length)
        return storage.addEditProcessor { [weak self] storage, edit in self?.highlight(storage, in: edit.editedRange) }
    }

    /// Restyles every paragraph overlapping `range` (UTF-16 offsets).
    public func highlight(_ storage: TextStorage, in range: Range<Int>) {
        var start = storage.paragraphRange(around: range.lowerBound..<range.lowerBound).lowerBound
        repeat {
            let paragraph = storage.paragraphRange(around: start..<start)
            restyle(storage, paragraph: paragraph)
            restyledParagraphCount += 1
            start = paragraph.upperBound
        } while start < range.upperBound
    }

    private func restyle(_ storage: TextStorage, paragraph: Range<Int>) {
        guard !paragraph.isEmpty else { return }
        var base = baseAttributes
        base.paragraphStyle =
            storage.attributes(at: paragraph.lowerBound).paragraphStyle ?? baseAttributes.paragraphStyle
        try? storage.setAttributes(base, range: paragraph)
        let text = String(decoding: Array(storage.utf16[paragraph]), as: UTF16.self)
        // A paragraph's text without its terminator; the markup on its first line is what cmark-gfm places exactly.
        let line = text.prefix { $0 != "\n" && $0 != "\r" }
        let offsets = Self.utf16Offsets(of: line)
        func range(from column: Int, through endColumn: Int) -> Range<Int>? {
            let start = column - 1, end = endColumn
            guard start >= 0, start < end, end < offsets.count else { return nil }
            return (paragraph.lowerBound + offsets[start])..<(paragraph.lowerBound + offsets[end])
        }
        let tree = MarkdownTree(String(line))
        // Depth-first over the inline nodes with the style of the markup around each, no recursion (a deeply
        // nested paragraph costs a longer stack array, not the thread's stack).
        var pending: [(node: MarkdownNode, style: NoteInlines.Style)] = tree.root.children.reversed().map {
            ($0, NoteInlines.Style())
        }
        while let (node, outer) = pending.popLast() {
            guard node.line == 1, node.endLine == 1 else { continue }
            if node.kind == "text" || node.kind == "code" {
                var style = outer
                if node.kind == "code" { style.code = true }
                guard let span = range(from: node.column, through: node.endColumn) else { continue }
                try? storage.setAttributes(NoteWriter.attributes(base, style), range: span)
                if style.code { dimBackticks(around: span, in: storage, paragraph: paragraph) }
                continue
            }
            let children = node.children
            let markup = outer.inside(node)
            if markup != nil, let whole = range(from: node.column, through: node.endColumn) {
                // The markup is what the node covers beyond its children: its delimiters, a link's destination.
                let inner = children.compactMap { range(from: $0.column, through: $0.endColumn) }
                let first = inner.first?.lowerBound ?? whole.upperBound
                let last = inner.last?.upperBound ?? whole.upperBound
                dim(whole.lowerBound..<first, in: storage)
                dim(last..<whole.upperBound, in: storage)
            }
            pending += children.reversed().map { ($0, markup ?? outer) }
        }
    }

    private func dim(_ range: Range<Int>, in storage: TextStorage) {
        guard !range.isEmpty else { return }
        try? storage.addAttributes(TextAttributes(foregroundColor: markerColor), range: range)
    }

    /// Dims the backquotes around a code span (cmark-gfm places the span's text, not its delimiters).
    private func dimBackticks(around span: Range<Int>, in storage: TextStorage, paragraph: Range<Int>) {
        let units = storage.utf16
        var start = span.lowerBound, end = span.upperBound
        while start > paragraph.lowerBound, units[start - 1] == 0x60 { start -= 1 }
        while end < paragraph.upperBound, units[end] == 0x60 { end += 1 }
        dim(start..<span.lowerBound, in: storage)
        dim(span.upperBound..<end, in: storage)
    }

    /// The UTF-16 offset of each UTF-8 byte offset of `text` (and of its end), for cmark-gfm's byte columns.
    static func utf16Offsets(of text: Substring) -> [Int] {
        var offsets: [Int] = []
        offsets.reserveCapacity(text.utf8.count + 1)
        var utf16 = 0
        for scalar in text.unicodeScalars {
            for _ in 0..<UTF8.width(scalar) { offsets.append(utf16) }
            utf16 += UTF16.width(scalar)
        }
        offsets.append(utf16)
        return offsets
    }
}

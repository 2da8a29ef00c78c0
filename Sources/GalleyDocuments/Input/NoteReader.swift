import Foundation
import Galley
@_spi(Stages) import GalleyText

/// Reads a note: Markdown as GitHub writes it (CommonMark with tables, strikethrough, task lists and autolinks,
/// parsed by cmark-gfm), with a few things notes add on top of the parse:
/// - an optional front matter block (`---`, `date: 2026-11-22`, `lang: zh-Hant`, `code-ligatures: on`,
///   `writing-mode: vertical-rl`, `---`) whose date becomes a round badge in the top-right corner that the text
///   flows around, whose language is the note's (over `--lang` and inference; a run's own `language` still wins),
///   whose `code-ligatures: on` lets code form the monospaced font's programming ligatures (`->` as an arrow; off
///   by default, as GitHub), and whose line settings, named as their flags are (`writing-mode: vertical-rl`,
///   `text-combine-upright: digits 2`, `line-break-strictness: strict`), set every paragraph (the flags still
///   win), and whose `ruby-position` (`over`, `under`, `inter-character`) places every ruby annotation;
/// - a first `# Title` set as a headline with the letterpress effect;
/// - each line a paragraph of its own, as notes are typed (a line written flush left after a list item or quote
///   ends the list or quote, where CommonMark would continue its paragraph);
/// - lines starting `一、`, `二、` … as Chinese-numbered steps;
/// - `{width=200}` or `{height=40}` after a picture sizing it in points (else it is shown at half its pixel size,
///   sharp at the default scale 2).
///
/// Emphasis is italic, strong emphasis bold, code in JetBrains Mono on a tint, links coloured and underlined,
/// footnotes as superscript numbers with the notes at the end, block quotes indented in a muted colour, code
/// blocks in JetBrains Mono in a padded box, tables as grids (`TextTable`), other headings in a type scale.
/// Paragraphs written mostly in Chinese, Japanese or Korean are justified.
public enum NoteReader {
    /// How deeply block and inline markup may nest (a quote in a list in a quote, emphasis in a link in strong
    /// emphasis) before the note is refused.
    static let nestingLimit = 64

    /// The attributes `galley render` reads a note over when no option changes them: the body text style in
    /// `theme`'s text colour. ``read(_:defaults:access:theme:codeLigatures:limits:)`` starts from them when given
    /// no defaults, so a note read by the library draws as the command draws it.
    public static func defaultAttributes(theme: NoteTheme = .light) -> TextAttributes {
        TextAttributes(font: .textStyle(.body), foregroundColor: theme.text)
    }

    /// The note in `text` (Markdown, with front matter) over `defaults` (nil: ``defaultAttributes(theme:)``), its
    /// pictures read where `access` allows, its roles (links, quotes, code, rules) in `theme`'s colours; its code
    /// forms programming ligatures when `codeLigatures` is true or its front matter says `code-ligatures: on` (the
    /// request's choice laid over the note's, as every option is); its pictures and tables within `limits`.
    ///
    /// - Throws: ``InputError`` naming the line of a missing, refused, corrupt or oversized picture, of a list
    ///   nested deeper than `ParagraphStyle.listNestingLimit`, or of markup nested deeper than 64 levels.
    public static func read(
        _ text: String, defaults: TextAttributes? = nil, access: FileAccess = FileAccess(), theme: NoteTheme = .light,
        codeLigatures: Bool = false, limits: DocumentLimits = DocumentLimits()
    ) throws -> Document {
        // The lines are split once: the front matter, the markup check and the writer's lazy lines all read them.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false)
        let matter = try frontMatter(of: lines)
        let (date, language, frontMatterLigatures, lineSettings, frontMatterLines) = (
            matter.date, matter.language, matter.codeLigatures, matter.lineSettings, matter.lines
        )
        if let date, DateBadge.components(of: date) == nil {
            throw InputError(
                "front matter: date \"\(date.shortened(to: 40))\" is not a date like 2026-11-22 (YYYY-MM-DD)")
        }
        if let frontMatterLigatures, !["on", "off"].contains(frontMatterLigatures.lowercased()) {
            throw InputError(
                "front matter: code-ligatures \"\(frontMatterLigatures.shortened(to: 40))\" is not on or off")
        }
        var rubyPosition: RubyAnnotation.Position?
        if let written = matter.rubyPosition {
            rubyPosition = RubyAnnotation.Position(rawValue: written.lowercased())
            guard rubyPosition != nil else {
                throw InputError(
                    "front matter: ruby-position \"\(written.shortened(to: 40))\" is not "
                        + RubyAnnotation.Position.allCases.map(\.rawValue).joined(separator: ", "))
            }
        }
        // Checked before the note is read: a bad value is the front matter's error, named by its key.
        var settled = ParagraphStyle()
        for (setting, value) in lineSettings { try Self.apply(setting, value, to: &settled) }
        var defaults = defaults ?? defaultAttributes(theme: theme)
        if let language {
            guard LanguageTag.isValid(language) else {
                throw InputError(
                    "front matter: lang \"\(language.shortened(to: 40))\" is not a BCP 47 language tag like zh-Hans or ja"
                )
            }
            defaults.language = language
        }
        let body = lines[frontMatterLines...]
        try checkParsingCost(body, lineOffset: frontMatterLines)
        let tree = MarkdownTree(body.joined(separator: "\n"), readsRuby: true)
        let writer = NoteWriter(
            sourceLines: Array(body), defaults: defaults, images: DocumentFiles(access: access, limits: limits),
            lineOffset: frontMatterLines, tableCellLimit: limits.tableCells, theme: theme,
            codeLigatures: codeLigatures || frontMatterLigatures?.lowercased() == "on")
        writer.storage.beginEditing()  // one batch: the runs are fixed up once at the end, not once per run
        defer { writer.storage.endEditing() }
        try writer.write(tree.root.children, in: NoteWriter.Context(), depth: 0)
        // The front matter's settings over every run, in one pass.
        if !lineSettings.isEmpty || rubyPosition != nil {
            try writer.storage.modifyAttributes(in: 0..<writer.storage.length) { attributes in
                var attributes = attributes
                if !lineSettings.isEmpty {
                    var style = attributes.paragraphStyle ?? ParagraphStyle()
                    for (setting, value) in lineSettings { try? Self.apply(setting, value, to: &style) }
                    attributes.paragraphStyle = style
                }
                if let rubyPosition { attributes.ruby?.position = rubyPosition }
                return attributes
            }
        }
        var document = Document(storage: writer.storage)
        document.wrapSide = .largest
        document.floats = writer.floats
        if let height = matter.height {
            guard let points = Double(height), Document.heightRange.contains(points) else {
                throw InputError(
                    "front matter: height \"\(height.shortened(to: 40))\" is not a number of points in "
                        + "\(Document.heightRange.lowerBound)...\(Document.heightRange.upperBound)")
            }
            document.height = points
        }
        if let date {
            // The badge speaks the note's language: the one asked for, else Chinese, Japanese or Korean when most
            // of the note is written in it.
            let whole = writer.storage.string
            document.badge = DateBadge(
                date: date,
                language: defaults.language
                    ?? (isMostlyCJK(whole) ? LanguageInference.language(of: Array(whole.utf16)[...]) : nil) ?? "en")
        }

        return document
    }

    /// The most pairs of an emphasis marker (`*`, `_`, `~`) and a closing bracket one paragraph may hold:
    /// cmark-gfm 0.29's time grows with their product (every link or picture closed revisits the markers before
    /// it), about 5 ns a pair, so this keeps a note's parse under half a second.
    static let markupPairLimit = 100_000_000

    /// The most cells (pipes) one line of a table may have: cmark-gfm 0.29 appends each cell of a row it parses to
    /// the end of a linked list by walking it, so a row's time grows with the square of its cells (a delimiter row
    /// of 40,000 cells took 5.5 s). A thousand keeps a row under a few milliseconds.
    static let tableRowCellLimit = 1_000

    /// Refuses a paragraph whose markup would take cmark-gfm too long to parse, counted on the raw text: each run of
    /// non-blank lines outside fenced code blocks is taken as one paragraph. Its inline markup is held to
    /// ``markupPairLimit``; when one of its lines could be a table's delimiter row (`|---|:-:|`), cmark-gfm parses
    /// its lines as table rows, each held to ``tableRowCellLimit``.
    static func checkParsingCost(_ lines: ArraySlice<Substring>, lineOffset: Int) throws {
        var markers = 0, closers = 0, start = 1, fence: Substring?
        // The block's widest line (its pipes, its index) and whether a line of it could be a delimiter row.
        var widest = (pipes: 0, index: 0), hasDelimiterRow = false
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix(3)
                (markers, closers, start, widest, hasDelimiterRow) = (0, 0, index + 2, (0, 0), false)
                continue
            }
            if trimmed.isEmpty {
                (markers, closers, start, widest, hasDelimiterRow) = (0, 0, index + 2, (0, 0), false)
                continue
            }
            var pipes = 0, onlyDelimiterRow = true, hasDash = false
            for byte in line.utf8 {
                switch byte {
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"): markers += 1
                case UInt8(ascii: "]"): closers += 1
                case UInt8(ascii: "|"): pipes += 1
                case UInt8(ascii: "-"): hasDash = true
                case UInt8(ascii: ":"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"): break
                default: onlyDelimiterRow = false
                }
            }
            if pipes > widest.pipes { widest = (pipes, index) }
            hasDelimiterRow = hasDelimiterRow || (onlyDelimiterRow && hasDash && pipes > 0)
            if hasDelimiterRow, widest.pipes > tableRowCellLimit {
                throw InputError(
                    "line \(widest.index + 1 + lineOffset): a table row of \(widest.pipes) cells (|); at most \(tableRowCellLimit) (Markdown parsing time grows with the square of a row's cells)"
                )
            }
            if markers.multipliedReportingOverflow(by: closers).partialValue > markupPairLimit
                || markers > markupPairLimit || closers > markupPairLimit
            {
                throw InputError(
                    "line \(start + lineOffset): a paragraph with \(markers) emphasis markers (* _ ~) and \(closers) closing brackets; at most \(markupPairLimit) pairs of them (Markdown parsing time grows with their product)"
                )
            }
        }
    }

    /// What a front matter block at the start of a note gives: `---` lines around `key: value` lines.
    struct FrontMatter {
        var date: String?
        var language: String?
        var codeLigatures: String?
        /// The container's height in points, as written (a vertical note's column length).
        var height: String?
        /// Where the note's ruby sits, as written (CSS `ruby-position`: `inter-character` sets zhuyin beside
        /// each character).
        var rubyPosition: String?
        var lineSettings: [(RequestSetting, String)] = []
        /// The lines the block takes, its `---` lines included (0 without one).
        var lines = 0

        /// The keys a front matter may give, besides the line settings' flags.
        static let keys = ["date", "lang", "language", "code-ligatures", "height", "ruby-position"]
        /// Keys other note tools write (Jekyll, Hugo, Obsidian): read past, as they say nothing of how to set the
        /// note.
        static let othersKeys: Set<String> = ["title", "tags", "author", "authors", "categories", "aliases", "draft"]
    }

    /// The front matter block at the start of a note's `lines`.
    ///
    /// - Throws: ``InputError`` for a key Galley does not know (with the nearest known one), naming it: a mistyped
    ///   key would otherwise be silently ignored.
    static func frontMatter(of lines: [Substring]) throws -> FrontMatter {
        var matter = FrontMatter()
        guard lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
        else { return matter }
        for line in lines[1..<end] {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else { continue }
            switch parts[0].lowercased() {
            case "date": matter.date = parts[1]
            case "lang", "language": matter.language = parts[1]
            case "code-ligatures": matter.codeLigatures = parts[1]
            case "height": matter.height = parts[1]
            case "ruby-position": matter.rubyPosition = parts[1]
            case let key:
                if let setting = RequestSettings.lines.first(where: { $0.name.optionName == key }) {
                    matter.lineSettings.append((setting, parts[1]))
                } else if !FrontMatter.othersKeys.contains(key) {
                    let known = FrontMatter.keys + RequestSettings.lines.map(\.name.optionName)
                    let nearest = NearestName.among(known, to: key).map { "did you mean \($0)? " } ?? ""
                    throw InputError(
                        "front matter: unknown key \(key.shortened(to: 40)); \(nearest)the keys are "
                            + known.joined(separator: ", "))
                }
            }
        }
        matter.lines = end + 1
        return matter
    }

    /// Sets `style` from a front matter line's `setting` written as `text` (a name, a number, on or off), as the
    /// setting's flag takes it.
    ///
    /// - Throws: ``InputError`` naming the front matter key for a value the setting does not take.
    static func apply(_ setting: RequestSetting, _ text: String, to style: inout ParagraphStyle) throws {
        let value: JSONValue
        switch setting.values {
        case .number, .integer: value = Double(text).map(JSONValue.number) ?? .string(text)
        case .flag:
            let word = text.lowercased()
            value =
                ["on", "true", "yes"].contains(word)
                ? .bool(true) : ["off", "false", "no"].contains(word) ? .bool(false) : .string(text)
        case .choice, .text: value = .string(text)
        }
        try setting.paragraphStyle?.apply(
            JSONField(value: value, path: "front matter: \(setting.name.optionName)"), &style)
    }

    /// Whether more of the line's letters are CJK ideographs, kana or Hangul than anything else.
    static func isMostlyCJK(_ line: String) -> Bool {
        var cjk = 0, other = 0
        for scalar in line.unicodeScalars where scalar.properties.isAlphabetic {
            if scalar.properties.isIdeographic || CharacterClasses.isInKanaBlocks(scalar.value)
                || CharacterClasses.isHangulSyllable(scalar.value)
            {
                cjk += 1
            } else {
                other += 1
            }
        }
        return cjk > other
    }

}

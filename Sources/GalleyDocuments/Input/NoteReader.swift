import Foundation
import Galley

/// Reads a note: an optional front matter block (`---`, `date: 2026-11-22`, `---`), a `# Title` line, then body
/// text where each line is a paragraph and `*bold*`, `_italic_`, `~strike~` and backquoted code style words.
/// Lines starting with `- ` or `* ` are bullets, `1. ` numbered steps, `一、` Chinese-numbered ones, `- [ ] ` and
/// `- [x] ` check boxes; two spaces or a tab before the marker nest an item one level deeper.
/// `![alt](picture.png)` puts a picture in the text (on its own line, a paragraph of its own); a `{width=200}` or
/// `{height=40}` after it sizes it in points, else it is shown at half its pixel size (sharp at the default scale
/// 2). The title is a headline with the letterpress effect; a date becomes a round badge in the top-right corner
/// that the text flows around.
public enum NoteReader {
    static let accent = Color(red: 0.85, green: 0.33, blue: 0.27)

    /// The note in `text` (a `# Title` line, front matter, body lines with inline markup) over `defaults`, its
    /// pictures read where `access` allows.
    ///
    /// - Throws: ``InputError`` naming the line of a missing, refused, corrupt or oversized picture, or of a list
    ///   nested deeper than `Limits.listNesting`.
    public static func read(_ text: String, defaults: TextAttributes, access: FileAccess = FileAccess()) throws
        -> Document
    {
        let images = DocumentFiles(access: access)
        var lists = NoteLists()
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map(String.init)
        var date: String?
        var frontMatterLines = 0
        if lines.first?.trimmingCharacters(in: .whitespaces) == "---",
            let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
        {
            for line in lines[1..<end] {
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2, parts[0].lowercased() == "date", !parts[1].isEmpty { date = parts[1] }
            }
            lines.removeSubrange(0...end)
            frontMatterLines = end + 1
        }
        let storage = TextStorage("", attributes: defaults)
        // One editing batch: the runs are fixed up once at the end, not once per run.
        storage.beginEditing()
        defer { storage.endEditing() }
        var body = ParagraphStyle()
        body.paragraphSpacing = 8
        body.autospace = true  // notes mix Chinese with English and code: CLREQ's Han–Latin spacing
        body.textWrap = .pretty  // notes are read as typeset text: no paragraph ends on a stranded word
        var first = true
        for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let separator = first ? "" : "\n"
            let markup = InlineMarkup(images: images, lineNumber: number + 1 + frontMatterLines)
            if first, line.hasPrefix("# ") {
                lists.end()
                var title = defaults
                title.font = headlineFont(from: defaults.font)
                title.textEffect = .letterpress
                var style = ParagraphStyle()
                style.paragraphSpacing = 10
                style.autospace = true
                title.paragraphStyle = style
                storage.append(separator + line.dropFirst(2).trimmingCharacters(in: .whitespaces), attributes: title)
            } else if let item = try lists.item(line, lineNumber: number + 1 + frontMatterLines) {
                var style = body
                style.paragraphSpacing = 4
                style.textLists = item.lists
                // Room for "10." and "十二、" beside the text.
                style.listIndent = 32
                var attributes = defaults
                if item.format == .checkedBox {
                    // A done item fades, as checklists show it.
                    attributes.foregroundColor = (defaults.foregroundColor ?? Document.ink).withAlpha(0.5)
                }
                attributes.paragraphStyle = style
                storage.append(separator, attributes: attributes)
                try markup.append(item.text, to: storage, base: attributes)
            } else {
                lists.end()
                var attributes = defaults
                var style = body
                // Paragraphs written mostly in Chinese, Japanese or Korean are set justified, as their books and
                // papers are; English with a Chinese phrase keeps ragged lines (justified, its word gaps would gape).
                if Self.isMostlyCJK(line) { style.alignment = .justified }
                attributes.paragraphStyle = style
                storage.append(separator, attributes: attributes)
                try markup.append(line.trimmingCharacters(in: .whitespaces), to: storage, base: attributes)
            }
            first = false
        }
        var document = Document(storage: storage)
        document.badgeDate = date
        return document
    }

    /// Whether more of the line's letters are CJK ideographs, kana or Hangul than anything else.
    static func isMostlyCJK(_ line: String) -> Bool {
        var cjk = 0, other = 0
        for scalar in line.unicodeScalars where scalar.properties.isAlphabetic {
            if scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
                || (0xAC00...0xD7A3).contains(scalar.value)
            {
                cjk += 1
            } else {
                other += 1
            }
        }
        return cjk > other
    }

    /// The title font: the headline style in the body's family, or the body's fixed font made semibold.
    private static func headlineFont(from body: FontSpecifier?) -> FontSpecifier {
        switch body {
        case .font(let font): return .font((try? font.withWeight(600)) ?? font)
        case .styled(_, let family, _, _): return .styled(.headline, family: family)
        default: return .textStyle(.headline)
        }
    }

    /// A round badge with the day over the month, 4 pt in from the container's top-right corner: 64 pt across at
    /// the default category, scaled with the body size of `settings` so its label fits at every category.
    public static func badge(
        for date: String, containerWidth: Double, defaults: TextAttributes,
        settings: DynamicTypeSettings = DynamicTypeSettings()
    ) -> Exclusion {
        // 32 pt at the default category, growing and shrinking with the body text so the label always fits.
        let radius = 32 * settings.pointSize(of: .body) / DynamicTypeSettings().pointSize(of: .body)
        let circle = BezierPath.circle(center: Point(x: containerWidth - radius - 4, y: radius + 4), radius: radius)
        var centered = ParagraphStyle()
        centered.alignment = .center
        let white = Color.white
        let label = TextStorage("", attributes: defaults)
        let (day, month) = dayAndMonth(date)
        label.append(
            day,
            attributes: TextAttributes(
                font: .styled(.title2, weight: 700), foregroundColor: white, paragraphStyle: centered))
        label.append(
            "\n" + month,
            attributes: TextAttributes(
                font: .styled(.caption2, weight: 600), foregroundColor: white, tracking: 1, paragraphStyle: centered))
        return Exclusion(path: circle, fill: accent, label: label)
    }

    /// "2026-11-22" → ("22", "NOV"); any other text → (text, "").
    static func dayAndMonth(_ date: String) -> (String, String) {
        let parts = date.split(separator: "-")
        let months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let day = Int(parts[2]) else {
            return (String(date.prefix(6)), "")
        }
        return (String(day), months[month - 1])
    }
}

/// The inline markup of notes: `*bold*`, `_italic_`, `~strike~`, backquoted code and `![alt](picture.png)`. A
/// marker opens only before a non-space character and when its closing marker follows on the line; a backslash
/// escapes the next character.
struct InlineMarkup {
    let images: DocumentFiles
    /// The line's number in the file, for errors.
    let lineNumber: Int

    func append(_ line: String, to storage: TextStorage, base: TextAttributes) throws {
        let characters = Array(line)
        let marks = MarkPositions(characters, marks: ["]", ")", "}", "`", "*", "_", "~"])
        var index = 0
        var bold = false, italic = false, strike = false
        var pending = ""
        func flush(code: Bool = false) {
            guard !pending.isEmpty else { return }
            storage.append(
                pending, attributes: Self.attributes(base, bold: bold, italic: italic, strike: strike, code: code))
            pending = ""
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                pending.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "!", let picture = NotePicture(characters, at: index, marks: marks) {
                flush()
                var attributes = base
                attributes.attachment = try attachment(for: picture)
                storage.append(String(TextAttachment.character), attributes: attributes)
                index = picture.end
                continue
            }
            if character == "`", let close = marks.next("`", from: index + 1), close > index + 1 {
                flush()
                pending = String(characters[(index + 1)..<close])
                flush(code: true)
                index = close + 1
                continue
            }
            if let flag = ["*": 0, "_": 1, "~": 2][character] {
                let isOn = [bold, italic, strike][flag]
                let opens =
                    !isOn && index + 1 < characters.count && !characters[index + 1].isWhitespace
                    && marks.next(character, from: index + 1) != nil
                if isOn || opens {
                    flush()
                    switch flag {
                    case 0: bold.toggle()
                    case 1: italic.toggle()
                    default: strike.toggle()
                    }
                    index += 1
                    continue
                }
            }
            pending.append(character)
            index += 1
        }
        flush()
    }

    /// The picture's attachment: the size its `{width=…}` or `{height=…}` asks for, else half its pixel size.
    private func attachment(for picture: NotePicture) throws -> TextAttachment {
        do {
            return try images.attachment(
                path: picture.path, width: picture.width, height: picture.height, baselineOffset: 0,
                label: picture.alt, pixelsPerPoint: 2)
        } catch let error as ImageError {
            throw InputError("line \(lineNumber): \(error.description)")
        } catch let error as AttachmentError {
            throw InputError("line \(lineNumber): \(error.description)")
        }
    }

    static func attributes(_ base: TextAttributes, bold: Bool, italic: Bool, strike: Bool, code: Bool)
        -> TextAttributes
    {
        var attributes = base
        let style = base.font?.textStyle ?? .body
        if code {
            attributes.font = .styled(style, family: "JetBrains Mono", weight: bold ? 700 : nil, italic: italic)
            attributes.backgroundColor = Color(red: 0.5, green: 0.5, blue: 0.55, alpha: 0.14)
        } else if bold || italic {
            switch base.font {
            case .font(let font):
                attributes.font = .font((try? font.withWeight(bold ? 700 : font.weight)) ?? font)
            case .styled(_, let family, let weight, let baseItalic):
                attributes.font = .styled(
                    style, family: family, weight: bold ? 700 : weight, italic: italic || baseItalic)
            default:
                attributes.font = .styled(style, weight: bold ? 700 : nil, italic: italic)
            }
        }
        if strike { attributes.strikethrough = TextDecoration() }
        return attributes
    }
}

import Foundation
import Galley

/// The list items of a note, line by line: `- ` and `* ` bullets (•, ◦, ▪ by depth), `1. ` or `1) ` numbered steps
/// (numbered from the first item's number), `一、` Chinese-numbered steps, and `- [ ] ` / `- [x] ` check boxes.
/// Two spaces or one tab before the marker nest an item one level under the item above.
struct NoteLists {
    /// The lists open at each depth.
    private var open: [TextList] = []

    /// An item: the lists it is nested in (outermost first), its marker format and its text after the marker.
    struct Item {
        let lists: [TextList]
        let format: TextList.MarkerFormat
        let text: String
    }

    /// Ends the open lists (a paragraph that is not an item).
    mutating func end() { open = [] }

    /// The item `line` starts, continuing the open lists; nil when the line is no list item.
    ///
    /// - Throws: ``InputError`` naming `lineNumber` for an item nested deeper than `Limits.listNesting`.
    mutating func item(_ line: String, lineNumber: Int) throws -> Item? {
        var depth = 0, spaces = 0
        var rest = Substring(line)
        while let first = rest.first, first == " " || first == "\t" {
            if first == "\t" {
                depth += 1
                spaces = 0
            } else {
                spaces += 1
                if spaces == 2 {
                    depth += 1
                    spaces = 0
                }
            }
            rest = rest.dropFirst()
        }
        guard let (format, start, text) = Self.marker(rest, depth: depth) else { return nil }
        let limit = Limits.current.listNesting
        guard depth < limit else {
            throw InputError("line \(lineNumber): a list item nested \(depth + 1) levels deep; the limit is \(limit)")
        }
        // An item deeper than the one above by several levels nests under it by one.
        let level = min(depth, open.count)
        var lists = Array(open.prefix(level))
        if open.count > level, open[level].markerFormat == format {
            lists.append(open[level])
        } else {
            lists.append(TextList(markerFormat: format, startingItemNumber: start))
        }
        open = lists
        return Item(lists: lists, format: format, text: String(text))
    }

    /// The marker at the start of `text` (after the indent): its format, the number it gives, and the text after it.
    private static func marker(_ text: Substring, depth: Int) -> (TextList.MarkerFormat, Int, Substring)? {
        for (prefix, format) in [
            ("- [ ] ", TextList.MarkerFormat.uncheckedBox), ("- [x] ", .checkedBox), ("- [X] ", .checkedBox),
            ("* [ ] ", .uncheckedBox), ("* [x] ", .checkedBox),
        ] where text.hasPrefix(prefix) {
            return (format, 1, text.dropFirst(prefix.count))
        }
        if text.hasPrefix("- ") || text.hasPrefix("+ ") || (text.hasPrefix("* ") && !text.hasPrefix("**")) {
            return (TextList.MarkerFormat.bullet(forLevel: depth + 1), 1, text.dropFirst(2))
        }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        if (1...9).contains(digits.count), let number = Int(digits) {
            let after = text.dropFirst(digits.count)
            if after.hasPrefix(". ") || after.hasPrefix(") ") { return (.decimal, number, after.dropFirst(2)) }
        }
        let numerals = text.prefix { "零一二三四五六七八九十百千".contains($0) }
        if !numerals.isEmpty, numerals.count <= 6, text.dropFirst(numerals.count).first == "、" {
            return (.chinese, Self.chineseValue(numerals) ?? 1, text.dropFirst(numerals.count + 1))
        }
        return nil
    }

    /// The value of a Chinese numeral such as 十二 or 一百零五; nil when it is not one.
    private static func chineseValue(_ numerals: Substring) -> Int? {
        let digits: [Character: Int] = ["零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9]
        let units: [Character: Int] = ["十": 10, "百": 100, "千": 1000]
        var total = 0, pending: Int?
        for character in numerals {
            if let digit = digits[character] {
                pending = digit
            } else if let unit = units[character] {
                total += (pending ?? 1) * unit
                pending = nil
            } else {
                return nil
            }
        }
        return total + (pending ?? 0)
    }
}

/// `![alt](path.png)` in a note, optionally followed by `{width=200}`, `{height=40}` or both (points).
struct NotePicture {
    let alt: String
    let path: String
    let width: Double?
    let height: Double?
    /// The index just past the markup.
    let end: Int

    /// The picture markup starting at `characters[start]` (the `!`), or nil when there is none; `marks` finds
    /// the closing brackets.
    init?(_ characters: [Character], at start: Int, marks: MarkPositions) {
        guard start + 1 < characters.count, characters[start + 1] == "[",
            let closeBracket = marks.next("]", from: start + 2),
            closeBracket + 1 < characters.count, characters[closeBracket + 1] == "(",
            let closeParen = marks.next(")", from: closeBracket + 2), closeParen > closeBracket + 2
        else { return nil }
        alt = String(characters[(start + 2)..<closeBracket])
        path = String(characters[(closeBracket + 2)..<closeParen]).trimmingCharacters(in: .whitespaces)
        var end = closeParen + 1
        var width: Double?, height: Double?
        if end < characters.count, characters[end] == "{",
            let closeBrace = marks.next("}", from: end + 1)
        {
            for setting in String(characters[(end + 1)..<closeBrace]).split(separator: " ") {
                let parts = setting.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value > 0 else { continue }
                if parts[0] == "width" { width = value }
                if parts[0] == "height" { height = value }
            }
            end = closeBrace + 1
        }
        self.width = width
        self.height = height
        self.end = end
    }
}

/// Where each markup character occurs in a line, so that finding the next one is a bisection instead of a scan to
/// the line's end (a line of 100,000 unclosed `![` would otherwise take 10¹⁰ steps).
struct MarkPositions {
    private var positions: [Character: [Int]] = [:]

    /// The positions in `characters` of each of `marks`.
    init(_ characters: [Character], marks: Set<Character>) {
        for (index, character) in characters.enumerated() where marks.contains(character) {
            positions[character, default: []].append(index)
        }
    }

    /// The first index at or after `start` holding `mark`, or nil.
    func next(_ mark: Character, from start: Int) -> Int? {
        guard let list = positions[mark] else { return nil }
        let low = list.partitioningIndex { $0 >= start }
        return low < list.count ? list[low] : nil
    }
}

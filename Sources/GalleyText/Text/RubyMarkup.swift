/// Ruby written in plain text, as markdown-it-ruby and several note apps write it: `{東京|とうきょう}` puts one
/// annotation over the whole base (group ruby), `{漢字|かん|じ}` one per base character (mono ruby). Braces without
/// a `|` inside stay as they are (`{width=120}`, `{x}`); a brace with no partner too; `\{` is a brace that opens
/// nothing.
public enum RubyMarkup {
    /// Text with its ruby markup read: the text without the markup, and each base's range in it (UTF-16 offsets)
    /// with its annotation.
    public struct Parsed: Sendable {
        /// The text without the markup: each ruby's base in its place.
        public var text: String
        /// Each base's range in ``text`` (UTF-16 offsets) and its annotation, in order.
        public var rubies: [(range: Range<Int>, annotation: RubyAnnotation)]

        /// Text and its ruby, as ``RubyMarkup/parse(_:position:)`` gives them.
        public init(text: String, rubies: [(range: Range<Int>, annotation: RubyAnnotation)]) {
            (self.text, self.rubies) = (text, rubies)
        }

        /// ``text`` in pieces, in order: each stretch between bases with no annotation, each base with its own.
        public var pieces: [(text: String, annotation: RubyAnnotation?)] {
            let units = Array(text.utf16)
            var pieces: [(text: String, annotation: RubyAnnotation?)] = []
            var start = 0
            for (range, annotation) in rubies {
                if range.lowerBound > start {
                    pieces.append((String(decoding: units[start..<range.lowerBound], as: UTF16.self), nil))
                }
                pieces.append((String(decoding: units[range], as: UTF16.self), annotation))
                start = range.upperBound
            }
            if start < units.count { pieces.append((String(decoding: units[start...], as: UTF16.self), nil)) }
            return pieces
        }

        /// ``text`` as a storage in `attributes`, each base carrying its annotation.
        public func storage(attributes: TextAttributes) -> TextStorage {
            let storage = TextStorage(text, attributes: attributes)
            for (range, annotation) in rubies {
                // Never out of range: the ranges are the text's own.
                try? storage.modifyAttributes(in: range) {
                    var annotated = $0
                    annotated.ruby = annotation
                    return annotated
                }
            }
            return storage
        }
    }

    /// `text` with its ruby read, each annotation at `position`.
    ///
    /// - Throws: ``RubyError`` for an empty base or annotation, an annotation past ``RubyAnnotation/textLimit``,
    ///   a count of annotations that is neither one nor one per base character, or ruby inside ruby.
    public static func parse(_ text: String, position: RubyAnnotation.Position = .over) throws(RubyError) -> Parsed {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return Parsed(text: text, rubies: []) }
        let characters = Array(text)
        let groups = Self.groups(in: characters)
        var output = "", rubies: [(range: Range<Int>, annotation: RubyAnnotation)] = []
        var utf16Count = 0
        var index = 0
        while index < characters.count {
            if Self.isEscapedBrace(at: index, in: characters) {
                output.append("{")
                utf16Count += 1
                index += 2
                continue
            }
            // A brace group with a `|` of its own is ruby; any other brace is text, and so is what it holds.
            guard let group = groups[index], group.hasBar else {
                output.append(characters[index])
                utf16Count += characters[index].utf16.count
                index += 1
                continue
            }
            guard !group.hasGroup else { throw .nested }
            let parts = characters[(index + 1)..<group.close].split(separator: "|", omittingEmptySubsequences: false)
                .map { String($0) }
            let base = parts[0], annotation = RubyAnnotation(perCharacter: Array(parts.dropFirst()), position: position)
            try annotation.validate(base: base)
            rubies.append((utf16Count..<(utf16Count + base.utf16.count), annotation))
            output += base
            utf16Count += base.utf16.count
            index = group.close + 1
        }
        return Parsed(text: output, rubies: rubies)
    }

    /// A `{…}` group: where its `}` is, whether a `|` stands in it outside any group inside it, and whether it
    /// holds a group.
    private struct Group {
        var close = 0
        var hasBar = false
        var hasGroup = false
    }

    /// Whether a `\` at `index` makes the `{` after it a brace that opens nothing.
    private static func isEscapedBrace(at index: Int, in characters: [Character]) -> Bool {
        characters[index] == "\\" && index + 1 < characters.count && characters[index + 1] == "{"
    }

    /// Per character, the group its `{` opens (nil for every other character and an unclosed `{`): found in one
    /// pass with a stack, so that no text makes the reading slower than linear.
    private static func groups(in characters: [Character]) -> [Group?] {
        var groups = [Group?](repeating: nil, count: characters.count)
        var open: [(index: Int, group: Group)] = []
        for (index, character) in characters.enumerated() {
            guard index == 0 || !isEscapedBrace(at: index - 1, in: characters) else { continue }
            switch character {
            case "{":
                if !open.isEmpty { open[open.count - 1].group.hasGroup = true }
                open.append((index, Group()))
            case "|":
                if !open.isEmpty { open[open.count - 1].group.hasBar = true }
            case "}":
                guard var closed = open.popLast() else { continue }
                closed.group.close = index
                groups[closed.index] = closed.group
            default: continue
            }
        }
        return groups
    }
}

/// Ruby written in plain text, as markdown-it-ruby and several note apps write it: `{東京|とうきょう}` puts one
/// annotation over the whole base (group ruby), `{漢字|かん|じ}` one per base character (mono ruby). Braces without
/// a `|` inside stay as they are (`{width=120}`, `{x}`); a brace with no partner too.
public enum RubyMarkup {
    /// Text with its ruby markup read: the text without the markup, and each base's range in it (UTF-16 offsets)
    /// with its annotation.
    public struct Parsed: Sendable {
        /// The text without the markup: each ruby's base in its place.
        public var text: String
        /// Each base's range in ``text`` (UTF-16 offsets) and its annotation, in order.
        public var rubies: [(range: Range<Int>, annotation: RubyAnnotation)]
    }

    /// `text` with its ruby read, each annotation at `position`.
    ///
    /// - Throws: ``RubyError`` for an empty base or annotation, an annotation past ``RubyAnnotation/textLimit``,
    ///   a count of annotations that is neither one nor one per base character, or ruby inside ruby.
    public static func parse(_ text: String, position: RubyAnnotation.Position = .over) throws(RubyError) -> Parsed {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return Parsed(text: text, rubies: []) }
        let characters = Array(text)
        var output = "", rubies: [(range: Range<Int>, annotation: RubyAnnotation)] = []
        var utf16Count = 0
        var index = 0
        while index < characters.count {
            guard characters[index] == "{", let close = Self.close(of: index, in: characters) else {
                output.append(characters[index])
                utf16Count += characters[index].utf16.count
                index += 1
                continue
            }
            let inside = characters[(index + 1)..<close]
            guard inside.contains("|") else {
                let literal = String(characters[index...close])
                output += literal
                utf16Count += literal.utf16.count
                index = close + 1
                continue
            }
            guard !inside.contains("{") else { throw .nested }
            let parts = inside.split(separator: "|", omittingEmptySubsequences: false).map { String($0) }
            let base = parts[0], annotation = RubyAnnotation(perCharacter: Array(parts.dropFirst()), position: position)
            try annotation.validate(base: base)
            rubies.append((utf16Count..<(utf16Count + base.utf16.count), annotation))
            output += base
            utf16Count += base.utf16.count
            index = close + 1
        }
        return Parsed(text: output, rubies: rubies)
    }

    /// The index of the `}` that closes the `{` at `open`, braces inside counted; nil when none does.
    private static func close(of open: Int, in characters: [Character]) -> Int? {
        var depth = 0
        for index in open..<characters.count {
            if characters[index] == "{" { depth += 1 }
            if characters[index] == "}" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }
}

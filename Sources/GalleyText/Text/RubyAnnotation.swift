import Foundation

/// Ruby (ルビ, 注音): small text over a run of base characters that says how to read them, as HTML's `<ruby>` and
/// CSS Ruby set it, TextKit's `kCTRubyAnnotationAttributeName` names it and JLREQ §3.3 describes it. Set on the
/// base's characters (``TextAttributes/ruby``): furigana over kanji, pinyin or zhuyin over hanzi.
///
/// An annotation is half the base's font size, centred over its base with CSS's `ruby-align: space-around`: the
/// wider of the two is spread over the other, the base characters taking the room between and beside them. Where
/// the annotation is the wider, it overhangs the text beside its base by up to half its own size, as Chromium lets
/// it; the line grows to hold it as Chromium grows it (by what it needs past the characters' em box, less what the
/// line before leaves free). A line never breaks inside a base.
public struct RubyAnnotation: Hashable, Sendable {
    /// Where the annotation sits beside a horizontal line's base (CSS `ruby-position`); in vertical text over is
    /// the right of the column and under its left.
    public enum Position: String, Hashable, Sendable, CaseIterable {
        /// Over the base (CSS `over`, the default).
        case over
        /// Under the base (CSS `under`).
        case under
        /// On the right of each base character, set down a column of its own (CSS `inter-character`, for zhuyin
        /// as Taiwan sets it beside each character): the symbols stacked and centred on the character, a tone mark
        /// (ˊ ˇ ˋ) beside the last, the light tone ˙ above the first; the line makes room for it along the line.
        /// In vertical text it is `over`, as CSS says.
        case interCharacter = "inter-character"
    }

    /// The annotation texts: one over the whole base (group ruby, `{東京|とうきょう}`), or one per base character
    /// in order (mono ruby, `{漢字|かん|じ}`: each character a column of its own, where a line may break between
    /// columns).
    public var texts: [String]
    /// Which side the annotation sits on.
    public var position: Position

    /// One annotation over the whole base (group ruby).
    public init(_ text: String, position: Position = .over) {
        (texts, self.position) = ([text], position)
    }

    /// One annotation per base character, in order (mono ruby); a count that is not the base's character count
    /// is taken as one annotation, the texts joined, over the whole base.
    public init(perCharacter texts: [String], position: Position = .over) {
        (self.texts, self.position) = (texts, position)
    }

    /// The most UTF-16 code units one annotation text may hold.
    public static let textLimit = 256

    /// Checks the annotation over `base` (the base characters): a base with something to annotate, each text
    /// non-empty and within ``textLimit``, and one text per base character or one for all.
    ///
    /// - Throws: ``RubyError`` naming what is wrong.
    public func validate(base: String) throws(RubyError) {
        guard !base.isEmpty, !base.allSatisfy(\.isWhitespace) else { throw .emptyBase }
        guard !texts.isEmpty else { throw .emptyAnnotation(base: base) }
        for text in texts {
            guard !text.isEmpty else { throw .emptyAnnotation(base: base) }
            guard text.utf16.count <= Self.textLimit else {
                throw .annotationTooLong(length: text.utf16.count, limit: Self.textLimit)
            }
        }
        guard texts.count == 1 || texts.count == base.count else {
            throw .countMismatch(base: base, characters: base.count, annotations: texts.count)
        }
    }
}

/// Why a ruby annotation cannot be set.
public enum RubyError: GalleyError, Equatable, Sendable {
    /// The base holds no character to annotate.
    case emptyBase
    /// An annotation text over `base` is empty.
    case emptyAnnotation(base: String)
    /// An annotation text is `length` UTF-16 code units long, past `limit`.
    case annotationTooLong(length: Int, limit: Int)
    /// `annotations` texts over a base of `characters` characters: neither one nor one per character.
    case countMismatch(base: String, characters: Int, annotations: Int)
    /// Ruby inside a ruby's base or annotation.
    case nested

    /// The error as one line, starting `ruby:`.
    public var description: String {
        switch self {
        case .emptyBase: return "ruby: the base is empty"
        case .emptyAnnotation(let base): return "ruby: the annotation over \"\(base)\" is empty"
        case .annotationTooLong(let length, let limit):
            return "ruby: an annotation is \(length) UTF-16 code units long, more than the limit of \(limit)"
        case .countMismatch(let base, let characters, let annotations):
            return
                "ruby: \"\(base)\" has \(characters) characters and \(annotations) annotations: give one annotation, or one per character"
        case .nested: return "ruby: ruby inside a ruby base or annotation is not allowed"
        }
    }
}

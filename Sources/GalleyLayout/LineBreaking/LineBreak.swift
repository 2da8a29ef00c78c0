@_spi(Stages) import GalleyText

/// One line chosen by the `LineBreaker`: which characters it holds and how wide they are.
public struct LineBreak: Hashable, Sendable {
    /// The line's characters, as UTF-16 offsets from the paragraph's start (trailing spaces included).
    public var utf16Range: Range<Int>
    /// Where the trailing white space starts; it hangs past the line's edge and is not counted in ``width``.
    public var contentEnd: Int
    /// The width of the characters before ``contentEnd``, in points, from the shaped advances.
    public var width: Double
    /// Whether the line ends at a mandatory break (U+2028 and the like) rather than for lack of room.
    public var endsAtMandatoryBreak: Bool
    /// Whether no break opportunity fitted and the line was cut between grapheme clusters instead.
    public var isEmergencyBreak: Bool
    /// Whether the line ends inside a word, at a soft hyphen or a hyphenation point, and shows a hyphen there;
    /// ``width`` includes the hyphen's advance.
    public var isHyphenated = false
    /// How much the line's last character gives back at the line's end, in points: the autospace after it, and
    /// half the width of a full-width closing mark set half-width so that the line fits (CSS `text-spacing-trim`).
    /// ``width`` already excludes it.
    public var endTrim = 0.0
    /// How much the line's first character widens at the line's start, in points: an opening mark set half-width
    /// after the punctuation before it takes its full width back when a line starts with it. ``width`` includes
    /// it.
    public var startWidening = 0.0
    /// The advance of the opening mark that hangs past the line's start edge, in points
    /// (``ParagraphStyle/HangingPunctuation/first``); ``width`` excludes it.
    public var hangingStart = 0.0
    /// The advance of the stop, comma or closing mark that hangs past the line's end edge, in points
    /// (``ParagraphStyle/HangingPunctuation``); ``width`` excludes it.
    public var hangingEnd = 0.0

    /// The trailing white space, as UTF-16 offsets from the paragraph's start (empty when there is none).
    public var trailingRange: Range<Int> { contentEnd..<utf16Range.upperBound }

    /// The same line with `trim` more given back at its end (a closing mark set half-width so that it fits).
    func trimmed(by trim: Double) -> LineBreak { narrowed(by: trim, keepingIn: \.endTrim) }

    /// The same line with its last mark, `hang` points wide, hanging past the end edge (`allowEnd`).
    func hanging(by hang: Double) -> LineBreak { narrowed(by: hang, keepingIn: \.hangingEnd) }

    /// The same line `amount` points narrower, the amount noted in `part`.
    private func narrowed(by amount: Double, keepingIn part: WritableKeyPath<LineBreak, Double>) -> LineBreak {
        guard amount != 0 else { return self }
        var line = self
        line.width -= amount
        line[keyPath: part] += amount
        return line
    }
}

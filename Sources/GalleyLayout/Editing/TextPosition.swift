@_spi(Stages) import GalleyText

/// Which of two places with one offset a caret means: the end of a wrapped line and the start of the next are the
/// same UTF-16 offset, and so are the two sides of a direction boundary in bidirectional text.
public enum TextAffinity: String, Hashable, Sendable, CaseIterable {
    /// With the character before the offset: the end of the line it ends.
    case upstream
    /// With the character after the offset: the start of the line it starts (the usual caret).
    case downstream
}

/// A caret position: a UTF-16 offset into the storage, always on a grapheme-cluster boundary when it comes from
/// Galley, and its ``TextAffinity``.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// The UTF-16 offset between two grapheme clusters (0 … the text's length).
    public var offset: Int
    /// Which line or direction the position belongs to where the offset is ambiguous.
    public var affinity: TextAffinity

    /// The position at UTF-16 `offset` with `affinity` (downstream by default).
    public init(_ offset: Int, affinity: TextAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }

    public var description: String { "\(offset)\(affinity == .upstream ? "↑" : "")" }
}

/// Where a caret is drawn: its rectangle in its container's coordinates (points, y down) and, at a direction
/// boundary in bidirectional text, the secondary caret where the text of the other direction continues (as
/// Pango and Core Text show split carets).
public struct Caret: Hashable, Sendable {
    /// The container the caret is in.
    public let containerIndex: Int
    /// The caret where text typed at the position appears, as tall as its line.
    public let rect: Rect
    /// The caret at the other side of a direction boundary; nil elsewhere.
    public let secondaryRect: Rect?
}

/// How a caret moves.
public enum CaretMovement: String, Hashable, Sendable, CaseIterable {
    /// To the next grapheme cluster in logical order (the text's order).
    case forward
    /// To the previous grapheme cluster in logical order.
    case backward
    /// One grapheme cluster to the right on screen (visual order: in right-to-left text this goes backward).
    case right
    /// One grapheme cluster to the left on screen.
    case left
    /// To the end of the word at or after the caret (ICU's word boundaries).
    case wordForward
    /// To the start of the word at or before the caret.
    case wordBackward
    /// To the start of the caret's line.
    case lineStart
    /// To the end of the caret's line (before a line break or paragraph terminator).
    case lineEnd
    /// To the line above, at the goal x.
    case up
    /// To the line below, at the goal x.
    case down
    /// To the start of the caret's paragraph, or of the previous one when already there.
    case paragraphStart
    /// To the end of the caret's paragraph (before its terminator), or of the next one when already there.
    case paragraphEnd
    /// To the start of the text.
    case documentStart
    /// To the end of the text.
    case documentEnd
}

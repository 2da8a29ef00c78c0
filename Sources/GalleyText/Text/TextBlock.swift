/// A block of consecutive paragraphs drawn as one, as a block quotation is (TextKit's `NSTextBlock`, CSS's
/// `blockquote` with a `border-inline-start`): a rule along its start edge, from its first line's top to its last
/// line's bottom, across the spacing between its paragraphs. Paragraphs name the blocks they are in
/// (``ParagraphStyle/textBlocks``); the block is known by its identity, so two quotations one after the other are
/// two blocks. The block moves no text: its paragraphs' indents make the room for its rule, which stands before the
/// start of the block's least indented line.
public final class TextBlock: Hashable, Sendable, CustomStringConvertible {
    /// The rule's colour.
    public let ruleColor: Color
    /// The rule's width, in points (0 to 100).
    public let ruleWidth: Double
    /// How far the rule's far side stands before the start of the block's least indented line, in points (0 to
    /// ``ParagraphStyle/tabLocationLimit``, the limit of every distance along a line).
    public let ruleOffset: Double

    /// A block with a rule of `ruleColor`, `ruleWidth` points wide, `ruleOffset` points before its lines' start
    /// (both clamped to their ranges; a value that is not finite is 0).
    public init(ruleColor: Color, ruleWidth: Double = 3, ruleOffset: Double = 0) {
        func clamped(_ value: Double, _ limit: Double) -> Double { value.isFinite ? min(max(0, value), limit) : 0 }
        self.ruleColor = ruleColor
        self.ruleWidth = clamped(ruleWidth, 100)
        self.ruleOffset = clamped(ruleOffset, ParagraphStyle.tabLocationLimit)
    }

    /// Whether `lhs` and `rhs` are the same block.
    public static func == (lhs: TextBlock, rhs: TextBlock) -> Bool { lhs === rhs }

    /// Hashes the block's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The block's rule, for debugging.
    public var description: String { "TextBlock(rule \(ruleWidth) pt at \(ruleOffset) pt, \(ruleColor))" }
}

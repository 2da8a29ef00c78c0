@_spi(Stages) import GalleyText

/// Where a typesetter's lines go: the one difference between laying text out and measuring it. A layout keeps each
/// line as a fragment with what drawing needs (``LaidOutLines``); a measurement keeps only each line's start and
/// used rect (``MeasuredLines``). The typesetter is generic over its output, so each is compiled on its own and a
/// measurement never asks at run time whether to make what it does not keep.
protocol TypesetterOutput {
    /// Whether lines are kept whole: fragments with their glyph runs in visual order, their paint, emphasis marks
    /// and ruby. When not, a line is cut from its paragraph's glyphs only where an edge must be shaped again or
    /// justification needs them, and only its geometry is kept.
    static var keepsFragments: Bool { get }

    /// An output holding nothing.
    init()

    /// The fragments kept, in the order placed (always empty when ``keepsFragments`` is false).
    var fragments: [LineFragment] { get set }

    /// The frames of the tables placed (always empty when ``keepsFragments`` is false).
    var tableFrames: [TableFrame] { get set }

    /// Takes in a line placed at `top` from UTF-16 offset `offset` (in the storage) whose used rect is `used`,
    /// where lines are not kept whole (a kept line is appended to ``fragments``).
    mutating func addLine(top: Double, offset: Int, used: Rect)

    /// Takes in a table's frame.
    mutating func addTable(_ frame: TableFrame)

    /// What the output holds, for ``restore(_:)`` to go back to.
    associatedtype Mark
    var mark: Mark { get }
    /// Forgets what was added since `mark` was taken.
    mutating func restore(_ mark: Mark)
}

/// A layout's output: every line as a fragment, and every table's frame.
struct LaidOutLines: TypesetterOutput {
    static var keepsFragments: Bool { true }
    var fragments: [LineFragment] = []
    var tableFrames: [TableFrame] = []

    mutating func addLine(top: Double, offset: Int, used: Rect) {}

    mutating func addTable(_ frame: TableFrame) { tableFrames.append(frame) }

    var mark: (fragments: Int, tableFrames: Int) { (fragments.count, tableFrames.count) }

    mutating func restore(_ mark: (fragments: Int, tableFrames: Int)) {
        fragments.removeSubrange(mark.fragments...)
        tableFrames.removeSubrange(mark.tableFrames...)
    }
}

/// A measurement's output: each line's start and used rect, and the tables' rects, folded into a
/// ``TextMeasurement`` as they are placed.
struct MeasuredLines: TypesetterOutput {
    static var keepsFragments: Bool { false }
    var fragments: [LineFragment] = []
    var tableFrames: [TableFrame] = []
    private(set) var builder = TextMeasurement.Builder()

    mutating func addLine(top: Double, offset: Int, used: Rect) { builder.add(top: top, offset: offset, used: used) }

    mutating func addTable(_ frame: TableFrame) { builder.include(frame.rect) }

    var mark: TextMeasurement.Builder { builder }

    mutating func restore(_ mark: TextMeasurement.Builder) { builder = mark }
}

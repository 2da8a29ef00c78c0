@_spi(Stages) import GalleyText

/// Where a paragraph's bands go, as the line placer (``LinePlacer``) sees them, one band at a time: the
/// typesetter's chain of containers. A band is one visual line, perhaps several fragments beside exclusions.
///
/// Positions are in the container's coordinates, in points: the block axis runs from one line to the next (down,
/// in horizontal text), the inline axis along a line.
protocol BandSpace {
    /// The room for a band `blockSize` points tall where the text has reached, moving to the next container when
    /// the current one is full; nil when no container is left. `firstLine` says whether the band holds the
    /// paragraph's first line (its indent applies); `wrapIndent` (points) moves the line's start edge in further,
    /// for a wrapped line that continues indented (``ParagraphStyle/indentsWrappedLines``).
    mutating func reserve(blockSize: Double, firstLine: Bool, wrapIndent: Double) -> BandRoom?
    /// Moves on to `blockOffset` in the current container, past a band where no segment could take text.
    mutating func skip(to blockOffset: Double)
    /// The inline size of a line beside no exclusion where the text has reached (indents, lists and padding
    /// taken off); nil when no container is left. The plans of ``ParagraphStyle/textWrap`` are made for it.
    func lineSize(firstLine: Bool) -> Double?
    /// Whether the container the text has reached has exclusions, so that a line's room depends on where it is.
    var hasExclusions: Bool { get }
    /// What the line placed last left the next one for annotations (emphasis marks), in points: the room free under
    /// its text, or minus what its marks reach past its box (``LineAnnotation/after``); 0 at a container's
    /// top.
    var annotationSpace: Double { get set }
}

/// The room a ``BandSpace`` gives one band.
struct BandRoom {
    /// Where the band starts on the block axis (its top), in points from the container's start.
    var blockOffset: Double
    /// The stretch a line of the paragraph may use after its indents, and the parts of it free of exclusions
    /// (in order along the inline axis, before padding; nil when the container has none, so all of it is).
    var span: FreeSegment
    var free: [FreeSegment]?
    /// The container's line-fragment padding, its narrowest usable segment beside an exclusion (nil: twice the
    /// paragraph's font size) and the segments it lets text use beside one.
    var padding: Double
    var minimumSegmentWidth: Double?
    var wrapSide: TextContainer.WrapSide
    /// The container's inline size: a right-to-left line's tab stops count from its far edge.
    var containerSize: Double
    /// Whether a taller band here gets the same room: the container has no exclusion to meet and no end to pass,
    /// so a band that must grow keeps the lines it placed.
    var growsInPlace: Bool

    /// Whether an exclusion takes part of the span.
    var isObstructed: Bool {
        guard let free else { return false }
        return free.count != 1 || free[0] != span
    }

    /// Where a line in `segment` starts, in points from its tab stops' origin: the container's leading edge plus
    /// its padding (the far edge for a right-to-left paragraph), before indents.
    func tabOrigin(of segment: FreeSegment, rightToLeft: Bool) -> Double {
        rightToLeft ? containerSize - padding - segment.maxX : segment.minX - padding
    }
}

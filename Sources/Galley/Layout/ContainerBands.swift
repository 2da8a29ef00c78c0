/// The typesetter's chain of containers as the line placer sees it (``BandSpace``): where the text has reached,
/// the room for the next band, and the stretch of a line after the current paragraph's indents.
struct ContainerBands: BandSpace {
    let containers: [TextContainer]
    /// The container the text has reached, how far down it (points) and how many bands it holds.
    private(set) var containerIndex = 0
    var blockOffset = 0.0
    var bandsInContainer: Int
    /// The indents of the paragraph being placed.
    var indents = LineIndents()

    /// The containers' bands, from the first one's top; `continuing` counts a band as placed already (so the
    /// space before the first paragraph applies).
    init(containers: [TextContainer], continuing: Bool) {
        self.containers = containers
        bandsInContainer = continuing ? 1 : 0
    }

    mutating func reserve(blockSize: Double, firstLine: Bool) -> BandRoom? {
        while containerIndex < containers.count {
            let container = containers[containerIndex]
            let linesFull = container.maximumNumberOfLines > 0 && bandsInContainer >= container.maximumNumberOfLines
            if !linesFull, container.isHeightUnbounded || blockOffset + blockSize <= container.size.height + 1e-9 {
                let span = indents.span(in: container, firstLine: firstLine)
                let unobstructed = !container.hasExclusions
                return BandRoom(
                    blockOffset: blockOffset, span: span,
                    free: unobstructed
                        ? nil
                        : container.freeSegments(
                            minX: span.minX, maxX: span.maxX, top: blockOffset, bottom: blockOffset + blockSize),
                    padding: container.lineFragmentPadding, minimumSegmentWidth: container.minimumSegmentWidth,
                    wrapSide: container.wrapSide, containerSize: container.size.width,
                    growsInPlace: unobstructed && container.isHeightUnbounded)
            }
            containerIndex += 1
            blockOffset = 0
            bandsInContainer = 0
        }
        return nil
    }

    mutating func skip(to blockOffset: Double) { self.blockOffset = blockOffset }

    /// Where the text has reached: the container, how far down it and how many bands it holds.
    var position: BandPosition {
        get {
            BandPosition(containerIndex: containerIndex, blockOffset: blockOffset, bandsInContainer: bandsInContainer)
        }
        set {
            (containerIndex, blockOffset, bandsInContainer) = (
                newValue.containerIndex, newValue.blockOffset, newValue.bandsInContainer
            )
        }
    }

    func lineSize(firstLine: Bool) -> Double? {
        guard containerIndex < containers.count else { return nil }
        let container = containers[containerIndex]
        let span = indents.span(in: container, firstLine: firstLine)
        return max(0, span.width - 2 * container.lineFragmentPadding)
    }
}

/// Where text has reached in a chain of containers between paragraphs: with the paragraph, its place in its lists
/// and the containers, all that placing the paragraph depends on.
struct BandPosition: Equatable {
    var containerIndex: Int
    /// How far down the container, in points.
    var blockOffset: Double
    var bandsInContainer: Int
}

/// What of a paragraph decides the stretch of a container its lines use: its indents, its list's indent and its
/// direction.
struct LineIndents {
    var firstLineHead = 0.0
    var head = 0.0
    var tail = 0.0
    var list = 0.0
    var rightToLeft = false

    init() {}

    init(_ context: ParagraphContext) {
        let style = context.style
        (firstLineHead, head, tail) = (style.firstLineHeadIndent, style.headIndent, style.tailIndent)
        list = context.listItem?.indent ?? 0
        rightToLeft = context.isRightToLeft
    }

    /// The stretch of `container` a line may use after the indents (mirrored for right-to-left), in points; the
    /// whole width when the indents leave nothing.
    func span(in container: TextContainer, firstLine: Bool) -> FreeSegment {
        let width = container.size.width
        let head = max(0, firstLine ? firstLineHead : self.head) + list
        let tail = self.tail > 0 ? self.tail : width + self.tail
        var minX = rightToLeft ? width - tail : head
        var maxX = rightToLeft ? width - head : tail
        minX = max(0, minX)
        maxX = min(width, maxX)
        if !(maxX > minX) || !minX.isFinite || !maxX.isFinite { return FreeSegment(minX: 0, maxX: width) }
        return FreeSegment(minX: minX, maxX: maxX)
    }
}

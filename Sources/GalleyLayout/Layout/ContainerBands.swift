@_spi(Stages) import GalleyText

/// The typesetter's chain of containers as the line placer sees it (``BandSpace``): where the text has reached,
/// the room for the next band, and the stretch of a line after the current paragraph's indents.
struct ContainerBands: BandSpace {
    let containers: [TextContainer]
    /// What of each container placing reads, copied once: the containers are objects whose properties may
    /// change, and reading them costs an exclusivity check each time.
    let frames: [Frame]
    /// The container the text has reached, how far down it (points) and how many bands it holds.
    private(set) var containerIndex = 0
    var blockOffset = 0.0
    var bandsInContainer: Int
    /// The indents of the paragraph being placed.
    var indents = LineIndents()
    var annotationSpace = 0.0

    /// The containers' bands, from the first one's top; `continuing` counts a band as placed already (so the
    /// space before the first paragraph applies).
    init(containers: [TextContainer], continuing: Bool) {
        self.containers = containers
        frames = containers.map(Frame.init)
        bandsInContainer = continuing ? 1 : 0
    }

    /// A container's size, padding, line limit, truncation and how text goes round its exclusions.
    struct Frame {
        let width: Double
        let height: Double
        let padding: Double
        let maximumNumberOfLines: Int
        let lineBreakMode: ParagraphStyle.LineBreakMode
        let minimumSegmentWidth: Double?
        let wrapSide: TextContainer.WrapSide
        let hasExclusions: Bool
        var isHeightUnbounded: Bool { height == 0 }

        init(_ container: TextContainer) {
            (width, height, padding) = (container.size.width, container.size.height, container.lineFragmentPadding)
            (maximumNumberOfLines, lineBreakMode) = (container.maximumNumberOfLines, container.lineBreakMode)
            (minimumSegmentWidth, wrapSide) = (container.minimumSegmentWidth, container.wrapSide)
            hasExclusions = container.hasExclusions
        }
    }

    mutating func reserve(blockSize: Double, firstLine: Bool, wrapIndent: Double) -> BandRoom? {
        while containerIndex < containers.count {
            let frame = frames[containerIndex]
            let linesFull = frame.maximumNumberOfLines > 0 && bandsInContainer >= frame.maximumNumberOfLines
            if !linesFull, frame.isHeightUnbounded || blockOffset + blockSize <= frame.height + 1e-9 {
                var span = indents.span(inWidth: frame.width, firstLine: firstLine)
                // A wrapped line's indent takes at most half the line, so some text always fits beside it.
                let indent = min(max(0, wrapIndent), span.width / 2)
                if indents.rightToLeft { span.maxX -= indent } else { span.minX += indent }
                return BandRoom(
                    blockOffset: blockOffset, span: span,
                    free: frame.hasExclusions
                        ? containers[containerIndex].freeSegments(
                            minX: span.minX, maxX: span.maxX, top: blockOffset, bottom: blockOffset + blockSize)
                        : nil,
                    padding: frame.padding, minimumSegmentWidth: frame.minimumSegmentWidth, wrapSide: frame.wrapSide,
                    containerSize: frame.width, growsInPlace: !frame.hasExclusions && frame.isHeightUnbounded)
            }
            containerIndex += 1
            blockOffset = 0
            bandsInContainer = 0
            annotationSpace = 0
        }
        return nil
    }

    mutating func skip(to blockOffset: Double) { self.blockOffset = blockOffset }

    /// Moves down by the space before a paragraph, `spacingBefore` points, unless the paragraph starts its
    /// container.
    mutating func enterParagraph(spacingBefore: Double) {
        if bandsInContainer > 0 { blockOffset += spacingBefore }
    }

    /// Ends a band placed at `top`, `blockSize` points tall: the next starts under it, and `lineSpacing` points
    /// lower when its paragraph's text continues.
    mutating func finishBand(top: Double, blockSize: Double, lineSpacing: Double, textContinues: Bool) {
        bandsInContainer += 1
        blockOffset = top + blockSize
        if textContinues { blockOffset += lineSpacing }
    }

    /// Moves to the top of the next container (past the last, where nothing more fits).
    mutating func startNextContainer() {
        guard containerIndex < containers.count else { return }
        (containerIndex, blockOffset, bandsInContainer, annotationSpace) = (containerIndex + 1, 0, 0, 0)
    }

    /// Whether lines do not depend on how far down they are: one container of unbounded height without exclusions
    /// or a line limit. A paragraph placed anywhere in it can be moved anywhere else in it.
    var isTranslationInvariant: Bool { Self.isTranslationInvariant(containers) }

    /// Whether lines in `containers` do not depend on how far down they are (``isTranslationInvariant``).
    static func isTranslationInvariant(_ containers: [TextContainer]) -> Bool {
        guard containers.count == 1, let container = containers.first else { return false }
        return container.isHeightUnbounded && !container.hasExclusions && container.maximumNumberOfLines == 0
    }

    /// Back at the first container's top, as made (not continuing).
    mutating func reset() {
        (containerIndex, blockOffset, bandsInContainer, annotationSpace) = (0, 0, 0, 0)
        indents = LineIndents()
    }

    /// Where the text has reached: the container, how far down it and how many bands it holds.
    var position: BandPosition {
        get {
            BandPosition(
                containerIndex: containerIndex, blockOffset: blockOffset, bandsInContainer: bandsInContainer,
                annotationSpace: annotationSpace)
        }
        set {
            (containerIndex, blockOffset, bandsInContainer, annotationSpace) = (
                newValue.containerIndex, newValue.blockOffset, newValue.bandsInContainer, newValue.annotationSpace
            )
        }
    }

    var hasExclusions: Bool { containerIndex < frames.count && frames[containerIndex].hasExclusions }

    func lineSize(firstLine: Bool) -> Double? {
        guard containerIndex < containers.count else { return nil }
        let frame = frames[containerIndex]
        return max(0, indents.span(inWidth: frame.width, firstLine: firstLine).width - 2 * frame.padding)
    }
}

/// Where text has reached in a chain of containers between paragraphs: with the paragraph, its place in its lists
/// and the containers, all that placing the paragraph depends on.
struct BandPosition: Equatable {
    var containerIndex: Int
    /// How far down the container, in points.
    var blockOffset: Double
    var bandsInContainer: Int
    /// What the line before left for annotations (``BandSpace/annotationSpace``).
    var annotationSpace = 0.0
}

/// What of a paragraph decides the stretch of a container its lines use: its indents, its list's indent and its
/// direction.
struct LineIndents {
    var firstLineHead = 0.0
    var head = 0.0
    var tail = 0.0
    var list = 0.0
    var rightToLeft = false
    /// The table cell's stretch the lines are set in, which takes the place of the container's; nil outside
    /// tables.
    var cell: FreeSegment?

    init() {}

    init(_ context: ParagraphContext) {
        (firstLineHead, head, tail) = (
            context.style.firstLineHeadIndent, context.style.headIndent, context.style.tailIndent
        )
        list = context.listItem?.indent ?? 0
        rightToLeft = context.isRightToLeft
    }

    /// The stretch of a container `width` points wide a line may use after the indents (mirrored for
    /// right-to-left), in points; the whole width when the indents leave nothing.
    func span(inWidth width: Double, firstLine: Bool) -> FreeSegment {
        if let cell { return cell }
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

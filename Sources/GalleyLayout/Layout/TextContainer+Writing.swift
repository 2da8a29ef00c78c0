@_spi(Stages) import GalleyText

extension TextContainer {
    /// The container as the typesetter fills it with lines of `writingMode`: itself for horizontal text; for
    /// vertical text a container in line coordinates (``WritingFrame``), as wide as this one is tall (the columns'
    /// length) and as tall as this one is wide (the room for columns; 0 unbounded), its exclusion paths turned
    /// into line coordinates.
    ///
    /// - Throws: ``LayoutError/verticalContainerWithoutHeight`` for vertical text in a container of unbounded
    ///   height; ``LayoutError/unplaceableVerticalExclusion(reason:)`` for a picture's outline, or for exclusions
    ///   in a `vertical-rl` container of unbounded width.
    func lineContainer(for writingMode: WritingMode) throws -> TextContainer {
        guard writingMode.isVertical else { return self }
        guard size.height > 0 else { throw LayoutError.verticalContainerWithoutHeight }
        if exclusions.contains(where: { $0.path == nil }) {
            throw LayoutError.unplaceableVerticalExclusion(
                reason: "pictures' outlines are not supported in vertical text")
        }
        if writingMode == .verticalRL, size.width == 0, hasExclusions {
            throw LayoutError.unplaceableVerticalExclusion(
                reason: "the columns of vertical-rl text start at the container's right edge: give it a width")
        }
        let transform = WritingFrame(writingMode: writingMode, width: size.width).lineTransform
        let turned = TextContainer(
            size: Size(width: size.height, height: size.width),
            exclusionPaths: exclusionPaths.map { $0.applying(transform) },
            exclusions: exclusions.compactMap { $0.path.map { ExclusionPath($0.applying(transform)) } },
            lineFragmentPadding: lineFragmentPadding, maximumNumberOfLines: maximumNumberOfLines,
            lineBreakMode: lineBreakMode)
        turned.minimumSegmentWidth = minimumSegmentWidth
        turned.wrapSide = wrapSide
        return turned
    }
}

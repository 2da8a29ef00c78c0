@_spi(Stages) import GalleyText

/// An attachment placed on a line: which character it stands for and where it is drawn.
public struct AttachmentPlacement: Sendable {
    /// The attachment.
    public let attachment: TextAttachment
    /// The UTF-16 offset of its character in the storage.
    public let characterIndex: Int
    /// Where it is drawn, in the line coordinates of its container (points; the container's own coordinates, y
    /// down, for horizontal text; ``TextLayout/writingFrame(inContainer:)`` turns a vertical layout's): its bounds
    /// placed at the pen on the baseline; in a vertical line upright, down the column from the pen, centred across
    /// it.
    public let frame: Rect
}

extension LineFragment {
    /// The attachments on the line, left to right, with their frames: where an app draws the boxes it supplies
    /// (``TextAttachment/init(bounds:label:)``) and what the renderer fills with images.
    public var attachments: [AttachmentPlacement] {
        var placements: [AttachmentPlacement] = []
        for run in runs {
            guard let attachment = run.glyphRun.style.attachment else { continue }
            let upright = run.glyphRun.shaping.orientation.isVertical
            for (glyph, x) in zip(run.glyphRun.glyphs, run.glyphPositions) {
                let bounds = attachment.bounds
                let frame =
                    upright
                    ? Rect(x: x, y: run.origin.y - bounds.width / 2, width: bounds.height, height: bounds.width)
                    : Rect(
                        x: x + bounds.minX, y: run.origin.y - bounds.maxY, width: bounds.width, height: bounds.height)
                placements.append(
                    AttachmentPlacement(
                        attachment: attachment, characterIndex: paragraphStart + glyph.cluster, frame: frame))
            }
        }
        return placements
    }
}

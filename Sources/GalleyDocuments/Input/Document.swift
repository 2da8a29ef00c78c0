import Foundation
import Galley

/// Everything `galley render` draws: the text, its container (or columns), exclusion shapes, the Dynamic Type
/// settings and the render options. Made by the .txt, .md and .json readers, then adjusted by flags.
public struct Document {
    /// The text and its attributes.
    public var storage: TextStorage
    /// The container's width and height in points (height 0: as tall as the text).
    public var width = 360.0
    /// The container's height in points (0: as tall as the text).
    public var height = 0.0
    /// Columns side by side, `columnGap` points apart, text flowing from one to the next (needs a height).
    public var columns = 1
    /// The height of a PDF's pages in points, margins included: the text flows from page to page (the first
    /// holding the exclusions). Nil: one page as tall as the image.
    public var pageHeight: Double?
    /// Whether a paged PDF's pages are numbered (1, 2, …) at the foot of each, centred in the bottom margin in the
    /// text's colour; needs ``pageHeight``.
    public var pageNumbers = false
    /// The space between columns, in points.
    public var columnGap = 16.0
    /// Space kept free inside each line's ends, in points (TextKit's line-fragment padding).
    public var lineFragmentPadding = 0.0
    /// The narrowest segment beside an exclusion that takes text, in points; nil for two ems of each paragraph's
    /// font, 0 to fill every segment (`TextContainer.minimumSegmentWidth`).
    public var minimumSegmentWidth: Double?
    /// Which free segments beside exclusions take text (`TextContainer.WrapSide`): `both` for JSON documents and
    /// plain text, `largest` for notes, so every line of a note reads on one side of a picture.
    public var wrapSide: TextContainer.WrapSide = .both
    /// The most lines the container holds (0: no limit).
    public var maximumLines = 0
    /// How the container's last allowed line ends when text remains.
    public var lineBreakMode: ParagraphStyle.LineBreakMode = .wordWrap
    /// Shapes text flows around, in the first column's coordinates; drawn when they have a fill.
    public var exclusions: [Exclusion] = []
    /// Pictures floated to a side of the first column, in the order written: each placed in turn, text flowing
    /// around it and those before it.
    public var floats: [FloatingPicture] = []
    /// A note's date badge, drawn in the first column's top-right corner; nil for none.
    public var badge: DateBadge?
    /// The Dynamic Type settings the text's styles are sized for.
    public var settings = DynamicTypeSettings()
    /// Scale, background and margin (`padding`) of the image.
    public var render = RenderOptions(scale: 2, background: Document.paper, margin: 16)

    /// The widths a container may be given, in points: 1 up to `TextContainer.sizeLimit`.
    public static var widthRange: ClosedRange<Double> { 1...TextContainer.sizeLimit }
    /// The heights a container may be given, in points (0: as tall as the text).
    public static var heightRange: ClosedRange<Double> { 0...TextContainer.sizeLimit }
    /// The page heights a document may ask for, in points.
    public static var pageHeightRange: ClosedRange<Double> { 1...TextContainer.sizeLimit }
    /// The column length, in points, of a vertical document that gives no height (`--height`, a note's front matter
    /// `height:`, a JSON document's `container.height`) or page height: a portrait page for the default width of
    /// 360.
    public static let defaultColumnLength = 480.0
    /// The most pages a document may fill.
    public static let pageLimit = 1_000

    /// The paper colour notes are drawn on.
    public static let paper = NoteTheme.light.page
    /// The ink colour of notes.
    public static let ink = NoteTheme.light.text

    /// The distinct links of the text that PDF and SVG draw as text alone (`LinkPolicy`: not `http`,
    /// `https`, `mailto` or an anchor), in the order they first appear.
    public var linksDrawnAsText: [URL] {
        var seen = Set<URL>(), dropped: [URL] = []
        for run in storage.attributeRuns {
            guard let link = run.attributes.link, !LinkPolicy.isKept(link), seen.insert(link).inserted else { continue }
            dropped.append(link)
        }
        return dropped
    }
}

/// A shape text flows around, optionally painted, with an optional centred label (a date badge); or a picture
/// drawn where it stands, text flowing around its outline.
public struct Exclusion {
    /// What text flows around, in the first column's coordinates (points).
    public var shape: ExclusionPath
    /// The colour a path is painted in; nil leaves it unpainted.
    public var fill: Color?
    /// Text centred in the shape's bounds.
    public var label: TextStorage?
    /// A picture drawn in ``imageFrame`` under the text; nil draws none.
    public var image: Canvas?
    /// Where ``image`` is drawn, in points.
    public var imageFrame: Rect?

    /// An exclusion of `path`, painted in `fill` with `label` centred in it.
    public init(path: BezierPath, fill: Color? = nil, label: TextStorage? = nil) {
        shape = ExclusionPath(path)
        self.fill = fill
        self.label = label
    }

    /// The picture `image` drawn in `frame` (points), text flowing around its pixels with alpha over `threshold`
    /// grown by `margin` points; `draws` false keeps the text out without drawing the picture.
    ///
    /// - Throws: `ExclusionError` for a threshold outside 0…1 or a bad margin or size.
    public init(image: Canvas, frame: Rect, threshold: Double, margin: Double, draws: Bool = true) throws {
        shape = try ExclusionPath(
            image: image, origin: frame.origin, size: frame.size, threshold: threshold, margin: margin)
        self.image = draws ? image : nil
        imageFrame = frame
    }

    /// The path, for a path exclusion.
    public var path: BezierPath? { shape.path }
}

/// Why an input file could not be read; the CLI reports these with exit status 1.
public struct InputError: GalleyError {
    /// What was wrong, and where.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }

    /// A problem at a JSON path, such as `content[3].attributes.color: expected "#RRGGBB"`.
    public init(path: String, _ message: String) { description = "\(path): \(message)" }
}

/// A picture a note floats to one side of its first column (`![alt](leaf.png){float=right width=120}`), as CSS
/// `float` does: its top at the first line of the paragraph it was written in (the next one when it stands alone),
/// text flowing around its outline (pixels with alpha over one half, grown by 6 points) on the other side.
public struct FloatingPicture {
    /// The side of the column a picture floats to.
    public enum Side: String, Sendable, CaseIterable {
        case left, right
    }

    /// The picture.
    public var image: Canvas
    /// Its size on the page, in points.
    public var size: Size
    /// The side of the first column it floats to.
    public var side: Side
    /// Where the paragraph it floats beside starts, as a UTF-16 offset into the document's storage.
    public var anchor: Int

    /// A picture `image` shown `size` points large, floated to `side` beside the paragraph starting at UTF-16
    /// offset `anchor`.
    public init(image: Canvas, size: Size, side: Side, anchor: Int) {
        (self.image, self.size, self.side, self.anchor) = (image, size, side, anchor)
    }

    /// How opaque a pixel must be for text to keep clear of it, and how far clear, in points.
    static let threshold = 0.5, margin = 6.0
}

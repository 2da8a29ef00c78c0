import GalleyLayout
@_spi(Stages) import GalleyText

/// How a layout becomes a picture: the scale, the background, the margin, and the part to draw.
public struct RenderOptions: Hashable, Sendable {
    /// Pixels per point: 1, 2 or 3 for the usual screen densities (any positive value works).
    public var scale: Double
    /// The fill behind everything; nil leaves the image transparent.
    public var background: Color?
    /// Empty margin around the container in the image, in points: pixel (0, 0) is the container's point
    /// (−margin, −margin) times ``scale``. (`--margin` and a document's `render.margin` set it.)
    public var margin: Double
    /// Only this part of the container (points, container coordinates) is drawn, into an image of its size; nil
    /// draws the whole container (its height, or the text's when the container is unbounded) with the margin.
    public var clip: Rect?
    /// Which container of the layout to draw.
    public var containerIndex: Int
    /// The bounds the image keeps to (``Limits/imagePixels``, ``Limits/imageSide``).
    public var limits = Limits()

    /// Options for drawing at `scale` pixels per point on `background` (nil: transparent), with `margin` points of
    /// margin, container `containerIndex`, or exactly the `clip` rectangle (points) when one is given.
    public init(
        scale: Double = 2, background: Color? = .white, margin: Double = 16, clip: Rect? = nil, containerIndex: Int = 0
    ) {
        self.scale = scale
        self.background = background
        self.margin = margin
        self.clip = clip
        self.containerIndex = containerIndex
    }
}

/// The letterpress effect's recipe: text that looks pressed into paper, lit from above.
///
/// Drawn in three layers, with `d = max(1 px, 1 pt)` and `s = 0.5 pt`, both scaled to pixels:
/// 1. **Highlight**, under the glyphs: the glyph mask moved down by `d`, blurred with a Gaussian of standard
///    deviation `0.5·s`, in white at 90 % opacity. It shows only below the lower edges, where paper catches light.
/// 2. **Fill**: the glyphs in the requested colour with red, green and blue multiplied by 0.82.
/// 3. **Inner shadow**, over the fill and clipped to it: `mask × (1 − blur_s(mask moved down by d))` in black at
///    60 % opacity: dark just inside the top edges, where the pressed surface falls away.
public enum LetterpressRecipe {
    static let highlightOpacity = 0.9
    static let highlightBlurFactor = 0.5
    static let fillDarkening = 0.82
    static let innerShadowOpacity = 0.6
    static let blurPoints = 0.5

    /// The colour pressed glyphs are filled with: `color` with its red, green and blue × ``fillDarkening``.
    static func fill(_ color: Color) -> Color {
        Color(
            red: color.red * fillDarkening, green: color.green * fillDarkening, blue: color.blue * fillDarkening,
            alpha: color.alpha)
    }

    /// The vertical offset in pixels at `scale`.
    static func offset(scale: Double) -> Int { max(1, Int(scale.rounded())) }
}

import Galley

/// Everything `galley render` draws: the text, its container (or columns), exclusion shapes, the Dynamic Type
/// settings and the render options. Made by the .txt, .md and .json readers, then adjusted by flags.
public struct Document {
    public var storage: TextStorage
    /// The container's width and height in points (height 0: as tall as the text).
    public var width = 360.0
    public var height = 0.0
    /// Columns side by side, `columnGap` points apart, text flowing from one to the next (needs a height).
    public var columns = 1
    public var columnGap = 16.0
    public var lineFragmentPadding = 0.0
    public var maximumLines = 0
    public var lineBreakMode: ParagraphStyle.LineBreakMode = .wordWrap
    /// Shapes text flows around, in the first column's coordinates; drawn when they have a fill.
    public var exclusions: [Exclusion] = []
    /// A note's date, shown as a round badge in the top-right corner once the width is known.
    public var badgeDate: String?
    public var settings = DynamicTypeSettings()
    public var render = RenderOptions(scale: 2, background: Document.paper, padding: 16)

    public static let paper = Color(red: 0.98, green: 0.973, blue: 0.953)
    public static let ink = Color(red: 0.165, green: 0.165, blue: 0.18)
}

/// A shape text flows around, optionally painted, with an optional centred label (a date badge).
public struct Exclusion {
    public var path: BezierPath
    public var fill: Color?
    public var label: TextStorage?

    public init(path: BezierPath, fill: Color? = nil, label: TextStorage? = nil) {
        self.path = path
        self.fill = fill
        self.label = label
    }
}

/// Why an input file could not be read; the CLI reports these with exit status 1.
public struct InputError: GalleyError {
    public let description: String

    public init(_ description: String) { self.description = description }

    /// A problem at a JSON path, such as `content[3].attributes.color: expected "#RRGGBB"`.
    public init(path: String, _ message: String) { description = "\(path): \(message)" }
}

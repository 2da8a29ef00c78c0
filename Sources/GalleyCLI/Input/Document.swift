import Galley

/// Everything `galley render` draws: the text, its container (or columns), exclusion shapes, the Dynamic Type
/// settings and the render options. Made by the .txt, .md and .json readers, then adjusted by flags.
struct Document {
    var storage: TextStorage
    /// The container's width and height in points (height 0: as tall as the text).
    var width = 360.0
    var height = 0.0
    /// Columns side by side, `columnGap` points apart, text flowing from one to the next (needs a height).
    var columns = 1
    var columnGap = 16.0
    var lineFragmentPadding = 0.0
    var maximumLines = 0
    var lineBreakMode: ParagraphStyle.LineBreakMode = .wordWrap
    /// Shapes text flows around, in the first column's coordinates; drawn when they have a fill.
    var exclusions: [Exclusion] = []
    /// A note's date, shown as a round badge in the top-right corner once the width is known.
    var badgeDate: String?
    var settings = DynamicTypeSettings()
    var render = RenderOptions(scale: 2, background: Document.paper, padding: 16)

    static let paper = Color(red: 0.98, green: 0.973, blue: 0.953)
    static let ink = Color(red: 0.165, green: 0.165, blue: 0.18)
}

/// A shape text flows around, optionally painted, with an optional centred label (a date badge).
struct Exclusion {
    var path: BezierPath
    var fill: Color?
    var label: TextStorage?
}

/// Why an input file could not be read; the CLI reports these with exit status 1.
struct InputError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }

    /// A problem at a JSON path, such as `content[3].attributes.color: expected "#RRGGBB"`.
    init(path: String, _ message: String) { description = "\(path): \(message)" }
}

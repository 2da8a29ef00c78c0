import ArgumentParser
import Foundation
import Galley
import GalleyDocuments

/// The flags of commands that lay out a whole input file (`render`, `layout`): the container, fonts, text,
/// colours, effects, exclusions and the image's margin, laid over what the file itself asks for.
struct DocumentOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "The text container's width in points (default 360, or the document's).")
    var width: Double?

    @Option(parsing: .unconditional, help: "The container's height in points (default: as tall as the text).")
    var height: Double?

    @Option(parsing: .unconditional, help: "Pixels per point: 1, 2 or 3 (default 2).")
    var scale: Double?

    @OptionGroup var fontOptions: FontOptions

    @OptionGroup var textOptions: TextOptions

    @Option(help: "The text colour as #RRGGBB, #RRGGBBAA or a CSS colour name (red, rebeccapurple).")
    var color: String?

    @Option(help: "The background colour as #RRGGBB, #RRGGBBAA or a CSS colour name, or 'none' for transparent.")
    var background: String?

    @Flag(help: "Draw all text with the letterpress effect.")
    var letterpress = false

    @Option(help: "An exclusion path as SVG path data in points, container coordinates; repeatable.")
    var exclude: [String] = []

    @Option(
        help: ArgumentHelp(
            "A picture text flows around, as FILE@X,Y (its top-left in points); repeatable.",
            discussion: "Drawn at one point per pixel; text keeps out of its pixels with alpha over --image-threshold, "
                + "grown by --image-margin, on both sides of the outline."))
    var excludeImage: [String] = []

    @Option(
        name: .customLong("allow-dir"),
        help: ArgumentHelp(
            "A folder whose files (and subfolders') documents may read besides their own folder; repeatable.",
            discussion: "Pictures and font files a document names are read only from its own folder and below (the "
                + "working directory for standard input) and from these, after symbolic links are resolved."))
    var allowedDirectories: [String] = []

    @Option(parsing: .unconditional, help: "The alpha over which a picture's pixels keep text out, 0…1 (default 0.5).")
    var imageThreshold = 0.5

    @Option(parsing: .unconditional, help: "Points kept free around a picture's outline (default 6).")
    var imageMargin = 6.0

    @Option(
        parsing: .unconditional,
        help: "Outline the glyphs: stroke width in percent of the font size (negative: fill and stroke, as TextKit).")
    var strokeWidth: Double?

    @Option(help: "The outline's colour as #RRGGBB, #RRGGBBAA or a CSS colour name (default: the text colour).")
    var strokeColor: String?

    @Option(parsing: .unconditional, help: "Slant the glyphs: x shift per unit of height (TextKit's obliqueness).")
    var obliqueness: Double?

    @Option(
        parsing: .unconditional, help: "Widen (positive) or narrow the glyphs: log of the scale (TextKit's expansion).")
    var expansion: Double?

    @Option(
        name: [.customLong("margin"), .customLong("padding")], parsing: .unconditional,
        help: "Empty margin around the container in the image, in points (default 16; --padding is its old name).")
    var margin: Double?

    func validate() throws {
        try NumberFlag.check("--width", width, Document.widthRange)
        try NumberFlag.check("--height", height, Document.heightRange)
        try NumberFlag.check("--scale", scale, 0.1...8)
        try NumberFlag.check("--margin", margin, 0...10_000)
        try NumberFlag.check("--image-threshold", imageThreshold, 0...1)
        try NumberFlag.check("--image-margin", imageMargin, 0...ExclusionError.marginLimit)
        try NumberFlag.check("--stroke-width", strokeWidth, -100...100)
        try NumberFlag.check("--obliqueness", obliqueness, -4...4)
        try NumberFlag.check("--expansion", expansion, -2...2)
    }

    /// Reads `input` (.txt, .md, .json, or `-`) with the flags laid over it, and the font library it uses.
    func read(_ input: String) throws -> (Document, FontLibrary) {
        let (library, defaults) = try base()
        var document = try InputReader.read(
            path: input, defaults: defaults, library: library, allowing: allowedDirectories)
        try apply(to: &document)
        return (document, library)
    }

    /// Reads `text` as `kind` with the flags laid over it: a request to `galley serve`, whose pictures and font
    /// files are read as `access` allows.
    func read(text: String, kind: InputKind, access: FileAccess) throws -> (Document, FontLibrary) {
        let (library, defaults) = try base()
        var document = try InputReader.read(
            text: text, kind: kind, defaults: defaults, library: library, access: access)
        try apply(to: &document)
        return (document, library)
    }

    /// Reads one JSON document given as text (a line of a .jsonl batch) with the flags laid over it; pictures it
    /// names are found relative to `baseDirectory`, and read from there and the allowed folders.
    func read(json: String, baseDirectory: String?) throws -> (Document, FontLibrary) {
        let (library, defaults) = try base()
        var document = try DocumentReader.read(
            json, defaults: defaults, library: library,
            access: FileAccess(baseDirectory: baseDirectory, allowing: allowedDirectories))
        try apply(to: &document)
        return (document, library)
    }

    /// The font library the flags ask for and the attributes text starts from.
    private func base() throws -> (FontLibrary, TextAttributes) {
        let library = try fontOptions.library()
        var defaults = TextAttributes(font: try fontOptions.specifier(library: library), foregroundColor: Document.ink)
        if let color { defaults.foregroundColor = try parseColor(color, flag: "--color") }
        return (library, defaults)
    }

    /// Lays the flags over what the input file asked for.
    private func apply(to document: inout Document) throws {
        if let width { document.width = width }
        if let height { document.height = height }
        if let scale { document.render.scale = scale }
        if let margin { document.render.padding = margin }
        if let background {
            document.render.background =
                background.lowercased() == "none" ? nil : try parseColor(background, flag: "--background")
        }
        if fontOptions.category != nil || fontOptions.boldText {
            document.settings = try fontOptions.settings()
        }
        let storage = document.storage
        if let color {
            let value = try parseColor(color, flag: "--color")
            try storage.modifyAttributes(in: 0..<storage.length) {
                var changed = $0; changed.foregroundColor = value; return changed
            }
        }
        if textOptions.isSet {
            try storage.modifyAttributes(in: 0..<storage.length) { textOptions.applied(to: $0) }
        }
        let strokeColor = try self.strokeColor.map { try parseColor($0, flag: "--stroke-color") }
        if strokeWidth != nil || strokeColor != nil || obliqueness != nil || expansion != nil {
            try storage.modifyAttributes(in: 0..<storage.length) {
                var changed = $0
                changed.strokeWidth = strokeWidth ?? changed.strokeWidth
                changed.strokeColor = strokeColor ?? changed.strokeColor
                changed.obliqueness = obliqueness ?? changed.obliqueness
                changed.expansion = expansion ?? changed.expansion
                return changed
            }
        }
        if letterpress {
            try storage.modifyAttributes(in: 0..<storage.length) {
                var changed = $0; changed.textEffect = .letterpress; return changed
            }
        }
        for (index, data) in exclude.enumerated() {
            do {
                document.exclusions.append(Exclusion(path: try BezierPath(svgPathData: data), fill: nil, label: nil))
            } catch let error as PathError {
                throw ValidationError("--exclude #\(index + 1): \(error)")
            }
        }
        // Files named on the command line are the user's own choice: any path, each file read once.
        let pictures = DocumentFiles(access: .unrestricted())
        for spec in excludeImage { document.exclusions.append(try pictureExclusion(spec, pictures: pictures)) }
    }

    /// `FILE@X,Y`: the picture at FILE drawn with its top-left at (X, Y), text flowing around its outline.
    private func pictureExclusion(_ spec: String, pictures: DocumentFiles) throws -> Exclusion {
        guard let at = spec.lastIndex(of: "@") else {
            throw ValidationError("--exclude-image \"\(spec)\": expected FILE@X,Y")
        }
        let coordinates = spec[spec.index(after: at)...].split(separator: ",").map { Double($0) }
        let limit = BezierPath.coordinateLimit
        guard coordinates.count == 2, let x = coordinates[0], let y = coordinates[1], abs(x) <= limit,
            abs(y) <= limit
        else {
            throw ValidationError("--exclude-image \"\(spec)\": expected FILE@X,Y with X and Y within ±\(limit) points")
        }
        do {
            let image = try pictures.image(String(spec[..<at]))
            return try Exclusion(
                image: image,
                frame: Rect(x: x, y: y, width: Double(image.width), height: Double(image.height)),
                threshold: imageThreshold, margin: imageMargin)
        } catch let error as GalleyError {
            throw ValidationError("--exclude-image: \(error.description)")
        }
    }

    private func parseColor(_ text: String, flag: String) throws -> Color {
        do { return try Color(css: text) } catch { throw ValidationError("\(flag): \(error)") }
    }
}

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

    @Option(help: "The text colour as #RRGGBB or #RRGGBBAA.")
    var color: String?

    @Option(help: "The background colour as #RRGGBB or #RRGGBBAA, or 'none' for transparent.")
    var background: String?

    @Flag(help: "Draw all text with the letterpress effect.")
    var letterpress = false

    @Option(help: "An exclusion path as SVG path data in points, container coordinates; repeatable.")
    var exclude: [String] = []

    @Option(
        name: [.customLong("margin"), .customLong("padding")], parsing: .unconditional,
        help: "Empty margin around the container in the image, in points (default 16; --padding is its old name).")
    var margin: Double?

    func validate() throws {
        try NumberFlag.check("--width", width, 1...100_000)
        try NumberFlag.check("--height", height, 0...100_000)
        try NumberFlag.check("--scale", scale, 0.1...8)
        try NumberFlag.check("--margin", margin, 0...10_000)
    }

    /// Reads `input` (.txt, .md, .json, or `-`) with the flags laid over it, and the font library it uses.
    func read(_ input: String) throws -> (Document, FontLibrary) {
        let library = try fontOptions.library()
        var defaults = TextAttributes(font: try fontOptions.specifier(library: library), foregroundColor: Document.ink)
        if let color { defaults.foregroundColor = try parseColor(color, flag: "--color") }
        var document = try InputReader.read(path: input, defaults: defaults, library: library)
        try apply(to: &document)
        return (document, library)
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
    }

    private func parseColor(_ text: String, flag: String) throws -> Color {
        do { return try Color(hex: text) } catch { throw ValidationError("\(flag): \(error)") }
    }
}

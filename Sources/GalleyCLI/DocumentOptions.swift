import ArgumentParser
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// The options of commands that lay out a whole input file (`render`, `layout`): the container, fonts, text,
/// colours, effects, exclusions and the image's margin, laid over what the file itself asks for
/// (``RequestSettings``' document settings).
struct DocumentOptions: SettingOptions {
    @Option(name: .setting(.width), parsing: .unconditional, help: .setting(.width)) var width: String?
    @Option(name: .setting(.height), parsing: .unconditional, help: .setting(.height)) var height: String?
    @Option(name: .setting(.pageHeight), parsing: .unconditional, help: .setting(.pageHeight)) var pageHeight: String?
    @Flag(name: .setting(.pageNumbers), help: .setting(.pageNumbers)) var pageNumbers = false
    @Option(name: .setting(.scale), parsing: .unconditional, help: .setting(.scale)) var scale: String?
    @Option(name: .setting(.margin), parsing: .unconditional, help: .setting(.margin)) var margin: String?
    @Option(name: .setting(.format), help: .setting(.format)) var format: String?
    @Option(name: .setting(.quality), parsing: .unconditional, help: .setting(.quality)) var quality: String?
    @Option(name: .setting(.compression), help: .setting(.compression)) var compression: String?
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var textOptions: TextOptions
    @Option(name: .setting(.theme), help: .setting(.theme)) var theme: String?
    @Flag(name: .setting(.codeLigatures), help: .setting(.codeLigatures)) var codeLigatures = false
    @Option(name: .setting(.color), help: .setting(.color)) var color: String?
    @Option(name: .setting(.background), help: .setting(.background)) var background: String?
    @Flag(name: .setting(.letterpress), help: .setting(.letterpress)) var letterpress = false
    @Option(name: .setting(.exclude), help: .setting(.exclude)) var exclude: [String] = []
    @Option(name: .setting(.excludeImage), help: .setting(.excludeImage)) var excludeImage: [String] = []
    @Option(name: .setting(.allowDir), help: .setting(.allowDir)) var allowDir: [String] = []
    @Option(name: .setting(.imageThreshold), parsing: .unconditional, help: .setting(.imageThreshold))
    var imageThreshold: String?
    @Option(name: .setting(.imageMargin), parsing: .unconditional, help: .setting(.imageMargin))
    var imageMargin: String?
    @Option(name: .setting(.wrapSide), help: .setting(.wrapSide)) var wrapSide: String?
    @Option(name: .setting(.strokeWidth), parsing: .unconditional, help: .setting(.strokeWidth))
    var strokeWidth: String?
    @Option(name: .setting(.strokeColor), help: .setting(.strokeColor)) var strokeColor: String?
    @Option(name: .setting(.obliqueness), parsing: .unconditional, help: .setting(.obliqueness))
    var obliqueness: String?
    @Option(name: .setting(.expansion), parsing: .unconditional, help: .setting(.expansion)) var expansion: String?

    var items: [(name: String, value: String)] {
        item(.width, width) + item(.height, height) + item(.pageHeight, pageHeight)
            + item(.pageNumbers, pageNumbers ? true : nil) + item(.scale, scale)
            + item(.margin, margin)
            + item(.format, format) + item(.quality, quality) + item(.compression, compression) + fontOptions.items
            + textOptions.items + item(.theme, theme) + item(.codeLigatures, codeLigatures ? true : nil)
            + item(.color, color) + item(.background, background)
            + item(.letterpress, letterpress ? true : nil) + item(.exclude, exclude)
            + item(.excludeImage, excludeImage) + item(.allowDir, allowDir) + item(.imageThreshold, imageThreshold)
            + item(.imageMargin, imageMargin) + item(.wrapSide, wrapSide) + item(.strokeWidth, strokeWidth)
            + item(.strokeColor, strokeColor)
            + item(.obliqueness, obliqueness) + item(.expansion, expansion)
    }

    func validate() throws { try checkSettings(work: .document) }

    /// The options, decoded and checked.
    var options: RequestOptions {
        get throws { try requestOptions(work: .document) }
    }

    /// Reads `input` (.txt, .md, .json, or `-`) with the options laid over it, and the font library it uses.
    func read(_ input: String) throws -> (Document, FontLibrary) { try Self.read(input, options: try options) }

    /// The document in the file `input` with `options` laid over it, the font library's skipped faces reported
    /// first: how every command that takes one input reads it, however its arguments were read.
    static func read(_ input: String, options: RequestOptions) throws -> (Document, FontLibrary) {
        _ = try FontOptions.library(options)
        return try options.readDocument(path: input)
    }

    /// Reads one JSON document given as text (a line of a .jsonl batch) with the options laid over it; pictures it
    /// names are found relative to `baseDirectory`, and read from there and the allowed folders.
    func read(json: String, baseDirectory: String?) throws -> (Document, FontLibrary) {
        let options = try self.options
        _ = try FontOptions.library(options)
        return try options.readDocument(json: json, baseDirectory: baseDirectory)
    }
}

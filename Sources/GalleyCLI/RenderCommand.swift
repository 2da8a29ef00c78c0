import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley render`: a note, a text file or a JSON document to PNG, WebP, JPEG, PDF or SVG.
enum RenderCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "render",
            abstract: "Render a .txt, .md note or .json document to a PNG, WebP, JPEG, PDF or SVG image.",
            discussion: """
                A note (.md) is Markdown as GitHub writes it (headings, emphasis, links, quotes, code, lists, task \
                lists, tables, pictures), a line per paragraph, its first '# Title' set with the letterpress effect; \
                front matter with 'date: 2026-11-22' adds a round date badge the text flows around. A .json document \
                sets every attribute, the container and the exclusions (see the JSON documents article). With no \
                --height the image is as tall as the text; text a --height cuts off is named on standard error. The \
                output's name (or --format) says the format. A PNG takes the smallest colour type that keeps every \
                pixel: grey, a palette of up to 256 colours, RGB, or RGBA when the background is not opaque; drawn \
                and compressed in bands on every processor (zlib level 1 with row filter none at three bytes a \
                pixel, level 4 at one); WebP is lossless unless --quality is given; a PDF keeps the text selectable \
                in embedded subset fonts, its links as annotations, and --page-height splits it into pages (a \
                paragraph keeps two lines on either side of a page break, a heading stays with what follows it, and \
                --page-numbers numbers them); an SVG draws glyphs as outlines.

                Examples:
                  galley render Examples/note-english.md -o note.png
                  galley render Examples/note-markdown.md -o note.pdf --page-height 600
                  galley render Examples/*.md week.jsonl -o images/
                  galley render notes.txt -o out.png --width 320 --category accessibilityLarge --scale 3
                  galley render poem.txt -o poem.png --exclude "M 200 20 A 60 60 0 1 1 200 20.1 Z" --letterpress
                """,
            arguments: [
                .init(
                    name: "inputs", count: .oneOrMore,
                    help: "The inputs: .txt, .md or .json files, .jsonl files of one JSON document per line, or '-' "
                        + "(plain text from standard input, alone).",
                    discussion: "Several inputs, or a .jsonl file, are rendered in one process on every processor "
                        + "into the directory -o names (made if missing): notes/today.md to today.png, line 12 of "
                        + "week.jsonl to week-12.png, with a progress bar when standard error is a terminal.")
            ],
            options: [
                .init(
                    name: "output", short: "o", isRequired: true,
                    help: "The image to write, its format from its name (.png, .webp, .pdf, .svg; '-': standard "
                        + "output), or the directory for several."),
                .init(
                    name: "recursive", takesValue: false,
                    help: "With a folder as input, render the inputs of its subfolders too, into matching subfolders."),
            ],
            settings: .document),
        run: { parsed in
            guard let output = parsed.value("output") else {
                throw UsageError("name the output: -o FILE, or -o FOLDER/ for several inputs")
            }
            try run(
                inputs: parsed.arguments["inputs"] ?? [], output: output, recursive: parsed.flag("recursive"),
                options: try parsed.requestOptions(work: .document))
        })

    /// Whether `inputs` go to a directory: several of them, a .jsonl batch, a folder, an existing directory named as
    /// `output`, or an output ending in `/`.
    private static func isBatch(_ inputs: [String], output: String) -> Bool {
        inputs.count > 1
            || inputs.contains { ($0 as NSString).pathExtension.lowercased() == "jsonl" || isDirectory($0) }
            || isDirectory(output) || output.hasSuffix("/")
    }

    /// Whether `path` names an existing directory.
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Refuses an output that cannot take what the inputs make, several images when `isBatch` (a usage error, exit
    /// 2), before any input is read.
    private static func check(output: String, isBatch: Bool, options: RequestOptions) throws {
        if output == "-" {
            guard !isBatch else {
                throw UsageError("-o -: several images cannot share standard output; name a directory")
            }
            return
        }
        guard !isBatch else {
            // A directory named like an image is almost always a mistake: say so rather than make `out.png/`.
            if ImageFormat(fileName: output) != nil, !isDirectory(output) {
                let base = (output as NSString).deletingPathExtension
                throw UsageError(
                    "-o \(output): several images are written, one per input, .jsonl line or file of a folder; name a directory "
                        + "(-o \(base.isEmpty ? "images" : base)/)")
            }
            return
        }
        let kind = (output as NSString).pathExtension.lowercased()
        guard let named = ImageFormat(fileName: output) else {
            throw UsageError(
                "-o \(output): galley writes \(ImageFormat.extensionsList) images; name the output so"
                    + (kind.isEmpty ? "" : " (.\(kind) is not written)"))
        }
        if let asked = options.choice(.format, as: ImageFormat.self), asked != named {
            throw UsageError(
                "-o \(output): --format \(asked.rawValue) writes .\(asked.fileExtension) images; name the output so")
        }
    }

    /// The format of the image written to `output`: `--format`'s, else its name's, else PNG.
    static func format(_ options: RequestOptions, output: String) -> ImageFormat {
        options.choice(.format, as: ImageFormat.self) ?? ImageFormat(fileName: output) ?? .png
    }

    /// Refuses an option the image's `format` has no use for (``RequestOptions/checkOptions(apply:)``) as a usage
    /// error (exit 2), before any input is read.
    static func checkOptions(_ options: RequestOptions, apply format: ImageFormat) throws {
        try UsageError.reporting { try options.checkOptions(apply: format) }
    }

    /// Renders `inputs` to `output` (an image, or a folder of them) with `options`.
    static func run(inputs: [String], output: String, recursive: Bool, options: RequestOptions) throws {
        // Asked once: it looks at the file system for each input and the output.
        let isBatch = isBatch(inputs, output: output)
        try check(output: output, isBatch: isBatch, options: options)
        guard isBatch else { return try render(inputs[0], to: output, options: options) }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            throw RenderError.fileNotWritable(path: output, reason: "the directory cannot be made")
        }
        let batch = try RenderBatch(
            inputs: inputs, directory: output, recursive: recursive, options: options)
        if batch.run(workers: Processors.usable) > 0 { throw QuietFailure() }
    }

    /// Renders the one `input` with `options` to `output` (`-`: standard output), in the format its name or
    /// `--format` says: the command's work, however its arguments were read.
    static func render(_ input: String, to output: String, options: RequestOptions) throws {
        let format = format(options, output: output)
        try checkOptions(options, apply: format)
        let (document, library) = try DocumentOptions.read(input, options: options)
        let (image, cut) = try options.renderImage(
            DocumentRenderer(document: document, library: library), as: format)
        warn(cut: cut, of: document, format: format, input: input)
        if output == "-" {
            try StandardOutput.write(image)
        } else {
            try PNGWriter.write(image, to: output)
        }
    }

    /// Says on standard error what of `input` the image does not show as written: text that did not all fit (the
    /// image is still written, as a preview cut at a height is often what was wanted, but never silently), and in
    /// PDF and SVG the links drawn as text alone (``LinkPolicy``).
    static func warn(cut: Range<Int>, of document: Document, format: ImageFormat, input: String) {
        let name = input == "-" ? "standard input" : input
        if format == .pdf || format == .svg {
            for link in document.linksDrawnAsText.prefix(10) {
                StandardOutput.error(
                    "galley: warning: \(name): the link \"\(link.absoluteString.shortened(to: 60).oneLine)\" is drawn as "
                        + "text: only http, https and mailto links and #anchors are kept\n")
            }
        }
        guard !cut.isEmpty else { return }
        let total = document.storage.length
        // Vertical text fills a container across its width, column after column.
        let vertical = document.storage.attributes(at: 0).paragraphStyle?.writingMode.isVertical == true
        let room = (document.maximumLines > 0 ? "line limit or " : "") + (vertical ? "width (its columns)" : "height")
        StandardOutput.error(
            "galley: warning: \(name): the text does not fit the container's "
                + "\(room); \(cut.count) of its \(total) characters (UTF-16 units) are not drawn\n")
    }
}

import ArgumentParser
import Foundation
import Galley
import GalleyDocuments

/// `galley render`: a note, a text file or a JSON document to PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a .txt, .md note or .json document to a PNG image.",
        discussion: """
            A note (.md) is a '# Title' line in the headline style with the letterpress effect, then body text \
            with *bold*, _italic_, ~strike~ and `code`; front matter with 'date: 2026-11-22' adds a round date \
            badge the text flows around. A .json document sets every attribute, the container and the \
            exclusions (see the README). With no --height the image is as tall as the text. The PNG is 8-bit \
            RGB (RGBA when the background is not opaque), written at zlib level 1 with row filter none.

            Examples:
              galley render Examples/note-english.md -o note.png
              galley render notes.txt -o out.png --width 320 --category accessibilityLarge --scale 3
              galley render poem.txt -o poem.png --exclude "M 200 20 A 60 60 0 1 1 200 20.1 Z" --letterpress
            """)

    @Argument(help: "The input: .txt, .md or .json ('-' reads plain text from standard input).")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The PNG file to write.")
    var output: String

    @OptionGroup var documentOptions: DocumentOptions

    func validate() throws {
        let kind = (output as NSString).pathExtension.lowercased()
        guard kind == "png" else {
            throw ValidationError(
                "-o \(output): galley writes PNG images only; name the output .png"
                    + (kind.isEmpty ? "" : " (.\(kind) is not written)"))
        }
    }

    func run() throws {
        let (document, library) = try documentOptions.read(input)
        let png = try DocumentRenderer(document: document, library: library).renderPNG()
        try PNGWriter.write(png, to: output)
    }
}

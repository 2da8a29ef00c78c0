import ArgumentParser
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley layout`: what layout decided for an input, line by line, as `hb-shape` shows what shaping decided.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the laid-out lines of a .txt, .md or .json input: their ranges, rects, runs and glyphs.",
        discussion: """
            Takes the same options as 'render' and lays the input out exactly as 'render' would draw it. Each line \
            gives its container, character range (code points, end exclusive), rect, used rect and baseline in \
            points; each run its font, size, script, direction and origin; each glyph its id, cluster (code point \
            offset), x and y in points, and advance, a hyphen drawn at a break included.

            Examples:
              galley layout Examples/note-english.md --width 200
              printf 'a\\tb' | galley layout - --json | jq '.lines[0].runs[0].glyphs'
            """)

    @Argument(help: "The input: .txt, .md or .json ('-' reads plain text from standard input).")
    var input: String

    @Flag(
        help: ArgumentHelp(
            "Print JSON: {\"lines\": [{\"container\", \"range\", \"rect\", \"used_rect\", \"baseline\", \"runs\"}], "
                + "and, with tables, \"tables\": [{\"container\", \"columns\", \"rows\"}]}."))
    var json = false

    @OptionGroup var documentOptions: DocumentOptions

    func run() throws {
        let (document, library) = try documentOptions.read(input)
        try LayoutListing.write(document, library: library, json: json, to: StandardOutput.write)
    }
}

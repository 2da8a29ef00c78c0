import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley layout`: what layout decided for an input, line by line, as `hb-shape` shows what shaping decided.
enum LayoutCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "layout",
            abstract: "Print the laid-out lines of a .txt, .md or .json input: their ranges, rects, runs and glyphs.",
            discussion: """
                Takes the same options as 'render' and lays the input out exactly as 'render' would draw it. Each \
                line gives its container, character range (code points, end exclusive), rect, used rect and \
                baseline in points; each run its font, size, script, direction and origin; each glyph its id, \
                cluster (code point offset), x and y in points, and advance, a hyphen drawn at a break included.

                Examples:
                  galley layout Examples/note-english.md --width 200
                  printf 'a\\tb' | galley layout - --json | jq '.lines[0].runs[0].glyphs'
                """,
            arguments: [
                .init(
                    name: "input", count: .one,
                    help: "The input: .txt, .md or .json ('-' reads plain text from standard input).")
            ],
            options: [
                .init(
                    name: "json", takesValue: false,
                    help: "Print JSON: {\"lines\": [{\"container\", \"range\", \"rect\", \"used_rect\", \"baseline\", "
                        + "\"runs\"}], and, with tables, \"tables\": [{\"container\", \"columns\", \"rows\"}]}.")
            ],
            settings: .document),
        run: { parsed in
            let (document, library) = try DocumentOptions.read(
                parsed.argument("input"), options: try parsed.requestOptions(work: .document))
            try LayoutListing.write(document, library: library, json: parsed.flag("json"), to: StandardOutput.write)
        })
}

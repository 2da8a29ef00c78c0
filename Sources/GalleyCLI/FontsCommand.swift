import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley fonts`: the faces Galley sees, bundled first, then the system's.
enum FontsCommand {
    static let command = Command(
        spec: CommandSpec(
            name: "fonts",
            abstract: "List the fonts Galley sees: bundled first, then the system's through fontconfig.",
            discussion: """
                Examples:
                  galley fonts
                  galley fonts --json | jq '.[] | select(.bundled) | .family'
                """,
            options: [
                .init(
                    name: "json", takesValue: false,
                    help: "Print JSON: [{\"family\", \"style\", \"path\", \"index\", \"bundled\"}]."),
                .init(name: "no-system-fonts", takesValue: false, help: "List only the fonts compiled into Galley."),
            ]),
        run: { try run(json: $0.flag("json"), noSystemFonts: $0.flag("no-system-fonts")) })

    /// Lists the faces, the bundled ones alone when `noSystemFonts`, as JSON when `json`.
    private static func run(json: Bool, noSystemFonts: Bool) throws {
        let library = try FontOptions.library(noSystemFonts: noSystemFonts)
        let faces = library.availableFaces()
        if json {
            try StandardOutput.line(try JSONText.encoded(faces))
            return
        }
        for face in faces {
            let index = face.index == 0 ? "" : "#\(face.index)"
            // A face compiled into the binary is named by where it came from, which is no file at run time.
            let place = face.isBundled && !face.path.hasPrefix("/") ? "compiled in from \(face.path)" : face.path
            try StandardOutput.line(
                "\(face.isBundled ? "bundled" : "system ")  \(face.family) — \(face.style)  \(place)\(index)")
        }
    }
}

import ArgumentParser
import Foundation
import Galley
import GalleyDocuments
import GalleyRequests

/// `galley fonts`: the faces Galley sees, bundled first, then the system's.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the fonts Galley sees: bundled first, then the system's through fontconfig.",
        discussion: """
            Examples:
              galley fonts
              galley fonts --json | jq '.[] | select(.bundled) | .family'
            """)

    @Flag(help: "Print JSON: [{\"family\", \"style\", \"path\", \"index\", \"bundled\"}].")
    var json = false

    @Flag(help: "List only the fonts compiled into Galley.")
    var noSystemFonts = false

    func run() throws {
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

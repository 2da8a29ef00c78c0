import Foundation
import Testing

@testable import Galley
@testable import GalleyTestSupport

/// `galley render`'s PNGs are compact: no more than a tenth larger than what `optipng -o1` makes of the same
/// image (its zlib level 9 with adaptive row filters, and its colour-type reductions), though Galley writes them
/// band by band at zlib level 1 on every core.
@Suite struct PNGOutputTests {
    @Test(arguments: ["Examples/note-mixed.md", "Examples/note-table.md", "Examples/note-chinese.md"])
    func aNotesPNGIsWithinATenthOfOptipngs(_ note: String) throws {
        let optipng = try #require(ExternalTool.find("optipng"), "optipng is missing: run Scripts/setup")
        let name = (note as NSString).lastPathComponent
        let (png, optimized) = (GalleyCommand.temporary("\(name).png"), GalleyCommand.temporary("\(name)-opt.png"))
        let outcome = try GalleyCommand.run(["render", note, "-o", png])
        #expect(outcome.status == 0, "\(outcome.error)")
        _ = try ExternalTool.run(optipng, ["-quiet", "-o1", "-out", optimized, png])
        let sizes = try [png, optimized].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
        }
        #expect(
            sizes[1] > 0 && Double(sizes[0]) <= 1.1 * Double(sizes[1]),
            "\(sizes[0]) bytes against optipng's \(sizes[1])")
        // The same pixels.
        #expect(try GalleyCommand.image(png).straightRGBA() == (try GalleyCommand.image(optimized).straightRGBA()))
    }
}

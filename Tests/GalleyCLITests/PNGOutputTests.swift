import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `galley render`'s PNGs are compact: no more than a tenth larger than what `optipng -o1` makes of the same
/// image (its zlib level 9 with adaptive row filters, and its colour-type reductions), though Galley writes them
/// band by band at zlib level 1 (4 at one byte a pixel) on every core.
@Suite struct PNGOutputTests {
    @Test(arguments: ["Examples/note-mixed.md", "Examples/note-table.md", "Examples/note-chinese.md"])
    func aNotesPNGIsWithinATenthOfOptipngs(_ note: String) throws {
        let name = (note as NSString).lastPathComponent
        try Self.expectWithinATenthOfOptipng(rendering: note, as: name, colorType: 2)
    }

    /// Plain text in the paper theme's one ink takes a palette of its shades; black on white, grey levels.
    @Test(arguments: [[], ["--color", "black", "--background", "white"]] as [[String]])
    func plainTextIsWrittenInOneByteAPixelWithinATenthOfOptipngs(options: [String]) throws {
        let colorType: UInt8 = options.isEmpty ? 3 : 0
        let text = GalleyCommand.temporary("plain-\(colorType).txt")
        let paragraphs = Array(repeating: LayoutFixtures.english + "\n" + LayoutFixtures.chinese, count: 3)
        try paragraphs.joined(separator: "\n").write(toFile: text, atomically: true, encoding: .utf8)
        try Self.expectWithinATenthOfOptipng(rendering: text, as: "plain-\(colorType)", options, colorType: colorType)
    }

    /// Renders `input` and holds its PNG, of IHDR colour type `colorType`, within a tenth of what `optipng -o1`
    /// makes of it, with the same pixels.
    static func expectWithinATenthOfOptipng(
        rendering input: String, as name: String, _ options: [String] = [], colorType: UInt8
    ) throws {
        let optipng = try #require(ExternalTool.find("optipng"), "optipng is missing: run Scripts/setup")
        let (png, optimized) = (GalleyCommand.temporary("\(name).png"), GalleyCommand.temporary("\(name)-opt.png"))
        let outcome = try GalleyCommand.run(["render", input, "-o", png] + options)
        #expect(outcome.status == 0, "\(outcome.error)")
        _ = try ExternalTool.run(optipng, ["-quiet", "-o1", "-out", optimized, png])
        let sizes = try [png, optimized].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
        }
        #expect(
            sizes[1] > 0 && Double(sizes[0]) <= 1.1 * Double(sizes[1]),
            "\(sizes[0]) bytes against optipng's \(sizes[1])")
        #expect(try PNGChunks.first("IHDR", in: Data(contentsOf: URL(fileURLWithPath: png)))?[9] == colorType)
        // The same pixels.
        #expect(try GalleyCommand.image(png).straightRGBA() == (try GalleyCommand.image(optimized).straightRGBA()))
    }
}

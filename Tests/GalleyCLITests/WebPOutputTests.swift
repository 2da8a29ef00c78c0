import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// `galley render` writes WebP through libwebp when the output is named `.webp` (or `--format webp`): lossless
/// by default, exactly the PNG's pixels as libwebp's own `dwebp` reads them back; lossy with `--quality`.
@Suite struct WebPOutputTests {
    static let note = "Examples/note-table.md"

    @Test func losslessWebPDecodesToThePNGsExactPixels() throws {
        let dwebp = try #require(ExternalTool.find("dwebp"), "dwebp is missing: run Scripts/setup")
        let (webp, png, decoded) = (
            GalleyCommand.temporary("note.webp"), GalleyCommand.temporary("note.png"),
            GalleyCommand.temporary("note-from-webp.png")
        )
        for (output, extra) in [(webp, [String]()), (png, [])] {
            let outcome = try GalleyCommand.run(["render", Self.note, "-o", output] + extra)
            #expect(outcome.status == 0, "\(outcome.error)")
        }
        _ = try ExternalTool.run(dwebp, [webp, "-o", decoded])
        let fromWebP = try GalleyCommand.image(decoded), fromPNG = try GalleyCommand.image(png)
        #expect(fromWebP.width == fromPNG.width && fromWebP.height == fromPNG.height)
        #expect(fromWebP.straightRGBA() == fromPNG.straightRGBA())
        // Smaller than the PNG of the same pixels.
        let sizes = try [webp, png].map { try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0 }
        #expect(sizes[0] > 0 && sizes[0] < sizes[1], "\(sizes)")
    }

    @Test func lossyWebPAtAQualityDecodesToTheSameSize() throws {
        let dwebp = try #require(ExternalTool.find("dwebp"), "dwebp is missing: run Scripts/setup")
        let (webp, decoded) = (GalleyCommand.temporary("lossy.webp"), GalleyCommand.temporary("lossy.png"))
        let outcome = try GalleyCommand.run(["render", Self.note, "-o", webp, "--quality", "60"])
        #expect(outcome.status == 0, "\(outcome.error)")
        _ = try ExternalTool.run(dwebp, [webp, "-o", decoded])
        let png = GalleyCommand.temporary("lossy-reference.png")
        _ = try GalleyCommand.run(["render", Self.note, "-o", png])
        let (a, b) = (try GalleyCommand.image(decoded), try GalleyCommand.image(png))
        #expect(a.width == b.width && a.height == b.height)
    }

    @Test(arguments: [
        (
            ["-o", "/tmp/x.png", "--format", "webp"],
            "-o /tmp/x.png: --format webp writes .webp images; name the output so"
        ),
        (["-o", "/tmp/x.webp", "--quality", "101"], "--quality 101 is outside 0...100"),
    ])
    func badOutputsAreOneLineErrors(_ arguments: [String], _ message: String) throws {
        let outcome = try GalleyCommand.run(["render", Self.note] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error.contains(message), "\(outcome.error)")
    }
}

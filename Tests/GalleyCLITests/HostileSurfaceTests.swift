import Foundation
import Testing

@testable import GalleyService
@testable import GalleyTestSupport

/// The fifth attack's findings on the command and the service: a link's PDF read back by poppler, the warning for
/// a link drawn as text, a folder's link to a file outside it, and the Accept header's quality values.
@Suite struct HostileSurfaceTests {
    @Test func popplerFindsNoJavaScriptInALinksPDF() throws {
        let pdfinfo = try #require(ExternalTool.find("pdfinfo"), "pdfinfo is missing: run Scripts/setup")
        let (note, pdf) = (GalleyCommand.temporary("injected-link.md"), GalleyCommand.temporary("injected-link.pdf"))
        try "[click](<http://a/)/S/JavaScript/JS(app.alert(1)>) and [x](javascript:alert(document.cookie))\n".write(
            toFile: note, atomically: false, encoding: .utf8)
        let outcome = try GalleyCommand.run(["render", note, "-o", pdf])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(
            outcome.error
                == "galley: warning: \(note): the link \"javascript:alert(document.cookie)\" is drawn as text: "
                + "only http, https and mailto links and #anchors are kept\n")
        let scripts = try ExternalTool.run(pdfinfo, ["-js", pdf])
        #expect(!scripts.contains("JavaScript") && !scripts.contains("app.alert"), "\(scripts)")
        let links = try ExternalTool.run(pdfinfo, ["-url", pdf])
        #expect(links.contains("http://a/%29/S/JavaScript/JS%28app.alert%281%29"), "\(links)")
        #expect(!links.contains("javascript:"), "\(links)")
    }

    @Test func aFoldersLinkToAFileOutsideItIsSkipped() throws {
        let folder = GalleyCommand.temporary("linked-folder")
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try "# A\n".write(toFile: folder + "/a.md", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/passwd.txt", withDestinationPath: "/etc/passwd")
        // A link that stays inside the folder is the folder's.
        try FileManager.default.createSymbolicLink(atPath: folder + "/sub/b.md", withDestinationPath: "../a.md")
        let output = GalleyCommand.temporary("linked-folder-images")
        try? FileManager.default.removeItem(atPath: output)
        let outcome = try GalleyCommand.run(["render", folder, "--recursive", "-o", output])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.error.contains("passwd.txt: skipped, a link to a file outside"), "\(outcome.error)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: output).sorted() == ["a.png", "sub", "sub/b.png"])
    }

    @Test(
        arguments: [
            ("application/pdf", "pdf"), ("application/pdf;q=0, image/png", "png"),
            ("image/webp;q=0.1, image/svg+xml; q=0.5", "svg"), ("image/svg+xml, image/*;q=0.8", "svg"),
            ("*/*", nil), ("image/*", nil), ("image/png;q=0, image/*;q=0.5", "webp"),
            ("image/png;q=0.2, application/pdf;q=0.2", "png"), ("application/pdf;q=0.2, image/png;q=0.2", "pdf"),
            ("text/html, */*;q=0.1", nil), ("image/jpeg, image/png;q=0.9", "jpeg"),
        ] as [(String, String?)])
    func theAcceptHeadersBestFormatIsAnswered(_ accept: String, _ format: String?) throws {
        let items = try Routes.acceptedFormat(accept)
        #expect(items.map(\.value) == (format.map { [$0] } ?? []), "\(accept)")
    }

    @Test(arguments: ["application/pdf;q=0", "application/json", "text/html, image/png;q=0"])
    func anAcceptHeaderTakingNoImageFormatIsRefused(_ accept: String) throws {
        #expect {
            try Routes.acceptedFormat(accept)
        } throws: { error in
            (error as? ServiceFailure)?.status.code == 406
        }
    }
}

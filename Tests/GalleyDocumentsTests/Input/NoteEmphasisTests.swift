import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyTestSupport

/// `*emphasis*` in a note: Latin in italics, ideographs and kana with emphasis marks (CLREQ's 着重号, JLREQ's 圏点),
/// since CJK faces have no italics.
@Suite struct NoteEmphasisTests {
    @Test func emphasisedIdeographsTakeMarksAndLatinStaysItalic() throws {
        let storage = try NoteReader.read("学习时*最重要的 is practice*，不是别的。", defaults: TextAttributes()).storage
        let marked = try MarkdownNoteTests.attributes(of: "最重要的", in: storage)
        #expect(marked.textEmphasis == NoteInlineWriter.cjkEmphasis)
        let latin = try MarkdownNoteTests.attributes(of: "is practice", in: storage)
        #expect(latin.textEmphasis == nil)
        guard case .styled(_, _, _, let italic) = latin.font else {
            Issue.record("\(String(describing: latin.font))"); return
        }
        #expect(italic)
        // Outside the emphasis, no marks.
        #expect(try MarkdownNoteTests.attributes(of: "学习时", in: storage).textEmphasis == nil)
        #expect(try MarkdownNoteTests.attributes(of: "不是别的", in: storage).textEmphasis == nil)
    }

    @Test func marksSitUnderChineseAndOverJapanese() throws {
        let library = try TestFonts.bundled
        for (note, under) in [("这是*重点*。", true), ("これは*重要*です。", false)] {
            let document = try NoteReader.read(note, defaults: TextAttributes())
            let manager = LayoutManager(textStorage: document.storage, fontLibrary: library)
            manager.addTextContainer(TextContainer(width: 300, height: 0))
            let line = try #require(try manager.layout().lineFragments.first)
            #expect(line.emphasisMarks.count == 2, "\(note)")
            #expect(line.emphasisMarks.allSatisfy { ($0.origin.y > line.baselineY) == under }, "\(note)")
        }
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyTestSupport

/// Ruby in notes, as markdown-it-ruby writes it: `{東京|とうきょう}` over a word, `{漢字|かん|じ}` over each
/// character, `\{` a literal brace, code left alone, and bad ruby an error naming its line.
@Suite struct NoteRubyTests {
    @Test func bracesWithABarBecomeRuby() throws {
        let storage = try NoteReader.read("{東京|とうきょう}の{漢字|かん|じ}を\n\n*{強調|きょう|ちょう}した*。", defaults: TextAttributes())
            .storage
        #expect(storage.string == "東京の漢字を\n強調した。")
        #expect(try MarkdownNoteTests.attributes(of: "東京", in: storage).ruby == RubyAnnotation("とうきょう"))
        #expect(
            try MarkdownNoteTests.attributes(of: "漢字", in: storage).ruby
                == RubyAnnotation(perCharacter: ["かん", "じ"]))
        // Emphasised ruby takes emphasis marks as well as its annotation.
        let emphasised = try MarkdownNoteTests.attributes(of: "強調", in: storage)
        #expect(emphasised.ruby?.texts == ["きょう", "ちょう"] && emphasised.textEmphasis != nil)
        #expect(try MarkdownNoteTests.attributes(of: "を", in: storage).ruby == nil)
    }

    @Test func anEscapedBraceCodeAndPictureSizesStayAsWritten() throws {
        let storage = try NoteReader.read(#"\{文字|もじ} と `{a|b}` と {x}"#, defaults: TextAttributes()).storage
        #expect(storage.string == "{文字|もじ} と {a|b} と {x}")
        #expect((0..<storage.length).allSatisfy { storage.attributes(at: $0).ruby == nil })
        // In code, a backslash before a brace is kept as written.
        let code = try NoteReader.read(#"`\{`"#, defaults: TextAttributes()).storage
        #expect(code.string == #"\{"#)
    }

    /// A note's front matter sets where its ruby sits: `inter-character` for zhuyin beside each character (as
    /// Taiwan sets 注音), `under`; anything else is an error naming the key and the choices.
    @Test func theFrontMatterSetsWhereRubySits() throws {
        let storage = try NoteReader.read(
            "---\nlang: zh-TW\nruby-position: Inter-Character\n---\n{注音|ㄓㄨˋ|ㄧㄣ}符號", defaults: TextAttributes()
        ).storage
        #expect(
            try MarkdownNoteTests.attributes(of: "注音", in: storage).ruby
                == RubyAnnotation(perCharacter: ["ㄓㄨˋ", "ㄧㄣ"], position: .interCharacter))
        #expect(try MarkdownNoteTests.attributes(of: "符號", in: storage).ruby == nil)
        #expect {
            _ = try NoteReader.read("---\nruby-position: beside\n---\n{注|ㄓㄨˋ}", defaults: TextAttributes())
        } throws: { error in
            "\(error)" == "front matter: ruby-position \"beside\" is not over, under, inter-character"
        }
    }

    @Test func badRubyNamesItsLine() throws {
        #expect {
            _ = try NoteReader.read("一行目\n\n{漢字|か|ん|じ}", defaults: TextAttributes())
        } throws: { error in
            "\(error)".contains("line 3") && "\(error)".contains("3 annotations")
        }
    }
}

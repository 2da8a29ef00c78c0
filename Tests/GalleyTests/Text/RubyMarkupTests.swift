import Foundation
import Testing

@testable import GalleyText

/// Galley's ruby markup: `{東京|とうきょう}` one annotation over the base, `{漢字|かん|じ}` one per character, other
/// braces left as they are, and bad ruby a one-line error naming what is wrong.
@Suite struct RubyMarkupTests {
    @Test func groupAndMonoRubyBecomeBasesWithTheirAnnotations() throws {
        let parsed = try RubyMarkup.parse("{東京|とうきょう}の{漢字|かん|じ}を書く")
        #expect(parsed.text == "東京の漢字を書く")
        #expect(parsed.rubies.map(\.range) == [0..<2, 3..<5])
        #expect(parsed.rubies.map(\.annotation.texts) == [["とうきょう"], ["かん", "じ"]])
        #expect(parsed.rubies.allSatisfy { $0.annotation.position == .over })
        #expect(parsed.pieces.map(\.text) == ["東京", "の", "漢字", "を書く"])
        #expect(parsed.pieces.map { $0.annotation?.texts } == [["とうきょう"], nil, ["かん", "じ"], nil])
    }

    @Test func rangesCountUTF16AndPositionsAreThoseAsked() throws {
        // 𠮷 is two UTF-16 units.
        let parsed = try RubyMarkup.parse("😀{𠮷野|よし|の}", position: .under)
        #expect(parsed.text == "😀𠮷野")
        #expect(parsed.rubies.map(\.range) == [2..<5])
        #expect(parsed.rubies[0].annotation.position == .under)
    }

    @Test func bracesWithoutABarOrAPartnerStayText() throws {
        for text in ["{width=120}", "a {x} b", "{開く", "閉じる}", "func f() { return 1 }", "{}", "{{{", "}}{"] {
            let parsed = try RubyMarkup.parse(text)
            #expect(parsed.text == text)
            #expect(parsed.rubies.isEmpty)
        }
    }

    @Test func anEscapedBraceOpensNothing() throws {
        let parsed = try RubyMarkup.parse(#"\{東京|とうきょう} {漢|かん}"#)
        #expect(parsed.text == "{東京|とうきょう} 漢")
        #expect(parsed.rubies.map(\.range) == [11..<12])
    }

    /// Ruby inside braces that are not ruby themselves is read; a megabyte of unclosed braces is read in one pass
    /// (a scan for each one's partner would take hours: the suite's time limit is the check).
    @Test func rubyInsideTextBracesAndLongBraceRunsReadQuickly() throws {
        let parsed = try RubyMarkup.parse("f() { {東京|とうきょう} }")
        #expect(parsed.text == "f() { 東京 }")
        #expect(parsed.rubies.map(\.range) == [6..<8])
        let braces = String(repeating: "{", count: 1 << 20) + "{漢|かん}" + String(repeating: "}", count: 1 << 19)
        #expect(try RubyMarkup.parse(braces).rubies.count == 1)
    }

    @Test func badRubyIsAOneLineErrorNamingTheProblem() throws {
        #expect(throws: RubyError.emptyBase) { try RubyMarkup.parse("{|かん}") }
        #expect(throws: RubyError.emptyBase) { try RubyMarkup.parse("{ |かん}") }
        #expect(throws: RubyError.emptyAnnotation(base: "漢")) { try RubyMarkup.parse("{漢|}") }
        #expect(throws: RubyError.countMismatch(base: "漢字", characters: 2, annotations: 3)) {
            try RubyMarkup.parse("{漢字|か|ん|じ}")
        }
        #expect(throws: RubyError.nested) { try RubyMarkup.parse("{{漢|かん}字|じ}") }
        let long = String(repeating: "あ", count: RubyAnnotation.textLimit + 1)
        #expect(
            throws: RubyError.annotationTooLong(length: RubyAnnotation.textLimit + 1, limit: RubyAnnotation.textLimit)
        ) {
            try RubyMarkup.parse("{漢|\(long)}")
        }
        for error in [RubyError.emptyBase, .nested, .countMismatch(base: "漢字", characters: 2, annotations: 3)] {
            #expect(error.description.hasPrefix("ruby: ") && !error.description.contains("\n"))
        }
    }
}

import Foundation
import Testing

@testable import GalleyLayout
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Code in a monospaced face breaks at its joints when the paragraph asks (``ParagraphStyle/breaksCodeAtJoints``,
/// as notes do): after `.`, `::` and `->` between names and before `(` opening arguments, never inside a name.
@Suite struct CodeJointsTests {
    private static func offsets(_ code: String) -> [Int] {
        let units = Array(code.utf16)
        return CodeJoints.offsets(in: [0..<units.count], of: units[...])
    }

    @Test func jointsAreBetweenNames() {
        #expect(Self.offsets("TextMeasurer.prepare()") == [13])
        #expect(Self.offsets("measurer.prepare(storage)") == [9, 16])
        #expect(Self.offsets("std::vector<int>") == [5])
        #expect(Self.offsets("node->next->value") == [6, 12])
        // Numbers, paths, a sentence's stop and empty parentheses are no joints.
        #expect(Self.offsets("3.14 ../a a. (b) f() x.1 .hidden").isEmpty)
        // Only inside the ranges given: a joint at a range's edge is the prose's to decide.
        let units = Array("a.b c.d".utf16)
        #expect(CodeJoints.offsets(in: [4..<7], of: units[...]) == [6])
    }

    /// A line of prose ending in a long call in JetBrains Mono: with joints the call is cut after its `.`, where
    /// without them the name itself is cut (or the whole call moves down, leaving the line short).
    @Test func aLongCallBreaksAtItsDotNotInsideAName() throws {
        let library = try TestFonts.bundled
        let prose = "Measure it first with "
        let code = "TextMeasurer.prepareEverything(width)"
        let codeFont = TextAttributes(font: .font(try library.font(family: "JetBrains Mono", size: 17)))
        func starts(joints: Bool) throws -> [Int] {
            var style = ParagraphStyle()
            style.breaksCodeAtJoints = joints
            let storage = TextStorage(prose, attributes: TextAttributes(paragraphStyle: style))
            storage.append(code, attributes: codeFont.merging(TextAttributes(paragraphStyle: style)))
            return try TextMeasurer(fontLibrary: library).measure(storage, width: 260).utf16LineStarts
        }
        let dot = prose.utf16.count + "TextMeasurer.".utf16.count
        let argument = prose.utf16.count + "TextMeasurer.prepareEverything".utf16.count
        let jointed = try starts(joints: true)
        #expect(
            jointed.count > 1 && jointed.dropFirst().allSatisfy { [prose.utf16.count, dot, argument].contains($0) })
        #expect(jointed.contains(dot), "\(jointed)")
        let plain = try starts(joints: false)
        #expect(!plain.contains(dot), "\(plain)")
    }

    /// A word too long for its line is cut before the last cluster that fits, but never so that a line starts
    /// with an ASCII closing bracket, a stray the eye reads as an error; under web metrics the cut is Chromium's
    /// (anywhere).
    @Test func anOverlongWordIsNotCutBeforeAClosingBracket() throws {
        let library = try TestFonts.bundled
        let mono = try library.font(family: "JetBrains Mono", size: 17)
        let advance = try #require(
            TestFonts.shape("a", attributes: TextAttributes(font: .font(mono))).runs.first?.width)
        for (metrics, starts) in [(ParagraphStyle.LineHeightMetrics.exact, [0, 9]), (.web, [0, 10])] {
            var style = ParagraphStyle()
            style.lineHeightMetrics = metrics
            let measured = try TextMeasurer(fontLibrary: library).measure(
                "abcdefghij)", attributes: TextAttributes(font: .font(mono), paragraphStyle: style),
                width: 10 * advance + 1)
            #expect(measured.utf16LineStarts == starts, "\(metrics)")
        }
    }

    /// Prose in a proportional face keeps UAX #14's opportunities: joints are for code alone.
    @Test func proseInAProportionalFaceIsUnchanged() throws {
        let library = try TestFonts.bundled
        var style = ParagraphStyle()
        style.breaksCodeAtJoints = true
        let text = "See example.com and object.method(argument) for the details of the call."
        for width in [80.0, 120, 160] {
            let with = try TextMeasurer(fontLibrary: library).measure(
                text, attributes: TextAttributes(paragraphStyle: style), width: width)
            let without = try TextMeasurer(fontLibrary: library).measure(text, width: width)
            #expect(with == without, "\(width)")
        }
    }
}

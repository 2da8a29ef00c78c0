import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Galley's bidi levels and visual order against Unicode's BidiCharacterTest.txt (Debian's unicode-data).
@Suite struct BidiConformanceTests {
    static let testFile = "/usr/share/unicode/BidiCharacterTest.txt"

    struct Outcome {
        var passed = 0
        var failed: [String] = []
    }

    /// The test that lets a paragraph skip ICU's bidi answers, for every UTF-16 unit, as its documentation names
    /// the ranges: Hebrew through Arabic Extended, the right-to-left presentation forms, the explicit bidi controls
    /// (with the marks) and surrogates.
    @Test func everyUnitThatMayBeRightToLeftIsSentToICU() {
        let ranges: [ClosedRange<UInt16>] = [
            0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069,
            0xD800...0xDFFF,
        ]
        func holdsRightToLeft(_ units: [UInt16]) -> Bool {
            units.withUnsafeBufferPointer(BidiParagraph.holdsRightToLeft)
        }
        for unit in UInt16.min...UInt16.max {
            let expected = ranges.contains { $0.contains(unit) }
            #expect(holdsRightToLeft([unit]) == expected, "U+\(String(unit, radix: 16))")
            // Anywhere among 37 left-to-right units (Latin, ideographs), as the compiler tests several at once.
            let position = Int(unit) % 37
            var text: [UInt16] = (0..<37).map { index -> UInt16 in
                let latin = UInt16(0x61 + index % 26), ideograph = UInt16(0x4E00 + index)
                return index % 2 == 0 ? latin : ideograph
            }
            text[position] = unit
            #expect(holdsRightToLeft(text) == expected, "U+\(String(unit, radix: 16)) at \(position)")
        }
        #expect(!holdsRightToLeft([]))
    }

    @Test func levelsAndVisualOrderAgreeWithBidiCharacterTest() throws {
        let contents = try #require(
            try? String(contentsOfFile: Self.testFile, encoding: .utf8),
            "\(Self.testFile) is missing: run Scripts/setup")
        var outcome = Outcome()
        for line in contents.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard fields.count >= 5 else { continue }
            if check(fields) {
                outcome.passed += 1
            } else if outcome.failed.count < 20 {
                outcome.failed.append(String(line))
            } else {
                outcome.failed.append("")
            }
        }
        let total = outcome.passed + outcome.failed.count
        #expect(total > 90_000)
        #expect(
            Double(outcome.passed) >= 0.999 * Double(total),
            "BidiCharacterTest.txt: \(outcome.passed) of \(total) cases pass; differing: \(outcome.failed.prefix(20).joined(separator: "; "))"
        )
    }

    /// One case: code points; direction (0 LTR, 1 RTL, 2 auto); paragraph level; levels ('x' for removed);
    /// visual order of the kept characters.
    private func check(_ fields: [String]) -> Bool {
        let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        let direction: ParagraphStyle.WritingDirection =
            switch fields[1] {
            case "0": .leftToRight
            case "1": .rightToLeft
            default: .natural
            }
        var units: [UInt16] = []
        var firstUnit: [Int] = []
        for scalar in scalars {
            firstUnit.append(units.count)
            units.append(contentsOf: String(scalar).utf16)
        }
        guard let bidi = try? BidiParagraph(units[...], direction: direction) else { return false }
        guard Int(fields[2]) == Int(bidi.baseLevel) else { return false }
        let expectedLevels = fields[3].split(separator: " ")
        guard expectedLevels.count == scalars.count else { return false }
        var kept: [Int] = []
        for (index, expected) in expectedLevels.enumerated() where expected != "x" {
            guard UInt8(expected) == bidi.levels[firstUnit[index]] else { return false }
            kept.append(index)
        }
        let order = BidiParagraph.visualOrder(levels: kept.map { bidi.levels[firstUnit[$0]] }).map { kept[$0] }
        return order == fields[4].split(separator: " ").compactMap { Int($0) }
    }
}

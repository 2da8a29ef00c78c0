import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Galley's break opportunities against Unicode's LineBreakTest.txt (Debian's unicode-data, Unicode 15.0).
@Suite struct LineBreakConformanceTests {
    static let testFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    @Test func opportunitiesAgreeWithLineBreakTest() throws {
        let contents = try #require(
            try? String(contentsOfFile: Self.testFile, encoding: .utf8),
            "\(Self.testFile) is missing: run Scripts/setup")
        var passed = 0, total = 0
        var differences: [String] = []
        for line in contents.split(separator: "\n") where !line.hasPrefix("#") {
            let rule = line.split(separator: "#", maxSplits: 1).first ?? ""
            let tokens = rule.split(whereSeparator: \.isWhitespace)
            guard tokens.count >= 3 else { continue }
            var scalars: [Unicode.Scalar] = []
            var expected: [Int] = []
            for token in tokens.dropFirst() {
                if token == "÷" {
                    expected.append(scalars.count)
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    scalars.append(scalar)
                }
            }
            total += 1
            var units: [UInt16] = []
            var scalarIndex: [Int: Int] = [:]
            for (index, scalar) in scalars.enumerated() {
                units.append(contentsOf: String(scalar).utf16)
                scalarIndex[units.count] = index + 1
            }
            let found = try BreakOpportunities(units[...], language: nil, strictness: .normal, rules: .unicode)
                .opportunities.compactMap { scalarIndex[$0.offset] }
            if found == expected {
                passed += 1
            } else if differences.count < 15 {
                differences.append(String(rule).trimmingCharacters(in: .whitespaces) + "  galley: \(found)")
            }
        }
        // ICU tailors UAX #14 on purpose (CSS-style handling of hyphens, numbers and some punctuation); the
        // differing cases, named if the test fails, are those tailorings.
        #expect(total > 7_000)
        #expect(
            Double(passed) >= 0.99 * Double(total),
            "LineBreakTest.txt: \(passed) of \(total) cases pass; differing: \(differences.joined(separator: "; "))")
    }
}

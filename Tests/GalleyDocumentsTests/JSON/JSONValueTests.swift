import Foundation
import Testing

@testable import GalleyDocuments
@testable import GalleyTestSupport

/// Numbers written as JSON: rounded to a millionth, then spelled as Swift's own `String(Double)` spells the rounded
/// value (its shortest form that reads back), whole numbers without a fraction and never an exponent.
@Suite struct JSONValueTests {
    /// What `format` must give: the rounded value printed by Swift, `%.15g` where Swift would write an exponent.
    static func swiftsSpelling(_ value: Double) -> String {
        let rounded = abs(value) < 1e9 ? (value * 1e6).rounded() / 1e6 : value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        let text = String(rounded)
        return text.contains("e") ? String(format: "%.15g", rounded) : text
    }

    /// Widths, heights and offsets of every size and sign, exact millionths and the halves between them, the
    /// thousandth where the digits written directly start, and values past a billion.
    @Test func numbersAreSpelledAsSwiftSpellsTheirRoundedValue() {
        var generator = SeededGenerator(state: 59)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, 320, 308.366477, 0.001, -0.001, 0.000999, 0.0001, 0.000001, 1e-7, 999_999_999.999999,
            1e9, 1e9 + 0.5, 123_456_789.123456, 73.84800000000001, 1e15, 1e16, 0.0015, 2.5e-7,
        ]
        for _ in 0..<20_000 {
            let magnitude = pow(10, Double.random(in: -7...10, using: &generator))
            let value = Double.random(in: 0...magnitude, using: &generator)
            values.append(Bool.random(using: &generator) ? value : -value)
            // Exact millionths and the halves between them, where rounding decides.
            let millionths = Double(Int.random(in: -2_000_000_000...2_000_000_000, using: &generator))
            values.append(millionths / 1e6)
            values.append((millionths + 0.5) / 1e6)
        }
        let differing = values.filter { JSONValue.format($0) != Self.swiftsSpelling($0) }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { ($0, JSONValue.format($0), Self.swiftsSpelling($0)) })")
    }

    /// Whole numbers (a row's line count and line starts) as `String(Int)` spells them, every length and sign.
    @Test func wholeNumbersAreSpelledAsSwiftSpellsThem() {
        var generator = SeededGenerator(state: 61)
        var values = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min]
        for _ in 0..<5_000 {
            values.append(
                Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...63, using: &generator))
        }
        let differing = values.filter { value in
            var bytes: [UInt8] = []
            JSONValue.append(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self) != String(value)
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }
}

import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Galley's own UTF-8 → UTF-16 transcoding gives exactly Swift's UTF-16 view.
@Suite struct UTF16UnitsTests {
    @Test(arguments: [
        "", "plain ASCII", "é Ω \u{80} \u{7FF}", "中文，标点。\u{800} \u{FFFF} \u{E000} €", "😀 \u{10000} \u{10FFFF}",
        "mixed 中文 text with emoji 👩‍👩‍👧 and ﷺ Arabic", "\u{0}\u{7F}",
    ])
    func unitsEqualTheStringsUTF16View(_ text: String) {
        #expect([UInt16](utf16Of: text) == Array(text.utf16))
    }

    /// Every length of sequence (one to four bytes) at every position, from random scalars of each plane: the
    /// units, the length counted eight bytes at a time, and the offsets of the surrogate pairs.
    @Test func randomTextEqualsTheUTF16View() {
        var generator = SeededGenerator(state: 34)
        let planes: [ClosedRange<UInt32>] = [
            0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF,
        ]
        var mismatches = 0
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                let plane = planes.randomElement(using: &generator)!
                text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: plane, using: &generator))!)
            }
            let units = Array(text.utf16)
            var pairStarts: [Int] = []
            var bytes = text
            let length = bytes.withUTF8 { UTF8ToUTF16.length(of: $0) { pairStarts.append($0) } }
            if [UInt16](utf16Of: text) != units || length != units.count
                || pairStarts != units.indices.filter({ UTF16.isLeadSurrogate(units[$0]) })
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }
}

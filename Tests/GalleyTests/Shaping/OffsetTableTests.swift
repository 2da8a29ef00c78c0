import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The table CJK spacing and the line breaker keep their few values by offset in answers every question as a
/// dictionary would, whatever order the values come in: appended while a paragraph is walked, inserted before
/// others when a mark's trim comes after the autospace before it, changed in place, removed.
@Suite struct OffsetTableTests {
    @Test func answersAsADictionaryWouldUnderRandomChanges() {
        var generator = SeededGenerator(state: 62)
        var disagreements = 0
        for _ in 0..<300 {
            var table = OffsetTable<Double>(), reference: [Int: Double] = [:]
            for step in 0..<Int.random(in: 0...40, using: &generator) {
                // Mostly increasing offsets, as a paragraph is walked, with some before and some repeated.
                let offset =
                    Int.random(in: 0..<4, using: &generator) == 0
                    ? Int.random(in: 0...60, using: &generator) : step * 2
                switch Int.random(in: 0..<4, using: &generator) {
                case 0:
                    table[offset] = nil
                    reference[offset] = nil
                case 1:
                    table[offset, default: 0] += 1.5
                    reference[offset, default: 0] += 1.5
                default:
                    let value = Double(Int.random(in: -5...5, using: &generator))
                    table[offset] = value
                    reference[offset] = value
                }
            }
            let probes = Array(-1...82)
            if table.entries.map(\.offset) != reference.keys.sorted() || table.count != reference.count
                || probes.contains(where: { table[$0] != reference[$0] })
                || probes.contains(where: { probe in
                    table.index(of: probe) != reference.keys.filter { $0 < probe }.count
                })
            {
                disagreements += 1
            }
            var reader = OffsetTable.AscendingReader(table)
            if probes.contains(where: { reader.value(at: $0) != reference[$0] ?? 0 }) { disagreements += 1 }
        }
        #expect(disagreements == 0)
    }

    /// Merging a second table gives every offset of both, the shared ones combined, as a dictionary merge does:
    /// how CJK spacing adds its trims to the autospace before them in one pass.
    @Test func mergesAsADictionaryWould() {
        var generator = SeededGenerator(state: 63)
        var disagreements = 0
        for _ in 0..<300 {
            var table = OffsetTable<Double>(), other = OffsetTable<Double>()
            var reference: [Int: Double] = [:], otherReference: [Int: Double] = [:]
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let offset = Int.random(in: 0...40, using: &generator),
                    value = Double(Int.random(in: 1...9, using: &generator))
                table[offset] = value
                reference[offset] = value
            }
            // Sometimes wholly after the first table, sometimes among it.
            let base = Bool.random(using: &generator) ? 50 : 0
            for _ in 0..<Int.random(in: 0...20, using: &generator) {
                let offset = base + Int.random(in: 0...40, using: &generator)
                let value = Double(Int.random(in: 1...9, using: &generator))
                other[offset] = value
                otherReference[offset] = value
            }
            table.merge(other, combining: +)
            reference.merge(otherReference, uniquingKeysWith: +)
            if table.entries.map(\.offset) != reference.keys.sorted()
                || reference.contains(where: { table[$0.key] != $0.value })
            {
                disagreements += 1
            }
        }
        #expect(disagreements == 0)
    }
}

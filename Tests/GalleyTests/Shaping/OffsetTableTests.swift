import Testing

@testable import Galley
@testable import GalleyTestSupport

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
}

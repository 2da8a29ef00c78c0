import Benchmark
import BenchmarkCorpus
import Foundation
import Galley

/// Measuring row heights (the table-row case) and laying out a long document, with the bundled fonts.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 30)

    let rows = Corpus.rows
    guard let library = try? FontLibrary(includeSystemFonts: false) else { return }
    let body = TextAttributes(font: .textStyle(.body))

    Benchmark("Galley: measure 5,000 note rows at 320 pt (warm word cache)") { benchmark in
        let measurer = TextMeasurer(fontLibrary: library)
        for row in rows { blackHole(try measurer.measure(row, attributes: body, width: 320)) }
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for row in rows {
                blackHole(try measurer.measure(row, attributes: body, width: 320))
            }
        }
    }

    Benchmark("Galley: measure 5,000 note rows at 320 pt (cold word cache)") { benchmark in
        let measurer = TextMeasurer(fontLibrary: library)
        for _ in benchmark.scaledIterations {
            ShapeCache.shared.removeAll()
            for row in rows {
                blackHole(try measurer.measure(row, attributes: body, width: 320))
            }
        }
    }

    Benchmark("Galley: measure 5,000 note rows at 320 pt on both cores") { benchmark in
        let workers = Workers(measurers: (0..<2).map { _ in TextMeasurer(fontLibrary: library) })
        for _ in benchmark.scaledIterations {
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                for row in stride(from: worker, to: rows.count, by: 2) {
                    blackHole(try? workers.measurers[worker].measure(rows[row], attributes: body, width: 320))
                }
            }
        }
    }

    // Prepared text (issue 18): every row shaped once, then re-measured at a width it was not measured at.
    Benchmark(
        "Galley: re-measure 5,000 prepared note rows at a new width",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .microseconds)
    ) { benchmark in
        let measurer = TextMeasurer(fontLibrary: library)
        let prepared = rows.compactMap { try? measurer.prepare(TextStorage($0, attributes: body)) }
        var width = 300.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            width = width == 300 ? 375 : 300
            for text in prepared { blackHole(try prepared.isEmpty ? nil : text.measure(width: width)) }
        }
    }

    Benchmark("Galley: lay out the corpus as one 5,000-paragraph document at 320 pt") { benchmark in
        let document = rows.joined(separator: "\n")
        for _ in benchmark.scaledIterations {
            let storage = TextStorage(document, attributes: body)
            let manager = LayoutManager(textStorage: storage, fontLibrary: library)
            manager.addTextContainer(TextContainer(width: 320))
            blackHole(try manager.layout())
        }
    }
}

/// One measurer per worker thread; worker `i` only ever touches measurer `i`, which is what makes this Sendable.
final class Workers: @unchecked Sendable {
    let measurers: [TextMeasurer]
    init(measurers: [TextMeasurer]) { self.measurers = measurers }
}

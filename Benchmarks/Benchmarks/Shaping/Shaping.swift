import Benchmark
import BenchmarkCorpus
import Foundation
import Galley

/// Itemizing and shaping the 5,000-row note corpus with Galley (bundled fonts only, so runs are reproducible).
/// One iteration shapes every row; rows/s = 5,000 / the iteration's time.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 30)

    let rows = Corpus.rows
    guard let library = try? FontLibrary(includeSystemFonts: false) else { return }
    let itemizer = Itemizer(fontLibrary: library)
    let paragraphs = rows.map { Paragraph($0) }

    Benchmark("Galley: itemize + shape 5,000 note rows") { benchmark in
        let shaper = Shaper()
        for _ in benchmark.scaledIterations {
            for paragraph in paragraphs {
                blackHole(try shaper.shape(paragraph, itemizer: itemizer))
            }
        }
    }

    Benchmark("Galley: itemize 5,000 note rows") { benchmark in
        for _ in benchmark.scaledIterations {
            for paragraph in paragraphs {
                blackHole(try itemizer.itemize(paragraph))
            }
        }
    }
}

import Benchmark
import BenchmarkCorpus
import CHarfBuzzFloor
import Foundation

/// The floor: HarfBuzz alone shaping each row of the same corpus whole, with Inter, no itemization, no fallback.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident, .mallocCountTotal],
        timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 30)

    let fontPath = Corpus.repository.appendingPathComponent("Fonts/Inter/Inter-roman.var.ttf").path
    let rows = Corpus.rows.map { Array($0.utf16) }

    Benchmark("HarfBuzz alone: shape 5,000 note rows whole") { benchmark in
        guard let blob = hb_blob_create_from_file_or_fail(fontPath) else { return }
        let face = hb_face_create(blob, 0)
        let font = hb_font_create(face)
        let buffer = hb_buffer_create()
        defer {
            hb_buffer_destroy(buffer)
            hb_font_destroy(font)
            hb_face_destroy(face)
            hb_blob_destroy(blob)
        }
        for _ in benchmark.scaledIterations {
            for row in rows {
                hb_buffer_clear_contents(buffer)
                row.withUnsafeBufferPointer {
                    hb_buffer_add_utf16(buffer, $0.baseAddress, Int32($0.count), 0, Int32($0.count))
                }
                hb_buffer_guess_segment_properties(buffer)
                hb_shape(font, buffer, nil, 0)
                blackHole(hb_buffer_get_length(buffer))
            }
        }
    }
}

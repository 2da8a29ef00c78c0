import Benchmark
import BenchmarkCorpus
import Foundation
import Galley

/// Rendering a 3,000-character note at 375 pt, scale 2: layout, rasterization and PNG encoding apart, then end to
/// end. The note is the corpus's first rows joined until it passes 3,000 characters.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxDuration: .seconds(10),
        maxIterations: 50)

    let note = Corpus.note
    guard let library = try? FontLibrary(includeSystemFonts: false) else { return }
    let body = TextAttributes(font: .textStyle(.body), foregroundColor: Color(red: 0.2, green: 0.2, blue: 0.22))
    let options = RenderOptions(scale: 2, background: Color(red: 0.96, green: 0.95, blue: 0.92))

    func manager() -> LayoutManager {
        let manager = LayoutManager(textStorage: TextStorage(note, attributes: body), fontLibrary: library)
        manager.addTextContainer(TextContainer(width: 375))
        return manager
    }

    Benchmark("Render note: layout (3,000 chars, 375 pt)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try manager().layout()) }
    }

    Benchmark("Render note: rasterize (scale 2, warm glyph cache)") { benchmark in
        let laidOut = manager()
        let layout = try laidOut.layout()
        let renderer = Renderer()
        for _ in benchmark.scaledIterations {
            var canvas = try renderer.makeCanvas(
                for: layout, containerSize: Size(width: 375, height: 0), options: options)
            renderer.draw(layout, storage: laidOut.textStorage, on: &canvas)
            blackHole(canvas)
        }
    }

    let defaults = PNGWriter(compressionLevel: 6, filters: 0)
    if let canvas = try? Renderer().render(manager(), options: options),
        let galley = try? PNGWriter().encode(canvas), let libpng = try? defaults.encode(canvas)
    {
        print(
            "note: \(canvas.width) × \(canvas.height) px; PNG \(galley.count) bytes (Galley's writer), "
                + "\(libpng.count) bytes (libpng defaults)")
    }

    Benchmark("Render note: PNG encoding") { benchmark in
        let canvas = try Renderer().render(manager(), options: options)
        let writer = PNGWriter()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try writer.encode(canvas)) }
    }

    Benchmark("Render note: PNG encoding with libpng defaults (level 6, adaptive filters)") { benchmark in
        let canvas = try Renderer().render(manager(), options: options)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try defaults.encode(canvas)) }
    }

    Benchmark("Render note: end to end (layout, rasterize, encode)") { benchmark in
        let renderer = Renderer()
        let writer = PNGWriter()
        for _ in benchmark.scaledIterations {
            blackHole(try writer.encode(try renderer.render(manager(), options: options)))
        }
    }
}

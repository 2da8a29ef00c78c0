import BenchmarkCorpus
import Foundation
import Galley

// The Galley side of compare-pango: the same corpus, fonts (bundled only), size, width and note as pango-peer.
//   PeerComparison measure WIDTH ROUNDS [THREADS]   rows/s per round (one thread unless told), then the peak RSS
//   PeerComparison remeasure WIDTH ROUNDS            prepared rows re-measured at WIDTH per second
//   PeerComparison render WIDTH SCALE OUT ROUNDS     ms per render (layout + raster + PNG), file size

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

let arguments = CommandLine.arguments
let library = try FontLibrary(includeSystemFonts: false)
let body = TextAttributes(
    font: .font(try library.font(family: "Inter", size: 17)), foregroundColor: Color(red: 0.2, green: 0.2, blue: 0.22))

/// One measurer per thread; thread `i` only ever touches measurer `i`, which is what makes this Sendable.
final class Measurers: @unchecked Sendable {
    let measurers: [TextMeasurer]
    let heights: Locked
    init(_ count: Int) {
        measurers = (0..<count).map { _ in TextMeasurer(fontLibrary: library) }
        heights = Locked()
    }
}

final class Locked: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0.0
    func add(_ value: Double) { lock.withLock { total += value } }
    var value: Double { lock.withLock { total } }
}

if arguments.count >= 4, arguments[1] == "measure" {
    let width = Double(arguments[2]) ?? 320
    let threads = max(1, arguments.count >= 5 ? Int(arguments[4]) ?? 1 : 1)
    let workers = Measurers(threads)
    let rows = Corpus.rows  // read before the clock starts, as pango-peer reads its corpus
    for _ in 0..<(Int(arguments[3]) ?? 3) {
        let start = now()
        let before = workers.heights.value
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            var total = 0.0
            for row in stride(from: worker, to: rows.count, by: threads) {
                total +=
                    (try? workers.measurers[worker].measure(rows[row], attributes: body, width: width))?
                    .height ?? 0
            }
            workers.heights.add(total)
        }
        let seconds = now() - start
        print(
            String(
                format: "rows_per_second %.0f total_height %.1f", Double(rows.count) / seconds,
                workers.heights.value - before))
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("peak_rss_kb \(usage.ru_maxrss)")
} else if arguments.count >= 4, arguments[1] == "remeasure" {
    // Prepared text: every row shaped once, then measured again at WIDTH, which it was not prepared at.
    let width = Double(arguments[2]) ?? 375
    let measurer = TextMeasurer(fontLibrary: library)
    let prepared = try Corpus.rows.map { try measurer.prepare(TextStorage($0, attributes: body)) }
    for _ in 0..<(Int(arguments[3]) ?? 3) {
        let start = now()
        var total = 0.0
        for text in prepared { total += try text.measure(width: width).height }
        let seconds = now() - start
        print(String(format: "rows_per_second %.0f total_height %.1f", Double(prepared.count) / seconds, total))
    }
} else if arguments.count >= 6, arguments[1] == "render" {
    let width = Double(arguments[2]) ?? 375, scale = Double(arguments[3]) ?? 2
    let note = Corpus.note  // read before the clock starts, as pango-peer reads its note file
    for _ in 0..<(Int(arguments[5]) ?? 3) {
        let start = now()
        let manager = LayoutManager(textStorage: TextStorage(note, attributes: body), fontLibrary: library)
        manager.addTextContainer(TextContainer(width: width))
        let png = try Renderer().renderPNG(
            manager, options: RenderOptions(scale: scale, background: Color(red: 0.96, green: 0.95, blue: 0.92)))
        try PNGWriter.write(png, to: arguments[4])
        print(String(format: "render_ms %.1f png_bytes %d", (now() - start) * 1000, png.count))
    }
} else {
    FileHandle.standardError.write(
        Data(
            "usage: PeerComparison measure WIDTH ROUNDS [THREADS] | remeasure WIDTH ROUNDS | render WIDTH SCALE OUT ROUNDS\n"
                .utf8))
    exit(2)
}

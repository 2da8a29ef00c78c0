import Benchmark
import BenchmarkCorpus
import Foundation
import Galley

/// One keystroke in a 1 MB document: insert a character in the middle, then ask for the first screen and the
/// screen around the edit (375 × 800 pt each); the next keystroke deletes it again. Beside it, a full layout of the
/// same document. The document is corpus rows, one per paragraph, until its UTF-8 passes 1 MiB.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .microseconds, maxDuration: .seconds(10),
        maxIterations: 2_000)

    var rows: [String] = []
    var bytes = 0
    while bytes < 1 << 20, !Corpus.rows.isEmpty {
        let row = Corpus.rows[rows.count % Corpus.rows.count]
        rows.append(row)
        bytes += row.utf8.count + 1
    }
    let document = rows.joined(separator: "\n")
    guard let library = try? FontLibrary(includeSystemFonts: false) else { return }
    let body = TextAttributes(font: .textStyle(.body))
    let screen = Size(width: 375, height: 800)

    // Made once: the document laid out down to its middle, as an editor showing it would have it.
    let storage = TextStorage(document, attributes: body)
    let manager = LayoutManager(textStorage: storage, fontLibrary: library)
    manager.addTextContainer(TextContainer(width: screen.width))
    let middle = storage.length / 2
    _ = try? manager.lineFragment(forCharacterAt: middle)
    let editor = Editor(storage: storage, manager: manager)

    Benchmark("Keystroke in a 1 MB document, then the first screen and the edit's screen (per keystroke)") {
        benchmark in
        for _ in benchmark.scaledIterations {
            try editor.keystroke(at: middle, screen: screen)
        }
    }

    Benchmark("Full layout of the 1 MB document (shaping included)") { benchmark in
        for _ in benchmark.scaledIterations {
            let manager = LayoutManager(textStorage: TextStorage(document, attributes: body), fontLibrary: library)
            manager.addTextContainer(TextContainer(width: screen.width))
            blackHole(try manager.layout())
        }
    }
}

/// The document an editor is showing; each keystroke types a character or deletes the one it typed.
final class Editor: @unchecked Sendable {
    let storage: TextStorage
    let manager: LayoutManager
    private var inserted = false

    init(storage: TextStorage, manager: LayoutManager) {
        self.storage = storage
        self.manager = manager
    }

    func keystroke(at offset: Int, screen: Size) throws {
        try storage.replaceCharacters(in: offset..<(inserted ? offset + 1 : offset), with: inserted ? "" : "a")
        inserted.toggle()
        blackHole(try manager.lineFragments(intersecting: Rect(x: 0, y: 0, width: screen.width, height: screen.height)))
        if let line = try manager.lineFragment(forCharacterAt: offset) {
            let window = Rect(x: 0, y: line.rect.minY - screen.height / 2, width: screen.width, height: screen.height)
            blackHole(try manager.lineFragments(intersecting: window))
        }
    }
}

import Benchmark
import BenchmarkCorpus
import Foundation
import Galley

/// One keystroke in a 1 MB document: insert a character in the middle, then ask for the first screen and the
/// screen around the edit (375 × 800 pt each); the next keystroke deletes it again. Editing geometry queries there
/// (hit-testing, carets, movement). Beside them, a full layout of the same document. The document is corpus rows, one per paragraph, until its UTF-8 passes 1 MiB.
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

    // Editing geometry in the middle of the document: a click (hit-test) and the caret for its answer, then a
    // caret move right and one down; points stepped along the edit's screen so they meet different lines.
    let geometryOrigin = (try? manager.lineFragment(forCharacterAt: middle))?.rect.minY ?? 0
    Benchmark("Hit-test a point in the middle of the 1 MB document (per query)") { benchmark in
        var step = 0.0
        for _ in benchmark.scaledIterations {
            step = step >= 600 ? 0 : step + 7.3
            blackHole(try manager.position(at: Point(x: step / 2, y: geometryOrigin + step)))
        }
    }
    Benchmark("Caret rect in the middle of the 1 MB document (per query)") { benchmark in
        var offset = middle
        for _ in benchmark.scaledIterations {
            offset = offset > middle + 2_000 ? middle : offset + 17
            blackHole(try manager.caret(at: TextPosition(offset)))
        }
    }
    Benchmark("Move the caret right, then down, in the middle of the 1 MB document (per pair)") { benchmark in
        var position = TextPosition(middle)
        for _ in benchmark.scaledIterations {
            position = try manager.position(position, moved: .right).position
            position = try manager.position(position, moved: .down).position
            if position.offset > middle + 20_000 { position = TextPosition(middle) }
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

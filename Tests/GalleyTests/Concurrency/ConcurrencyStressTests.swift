import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Many threads measuring and rendering at once, sharing one font library, the glyph cache and the shape cache,
/// get exactly the answers one thread gets.
@Suite struct ConcurrencyStressTests {
    static let texts: [String] = {
        let words = ["Galley ", "排版", "，", "mixed ", "中文 ", "مرحبا ", "שלום ", "code `x` ", "😀 ", "typography ", "\n"]
        var random = SeededGenerator(state: 42)
        return (0..<64).map { _ in
            (0..<Int.random(in: 3...30, using: &random)).map { _ in words.randomElement(using: &random)! }.joined()
        }
    }()

    /// One operation: measure text `index` at a width, or (every tenth) render it small and checksum the pixels.
    static func run(_ operation: Int, measurer: TextMeasurer, renderer: Renderer, library: FontLibrary) throws -> Int {
        let text = texts[operation % texts.count]
        let width = Double(80 + (operation * 37) % 240)
        let attributes = TextAttributes(font: operation % 3 == 0 ? .textStyle(.headline) : .textStyle(.body))
        guard operation % 10 == 0 else {
            let measurement = try measurer.measure(text, attributes: attributes, width: width)
            return Int((measurement.height * 1000).rounded()) &* 31 &+ measurement.utf16LineStarts.reduce(0, &+)
        }
        let manager = LayoutManager(textStorage: TextStorage(text, attributes: attributes), fontLibrary: library)
        manager.addTextContainer(TextContainer(width: width))
        let canvas = try renderer.render(manager, options: RenderOptions(scale: 1, margin: 2))
        return canvas.pixels.reduce(into: 0) { $0 = $0 &* 16_777_619 &+ Int($1) }
    }

    @Test func eightThreadsGetTheSequentialAnswers() throws {
        let library = try TestFonts.system
        let operations = 2_000
        let renderer = Renderer()
        let sequentialMeasurer = TextMeasurer(fontLibrary: library)
        let expected = try (0..<operations).map {
            try Self.run($0, measurer: sequentialMeasurer, renderer: renderer, library: library)
        }
        let mismatches = Mutex(0)
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            let measurer = TextMeasurer(fontLibrary: library)
            // Each thread walks the operations from a different starting point, so they collide on caches.
            for step in 0..<operations {
                let operation = (step + thread * 251) % operations
                do {
                    let result = try Self.run(operation, measurer: measurer, renderer: renderer, library: library)
                    if result != expected[operation] { mismatches.withLock { $0 += 1 } }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(mismatches.withLock { $0 } == 0)
    }
}

import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// The measurer skips glyph runs it does not need; what it reports must still be what layout draws.
@Suite struct TextMeasurerTests {
    /// Height, used width and line starts from a full layout (whose fragments carry their glyphs).
    static func measureByLayout(_ storage: TextStorage, width: Double) throws -> TextMeasurement {
        let manager = LayoutManager(textStorage: storage, fontLibrary: try TestFonts.bundled)
        manager.addTextContainer(TextContainer(width: width))
        let fragments = try manager.layout().lineFragments
        for fragment in fragments { #expect(!fragment.runs.isEmpty || fragment.characterRange.count <= 1) }
        return TextMeasurement(fragments: fragments)
    }

    /// Rows that cut ligatures, kerned pairs and Arabic joining at line ends, right-to-left and mixed text.
    static let edgeRows = [
        "office affine efficient offload fjord " + String(repeating: "ffi ", count: 30),
        "AVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAV",
        "مرحبا بالعالم هذا نص عربي طويل يلتف على عدة أسطر في الحاوية الضيقة مرحبا بالعالم",
        "abc אבג דהו זחט abc יכל מנס עפצ קרש " + String(repeating: "שלום world ", count: 8),
        "中文排版需要注意标点符号，“引号”和（括号）不能出现在行首。" + String(repeating: "混排 English 文字 ", count: 6),
    ]

    @Test(arguments: [ParagraphStyle.Alignment.natural, .center, .right, .justified])
    func measurementsEqualTheLayoutsTheyPredict(alignment: ParagraphStyle.Alignment) throws {
        var style = ParagraphStyle()
        style.alignment = alignment
        let attributes = TextAttributes(font: .textStyle(.body), paragraphStyle: style)
        let measurer = TextMeasurer(fontLibrary: try TestFonts.bundled)
        var lines = 0
        for (index, row) in (Self.edgeRows + WordShapingTests.corpus.prefix(300)).enumerated() {
            let width = [320.0, 97, 180][index % 3]
            let storage = TextStorage(row, attributes: attributes)
            let measured = try measurer.measure(storage, width: width)
            let laidOut = try Self.measureByLayout(storage, width: width)
            #expect(measured.utf16LineStarts == laidOut.utf16LineStarts, "\(row) at \(width)")
            #expect(measured.height == laidOut.height, "\(row) at \(width)")
            #expect(abs(measured.width - laidOut.width) < 1e-9, "\(row) at \(width)")
            lines += measured.lineCount
        }
        #expect(lines > 600)
    }

    /// A measurer made with an environment follows it, as a layout manager made with it does: a row measured under
    /// a content-size category is as tall as the text laid out under it.
    @Test func aMeasurerFollowsItsEnvironment() throws {
        let library = try TestFonts.bundled
        let environment = DynamicTypeEnvironment(settings: DynamicTypeSettings(category: .large))
        let measurer = TextMeasurer(fontLibrary: library, environment: environment)
        let text = "一行文字 and English, long enough to wrap onto a second line at this width."
        let attributes = TextAttributes(font: .textStyle(.body))
        func laidOut() throws -> Double {
            let manager = LayoutManager(
                textStorage: TextStorage(text, attributes: attributes), fontLibrary: library, environment: environment)
            manager.addTextContainer(TextContainer(size: Size(width: 240, height: 0)))
            return try manager.layout().lineFragments.last!.usedRect.maxY
        }
        let large = try measurer.measure(text, attributes: attributes, width: 240).height
        #expect(abs(large - (try laidOut())) < 1e-9)
        environment.category = .accessibilityLarge
        let larger = try measurer.measure(text, attributes: attributes, width: 240).height
        #expect(larger > large * 1.5)
        #expect(abs(larger - (try laidOut())) < 1e-9)
    }

    /// Measuring a batch on every core gives, row for row, what one measurer gives one row at a time; a cancelled
    /// batch stops with ``WorkCancelled``.
    @Test func aBatchOnEveryCoreMeasuresAsOneRowAtATime() async throws {
        let library = try TestFonts.bundled
        let pieces = ["今天把测量接到了 Web 后端，", "Hello, Galley ", "let x = try measure(rows) // 代码 ", "排版。", "word "]
        var generator = SystemRandomNumberGenerator()
        let rows = (0..<3_000).map { index in
            MeasuredRow(
                (0..<(1 + index % 7)).map { _ in pieces.randomElement(using: &generator)! }.joined(),
                attributes: TextAttributes(font: .textStyle(index % 3 == 0 ? .headline : .body)))
        }
        let batch = try await TextMeasurer.measure(rows, width: 200, fontLibrary: library, threads: 2)
        let measurer = TextMeasurer(fontLibrary: library)
        let single = try rows.map { try measurer.measure($0.text, attributes: $0.attributes, width: 200) }
        #expect(batch == single)
        let cancelled = Task {
            try await TextMeasurer.measure(
                Array(repeating: rows[0], count: 200_000), width: 200, fontLibrary: library, threads: 2)
        }
        cancelled.cancel()
        await #expect(throws: WorkCancelled.self) { try await cancelled.value }
    }
}

import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Galley's shaping against `hb-shape` (libharfbuzz-bin) for the same font file, features, direction, script and
/// context: glyph ids and clusters equal, advances and offsets within 1/64 pt. A cluster hb-shape starts inside one of
/// Swift's grapheme clusters (after the virama of an Indic conjunct, which Unicode 15.1 made one cluster) is expected
/// merged into the cluster before it, as Galley merges it.
@Suite struct ShaperConformanceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let line: Int
        let family: String
        let features: [FontFeature]
        let featureText: String
        let text: String
        var testDescription: String { "line \(line): \(family) \(featureText) \(text.prefix(24))" }
    }

    static let size = 17.0
    static let tolerance = 1.0 / 64

    static let cases: [Case] = {
        let url = TestFonts.fixture("shaping-strings.tsv")
        guard let contents = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return contents.split(separator: "\n").enumerated().compactMap { number, line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
            guard fields.count == 3 else { return nil }
            let featureText = fields[1] == "-" ? "" : fields[1]
            let features = featureText.split(separator: ",").map { spec in
                spec.hasPrefix("-") ? FontFeature(String(spec.dropFirst()), 0) : FontFeature(String(spec), 1)
            }
            return Case(
                line: number + 1, family: fields[0], features: features, featureText: featureText, text: fields[2])
        }
    }()

    @Test func theFixtureHoldsAtLeastTwoHundredStrings() {
        #expect(Self.cases.count >= 200)
    }

    @Test(arguments: cases)
    func glyphsMatchHBShape(_ testCase: Case) throws {
        let hbShape = try #require(ExternalTool.find("hb-shape"), "hb-shape is missing: run Scripts/setup")
        let library = try TestFonts.bundled
        let font = try library.font(family: testCase.family, size: Self.size)
        // Punctuation trimming is Galley's own layer over HarfBuzz's output (CJKSpacingTests check it).
        var style = ParagraphStyle()
        style.punctuationTrim = .none
        let attributes = TextAttributes(font: .font(font), fontFeatures: testCase.features, paragraphStyle: style)
        let shaped = try TestFonts.shape(testCase.text, attributes: attributes)
        let units = Array(testCase.text.utf16)
        #expect(!shaped.runs.isEmpty)
        for run in shaped.runs {
            let reference = try referenceGlyphs(hbShape, run: run, units: units, features: testCase.featureText)
            try #require(run.glyphs.count == reference.count, "glyph count for \(run.font) \(run.utf16Range)")
            let scale = run.font.pointsPerUnit
            let graphemeStarts = graphemeStarts(of: String(decoding: units[run.utf16Range], as: UTF16.self))
            for (glyph, expected) in zip(run.glyphs, reference) {
                #expect(glyph.glyphID == expected.g)
                let expectedCluster = graphemeStarts.last { $0 <= expected.cl } ?? expected.cl
                #expect(scalarIndex(of: glyph.cluster, from: run.utf16Range.lowerBound, in: units) == expectedCluster)
                #expect(abs(glyph.advance - Double(expected.ax) * scale) <= Self.tolerance)
                #expect(abs(glyph.xOffset - Double(expected.dx) * scale) <= Self.tolerance)
                #expect(abs(glyph.yOffset + Double(expected.dy) * scale) <= Self.tolerance)
            }
        }
    }

    struct ReferenceGlyph: Decodable {
        let g: UInt32
        let cl: Int
        let dx: Double
        let dy: Double
        let ax: Double
    }

    /// hb-shape's glyphs for one run, in font units, with the rest of the paragraph as context.
    private func referenceGlyphs(_ hbShape: String, run: GlyphRun, units: [UInt16], features: String) throws
        -> [ReferenceGlyph]
    {
        func text(_ range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }
        var arguments = [
            "--output-format=json", "--no-glyph-names", "--font-file=\(run.font.face.path)",
            "--face-index=\(run.font.face.index)", "--direction=\(run.isRightToLeft ? "rtl" : "ltr")",
            "--script=\(run.script.iso15924)", "--text=\(text(run.utf16Range))",
            "--text-before=\(text(0..<run.utf16Range.lowerBound))",
            "--text-after=\(text(run.utf16Range.upperBound..<units.count))",
        ]
        if !features.isEmpty { arguments.append("--features=\(features)") }
        // Chinese runs carry the language Galley infers for them (zh-Hans), which selects their `locl` forms.
        if let language = run.style.shaping.language { arguments.append("--language=\(language)") }
        if !run.font.variations.isEmpty {
            arguments.append(
                "--variations=" + run.font.variations.map { "\($0.tag)=\($0.value)" }.joined(separator: ","))
        }
        let output = try ExternalTool.run(hbShape, arguments, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
        return try JSONDecoder().decode([ReferenceGlyph].self, from: Data(output.utf8))
    }

    /// Where Swift's grapheme clusters of `text` start, as code-point indices.
    private func graphemeStarts(of text: String) -> [Int] {
        var starts: [Int] = []
        var index = 0
        for character in text {
            starts.append(index)
            index += character.unicodeScalars.count
        }
        return starts
    }

    /// hb-shape numbers clusters by code point from the run's start; Galley by UTF-16 offset in the paragraph.
    private func scalarIndex(of utf16Offset: Int, from start: Int, in units: [UInt16]) -> Int {
        String(decoding: units[start..<utf16Offset], as: UTF16.self).unicodeScalars.count
    }
}

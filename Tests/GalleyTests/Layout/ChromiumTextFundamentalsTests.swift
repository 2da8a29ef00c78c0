import Foundation
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Tabs, soft hyphens, invisible marks and emoji lines against Chromium 156's answers (Inter 17 px, `lang="en-US"`,
/// `white-space: pre-wrap`, `overflow-wrap: break-word`, `hyphens: manual`, fallback "Noto Color Emoji", "Noto Sans
/// CJK SC", each line's width) at 200 and 120 px, in Tests/Fixtures/chromium/text-fundamentals.chrome-*.jsonl, as
/// the folder's `recipes` file says; `Scripts/record-chromium --recipe text-fundamentals.chrome-200.jsonl` records
/// one again. Chromium's default `tab-size: 8` is eight spaces, so Galley's tab interval is set to eight of Inter's
/// spaces here.
@Suite struct ChromiumTextFundamentalsTests {
    struct Row: Decodable {
        let id: String
        let text: String?
        let height: Double?
        let lines: Int?
        let line_starts: [Int]?
        let line_widths: [Double]?
    }

    /// Where Galley follows another reference than Chromium: U+2028 ends a line as in TextKit and UAX #14
    /// (Chromium's pre-wrap ignores it).
    static let otherReference: Set<String> = ["linesep"]

    /// UTF-16 offsets into `text` as the code-point offsets Chromium's answers hold.
    static func scalarOffsets(_ offsets: [Int], in text: String) -> [Int] {
        let units = Array(text.utf16)
        return offsets.map { String(decoding: units[..<$0], as: UTF16.self).unicodeScalars.count }
    }

    static func rows(_ name: String) throws -> [Row] {
        let text = try String(contentsOf: TestFonts.fixture("chromium/\(name)"), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
    }

    @Test(arguments: [200.0, 120.0])
    func lineBreaksWidthsAndSteadyHeightsEqualChromiums(_ width: Double) throws {
        let inputs = try Self.rows("text-fundamentals.rows.jsonl")
        let answers = try Self.rows("text-fundamentals.chrome-\(Int(width)).jsonl")
        try #require(inputs.count == answers.count && inputs.count >= 20)
        let library = try TestFonts.system
        let inter = try library.font(family: "Inter", size: 17)
        var style = ParagraphStyle()
        style.defaultTabInterval = 8 * (try TestFonts.shape(" ", attributes: TextAttributes(font: .font(inter))).width)
        let attributes = TextAttributes(font: .font(inter), language: "en-US", paragraphStyle: style)
        let interLine = inter.ascender - inter.descender + inter.lineGap
        var compared = 0
        for (input, answer) in zip(inputs, answers) {
            let text = try #require(input.text)
            let storage = TextStorage(text, attributes: attributes)
            let manager = LayoutManager(textStorage: storage, fontLibrary: library)
            manager.addTextContainer(TextContainer(width: width))
            let fragments = try manager.layout().lineFragments
            let starts = Self.scalarOffsets(fragments.map(\.characterRange.lowerBound), in: text)
            // Chromium rounds each font's ascent and descent to whole pixels, so every line of these rows is 20 px
            // there; Galley's unrounded lines are Inter's 20.57 pt, the emoji font's 0.05 pt more at most.
            if let height = answer.height, let lines = answer.lines, height == 20 * Double(lines) {
                for fragment in fragments {
                    #expect(
                        fragment.rect.height >= interLine - 1e-9 && fragment.rect.height < interLine + 0.1,
                        "\(input.id)")
                }
            }
            guard !Self.otherReference.contains(input.id) else { continue }
            compared += 1
            #expect(starts == answer.line_starts, "\(input.id) at \(width)")
            // Noto Color Emoji is a bitmap font: Chromium scales its advances from the bitmap strike (21.22 px per
            // emoji at 17 px), HarfBuzz reads them from hmtx (21.17 px); line starts still agree.
            guard starts.count == answer.line_widths?.count, !input.id.hasPrefix("emoji") else { continue }
            for (fragment, chromium) in zip(fragments, answer.line_widths ?? []) {
                // Chromium keeps positions in 1/64 px.
                #expect(
                    abs(fragment.usedRect.width - chromium) < 0.05,
                    "\(input.id): \(fragment.usedRect.width) vs \(chromium)")
            }
        }
        #expect(compared >= 16)
    }
}

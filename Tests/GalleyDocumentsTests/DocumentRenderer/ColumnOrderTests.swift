import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// Columns follow the text's direction.
@Suite struct ColumnOrderTests {
    /// Renders two columns two body paragraphs tall: two red lines fill the first column, a blue one starts the second.
    static func render(_ words: (String, String)) throws -> Canvas {
        let json = #"""
            {"container": {"width": 300, "height": 60, "columns": 2, "columnGap": 20},
             "render": {"scale": 1, "padding": 0, "background": "#FFFFFF"},
             "content": [{"text": "\#(words.0)\n\#(words.0)\n", "attributes": {"color": "#FF0000"}},
                         {"text": "\#(words.1)", "attributes": {"color": "#0000FF"}}]}
            """#
        let library = try TestFonts.bundled
        let document = try DocumentReader.read(
            json, defaults: TextAttributes(font: .textStyle(.body)), library: library)
        return try DocumentRenderer(document: document, library: library).render()
    }

    /// The mean x of pixels that are mostly `channel` (0 red, 2 blue).
    static func meanX(_ canvas: Canvas, channel: Int) -> Double? {
        var sum = 0, count = 0
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let pixel = canvas.pixel(x: x, y: y)
                let values = [Int(pixel.r), Int(pixel.g), Int(pixel.b)]
                if values[channel] > 200, values.enumerated().allSatisfy({ $0.offset == channel || $0.element < 80 }) {
                    sum += x
                    count += 1
                }
            }
        }
        return count > 0 ? Double(sum) / Double(count) : nil
    }

    @Test func aRightToLeftDocumentsFirstColumnIsOnTheRight() throws {
        let canvas = try Self.render(("שלום", "עולם"))
        let (redX, blueX) = (Self.meanX(canvas, channel: 0), Self.meanX(canvas, channel: 2))
        let red = try #require(redX, "no red text")
        let blue = try #require(blueX, "no blue text")
        #expect(red > 160 && blue < 140, "red at \(red), blue at \(blue)")
    }

    @Test func aLeftToRightDocumentsFirstColumnIsOnTheLeft() throws {
        let canvas = try Self.render(("hello", "world"))
        let (redX, blueX) = (Self.meanX(canvas, channel: 0), Self.meanX(canvas, channel: 2))
        let red = try #require(redX, "no red text")
        let blue = try #require(blueX, "no blue text")
        #expect(red < 140 && blue > 160, "red at \(red), blue at \(blue)")
    }
}

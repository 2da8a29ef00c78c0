import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A word cut inside (an emergency or character-wrap break) keeps the joining forms of the whole word.
@Suite struct IntraWordBreakTests {
    static let word = "مستشفياتهم"

    @Test(arguments: [ParagraphStyle.LineBreakMode.charWrap, .wordWrap])
    func theArabicPiecesOfACutWordKeepTheirJoiningForms(_ mode: ParagraphStyle.LineBreakMode) throws {
        var style = ParagraphStyle()
        style.lineBreakMode = mode
        let attributes = TextAttributes(font: .textStyle(.body), paragraphStyle: style)
        let whole = try TestFonts.shape(Self.word, attributes: attributes)
        let glyphsByCluster = Dictionary(
            whole.runs.flatMap(\.glyphs).map { ($0.cluster, [$0.glyphID]) }, uniquingKeysWith: +)
        let (layout, _) = try LayoutFixtures.layout(
            Self.word, attributes: attributes, container: TextContainer(width: 40))
        #expect(layout.lineFragments.count > 1, "the word must be cut")
        var seen = 0
        for fragment in layout.lineFragments {
            let glyphs = fragment.runs.flatMap(\.glyphRun.glyphs)
            #expect(!glyphs.isEmpty)
            let pieceByCluster = Dictionary(glyphs.map { ($0.cluster, [$0.glyphID]) }, uniquingKeysWith: +)
            for (cluster, ids) in pieceByCluster {
                #expect(glyphsByCluster[cluster] == ids, "cluster \(cluster) changed form at the break")
                seen += 1
            }
        }
        #expect(seen == glyphsByCluster.count)
    }

    @Test func latinLigaturesDoNotCrossTheBreak() throws {
        var style = ParagraphStyle()
        style.lineBreakMode = .charWrap
        let attributes = TextAttributes(font: .textStyle(.body), paragraphStyle: style)
        let (layout, storage) = try LayoutFixtures.layout(
            "ffffffffffffffffffff", attributes: attributes, container: TextContainer(width: 30))
        // Every line draws exactly its own characters: no glyph claims a character of another line.
        for fragment in layout.lineFragments {
            for run in fragment.runs {
                for glyph in run.glyphRun.glyphs {
                    #expect(fragment.characterRange.contains(fragment.paragraphStart + glyph.cluster))
                }
            }
        }
        #expect(LayoutFixtures.lines(layout, storage).joined() == storage.string)
    }
}

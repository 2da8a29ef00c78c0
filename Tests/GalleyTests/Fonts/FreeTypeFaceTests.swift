import CFreeType
import Testing

@testable import Galley
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

/// A face's FreeType faces: one per thread drawing at once, each drawing the same glyphs.
@Suite struct FreeTypeFaceTests {
    @Test func aFaceInUseIsNotHandedOutAgainAndBothDrawTheSameGlyph() throws {
        let font = try TestFonts.bundled.font(family: "Noto Sans CJK SC", size: 30)
        let glyph = try #require(font.face.instance(variations: []).glyph(for: "排"))
        func coverage(_ face: FT_Face) -> [UInt8]? {
            guard FT_Set_Char_Size(face, 0, 30 * 64, 72, 72) == 0,
                FT_Load_Glyph(face, glyph, Int32(FT_LOAD_NO_HINTING)) == 0,
                FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0
            else { return nil }
            let bitmap = face.pointee.glyph.pointee.bitmap
            return Array(UnsafeBufferPointer(start: bitmap.buffer, count: Int(bitmap.rows) * Int(bitmap.pitch)))
        }
        // While one use holds the first FT_Face, another (here nested, as a second thread would be) gets a face
        // of its own rather than waiting for it.
        let pair = font.face.withFreeTypeFace { outer in
            (outer, font.face.withFreeTypeFace { inner in (inner, coverage(inner)) }, coverage(outer))
        }
        let (outer, inner, outerCoverage) = try #require(pair)
        let (innerFace, innerCoverage) = try #require(inner)
        #expect(outer != innerFace)
        #expect(outerCoverage != nil && outerCoverage == innerCoverage)
        // Once free, the first is taken again.
        #expect(font.face.withFreeTypeFace { $0 } == outer)
    }
}

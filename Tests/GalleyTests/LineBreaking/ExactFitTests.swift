import Testing

@testable import GalleyLayout

/// The fit test's bound: a line exactly 1/64 px past its width does not fit, however the sums of advances round
/// (Chromium's advances, rounded to 1/65536 px, sum to a hair more and break it). Rows at the bound against
/// Chromium: `ChromiumParityTests`' exact-fit corpus.
@Suite struct ExactFitTests {
    @Test func theBoundIsExact() {
        #expect(!LineFit.fits(200 + LineFit.tolerance, in: 200))
        // notes.txt row 3166's third line, as its prefix sums give it (200.015625 by the font's units).
        #expect(!LineFit.fits(587.634943181818 - 387.61931818181813, in: 200))
        #expect(LineFit.fits(200 + LineFit.tolerance - 1.0 / 65536, in: 200))
    }
}

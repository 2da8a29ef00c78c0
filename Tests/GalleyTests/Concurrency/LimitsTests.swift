import Testing
@testable import Galley

@Suite struct LimitsTests {
    @Test func theLibraryUserCanChangeALimitAndTheErrorNamesTheNewOne() throws {
        let defaults = Limits.current
        defer { Limits.current = defaults }
        #expect(Canvas.pixelLimit == 50_000_000)
        var limits = defaults
        // Lower than the default but above any image the other tests (running alongside) make.
        limits.imagePixels = 45_000_000
        Limits.current = limits
        #expect(throws: RenderError.imageTooLarge(width: 7_000, height: 7_000, limit: 45_000_000)) {
            try Canvas(width: 7_000, height: 7_000)
        }
        #expect(Canvas.pixelLimit == 45_000_000)
    }

    @Test func everyLimitHasItsDocumentedDefault() {
        let limits = Limits()
        #expect(limits.fontSize == 0.01...10_000)
        #expect(limits.containerSize == 1_000_000 && limits.pathCoordinate == 1_000_000)
        #expect(limits.pathSegments == 100_000 && limits.paragraphLength == 1 << 20)
        #expect(limits.imagePixels == 50_000_000 && limits.imageSide == 65_535)
        #expect(limits.jsonDepth == 64 && limits.inputFileBytes == 16 << 20)
    }
}

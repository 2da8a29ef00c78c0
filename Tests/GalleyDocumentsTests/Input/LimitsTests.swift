import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyTestSupport

@Suite struct LimitsTests {
    /// Changes the JSON nesting limit (tests run in parallel and the limits are process-wide: the new limit, 8, is
    /// above the nesting of every document other in-process tests read).
    @Test func theLibraryUserCanChangeALimitAndTheErrorNamesTheNewOne() throws {
        let defaults = DocumentLimits.current
        defer { DocumentLimits.current = defaults }
        let nested = "[[[[[[[[[1]]]]]]]]]"
        #expect(throws: Never.self) { try JSONParser.parse(nested) }
        var limits = defaults
        limits.jsonDepth = 8
        DocumentLimits.current = limits
        #expect(JSONParser.depthLimit == 8)
        #expect {
            try JSONParser.parse(nested)
        } throws: { error in
            "\(error)".contains("nesting deeper than 8 levels")
        }
    }

    @Test func everyLimitHasItsDocumentedDefault() {
        let limits = Limits()
        #expect(limits.fontSize == 0.01...10_000)
        #expect(limits.containerSize == 1_000_000 && limits.pathCoordinate == 1_000_000)
        #expect(limits.pathSegments == 100_000 && limits.paragraphLength == 1 << 20)
        #expect(limits.imagePixels == 50_000_000 && limits.imageSide == 65_535)
        let documents = DocumentLimits()
        #expect(documents.jsonDepth == 64 && documents.inputFileBytes == 16 << 20)
        #expect(documents.documentImagePixels == 1 << 26)
    }
}

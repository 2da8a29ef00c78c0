import Testing

@testable import Galley
@testable import GalleyDocuments
@testable import GalleyLayout
@testable import GalleyRender
@testable import GalleyRequests
@testable import GalleyTestSupport
@_spi(Stages) @testable import GalleyText

@Suite struct LimitsTests {
    /// Limits travel with the request: one reading a note is held to a small table limit, named in its error, while
    /// another with the defaults reads the same note; nothing process-wide changes.
    @Test func aRequestCarriesItsOwnLimitsAndTheErrorNamesThem() throws {
        let note = "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n"
        var small = RequestOptions(work: .document, access: FileAccess())
        small.documentLimits.tableCells = 4
        #expect {
            try small.readDocument(text: note, kind: .note, documentAccess: FileAccess())
        } throws: { error in
            "\(error)".contains("over the limit of 4 (DocumentLimits.tableCells)")
        }
        let defaults = RequestOptions(work: .document, access: FileAccess())
        #expect(throws: Never.self) { try defaults.readDocument(text: note, kind: .note, documentAccess: FileAccess()) }
        var tight = RequestOptions(work: .document, access: FileAccess())
        tight.limits.paragraphLength = 3
        let (document, library) = try tight.readDocument(text: "four", kind: .plainText, documentAccess: FileAccess())
        #expect(throws: LayoutError.paragraphTooLong(length: 4, limit: 3)) {
            try DocumentRenderer(document: document, library: library).render()
        }
    }

    @Test func everyLimitHasItsDocumentedDefault() {
        let limits = Limits()
        #expect(Font.sizeLimit == 0.01...10_000)
        #expect(TextContainer.sizeLimit == 1_000_000 && BezierPath.coordinateLimit == 1_000_000)
        #expect(BezierPath.segmentLimit == 100_000 && limits.paragraphLength == 1 << 20)
        #expect(limits.imagePixels == 50_000_000 && limits.imageSide == 65_535 && limits.webpPixels == 1 << 24)
        #expect(NoteReader.tableRowCellLimit == 1_000 && NoteReader.markupPairLimit == 100_000_000)
        #expect(ParagraphStyle.listNestingLimit == 16 && FontLibrary.fontFileByteLimit == 128 << 20)
        let documents = DocumentLimits()
        #expect(JSONParser.depthLimit == 64 && documents.inputFileBytes == 16 << 20)
        #expect(documents.documentImagePixels == 1 << 26)
    }
}

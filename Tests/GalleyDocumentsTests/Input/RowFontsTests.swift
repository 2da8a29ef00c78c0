import Testing

@testable import GalleyRequests
@_spi(Stages) @testable import GalleyText

/// The fonts a batch's rows name are kept by what the rows wrote, within a byte bound on that text: a key past the
/// bound is resolved each time and leaves the others kept.
@Suite struct RowFontsTests {
    static func key(_ family: String, size: Int? = nil) -> RowFonts.Key {
        RowFonts.Key(
            written: [nil, "s" + family, nil, size.map { "j\($0)" }, nil, nil, nil], settings: DynamicTypeSettings())
    }

    @Test func keysAreKeptWithinTheirByteBound() {
        let fonts = RowFonts()
        let specifier = FontSpecifier.textStyle(.body)
        fonts.keep(specifier, for: Self.key("Inter"))
        #expect(fonts.specifier(for: Self.key("Inter")) != nil)
        #expect(fonts.specifier(for: Self.key("Inter", size: 24)) == nil, "another size is another request")
        // A key alone past the bound is not kept, and does not empty the table.
        let huge = Self.key(String(repeating: "x", count: RowFonts.byteLimit))
        #expect(huge.cost > RowFonts.byteLimit)
        fonts.keep(specifier, for: huge)
        #expect(fonts.specifier(for: huge) == nil)
        #expect(fonts.specifier(for: Self.key("Inter")) != nil)
        // Keys adding up past the bound start the table over.
        let large = String(repeating: "y", count: RowFonts.byteLimit / 3)
        for index in 0..<4 { fonts.keep(specifier, for: Self.key("\(index)" + large)) }
        #expect(fonts.specifier(for: Self.key("Inter")) == nil)
        #expect(fonts.specifier(for: Self.key("3" + large)) != nil)
    }
}

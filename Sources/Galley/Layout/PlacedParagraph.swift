/// One paragraph as a layout placed it, kept so that a later layout can take it as it is: where it started, its
/// place in its lists and whether it was last (what its placing depended on, besides itself and the containers),
/// where it ended and its fragments.
struct PlacedParagraph {
    /// What placing the paragraph depended on besides its text and the containers.
    struct Key: Equatable {
        let start: BandPosition
        let listItem: ListItemPlace?
        let isLast: Bool
    }

    let key: Key
    /// Where the text reached after it.
    let end: BandPosition
    /// The paragraph's first UTF-16 offset in the storage when it was placed (its fragments' ranges count from it),
    /// and its length with its terminator.
    let storageStart: Int
    let length: Int
    let fragments: [LineFragment]
}

/// Where a typesetter finds and keeps the paragraphs it placed (``Typesetter/placeParagraphs(paragraph:shaped:lines:records:placed:)``):
/// a layout manager's paragraph cache, whose records an edit drops with the paragraphs it replaces.
struct ParagraphRecords {
    /// The record of paragraph `index`, if one is kept.
    let record: (Int) -> PlacedParagraph?
    /// Keeps `record` for paragraph `index`.
    let store: (PlacedParagraph, Int) -> Void

    init(record: @escaping (Int) -> PlacedParagraph?, store: @escaping (PlacedParagraph, Int) -> Void) {
        self.record = record
        self.store = store
    }
}

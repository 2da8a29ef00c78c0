@_spi(Stages) import GalleyText

/// One paragraph as a layout placed it, kept so that a later layout can take it as it is: where it started, its
/// place in its lists and whether it was last (what its placing depended on, besides itself and the containers),
/// where it ended and its fragments. A layout manager's full layouts and its windows
/// (``LayoutManager/lineFragments(intersecting:)``) keep and take the same records.
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
    /// Whether the paragraph's first line had emphasis marks over it, which take the room the line before left
    /// (``BandPosition/annotationSpace``): then that room must be what it was for the paragraph to be taken.
    var borrowsAnnotationSpace = false

    /// The block size the paragraph took, in points: from where it started to where the text reached after it.
    var blockSize: Double { end.blockOffset - key.start.blockOffset }

    /// Whether the paragraph may be taken as it was where the text has reached `key`: placed at the same place
    /// in its lists, last or not; at the same position, or, when `anywhereInContainer` (a container whose lines do
    /// not depend on how far down they are: one of unbounded height without exclusions or a line limit), anywhere
    /// in the same container after the same number of bands (none, or some: the space before it applies).
    func isReusable(at key: Key, anywhereInContainer: Bool) -> Bool {
        guard anywhereInContainer else {
            var start = key.start
            start.annotationSpace = self.key.start.annotationSpace
            return self.key == Key(start: start, listItem: key.listItem, isLast: key.isLast)
                && startsAlike(annotationSpace: key.start.annotationSpace)
        }
        return self.key.listItem == key.listItem && self.key.isLast == key.isLast
            && self.key.start.containerIndex == key.start.containerIndex
            && (self.key.start.bandsInContainer > 0) == (key.start.bandsInContainer > 0)
            && startsAlike(annotationSpace: key.start.annotationSpace)
    }

    /// Whether the paragraph's first line is placed the same after a line that left `annotationSpace` as after the
    /// one it followed: the same room, or room it does not use (no marks under the line before, none over its own).
    func startsAlike(annotationSpace: Double) -> Bool {
        key.start.annotationSpace == annotationSpace
            || (!borrowsAnnotationSpace && key.start.annotationSpace >= 0 && annotationSpace >= 0)
    }

    /// The fragments moved to a paragraph starting at `blockOffset` and UTF-16 offset `storageStart`, numbered
    /// `index`.
    func fragments(at blockOffset: Double, storageStart: Int, index: Int) -> [LineFragment] {
        let dy = blockOffset - key.start.blockOffset, shift = storageStart - self.storageStart
        if dy == 0, shift == 0, fragments.first?.paragraphIndex == index { return fragments }
        return fragments.map { $0.offset(y: dy, characters: shift, paragraphIndex: index) }
    }
}

/// Where a typesetter finds and keeps the paragraphs it placed
/// (``Typesetter/placeParagraphs(paragraph:shaped:lines:records:placed:)``): a layout manager's paragraph cache,
/// whose records an edit drops with the paragraphs it replaces.
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

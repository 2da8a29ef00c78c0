/// The paragraphs of a storage as one layout manager keeps them: each one's length, its shaped glyphs, and (for a
/// single unbounded container without exclusions) its lines laid out from y = 0, so an edit re-shapes and re-breaks
/// only the paragraphs it touches and the ones below merely move.
struct ParagraphCache {
    struct Entry {
        var paragraph: Paragraph
        var shaped: ShapedParagraph?
        /// The paragraph's fragments with y from 0 and characters from 0, and the height it takes (spacing
        /// before and after included); nil until laid out.
        var local: (fragments: [LineFragment], height: Double)?
        /// The place in its lists the local layout was made for.
        var localListItem: ListItemPlace?
        /// The paragraph as the last full layout placed it (``LayoutManager/layout()``), in the containers of
        /// ``ParagraphCache/recordsContainers``.
        var placed: PlacedParagraph?
    }

    /// The entries, and their UTF-16 lengths (terminators included) kept apart: walking small integers is what
    /// every edit and query does, and it must not touch the large entries.
    private(set) var entries: [Entry] = []
    private(set) var lengths: [Int] = []
    /// Whether `entries` describes the whole storage; false before the first use, after a change it cannot
    /// follow, and while only the paragraphs a stopped layout reached are loaded.
    var isLoaded = false
    /// How far into the storage (UTF-16, terminators included) the entries reach: the sum of ``lengths``.
    private(set) var loadedLength = 0
    /// The container snapshot the local layouts were made for.
    var localLayoutContainer: ContainerSnapshot?
    /// The containers the entries' placed paragraphs were placed in.
    private(set) var recordsContainers: [ContainerSnapshot] = []
    /// Where the first entries sit in an incremental layout: entry `i`'s first UTF-16 offset and top y, known for
    /// `i < placed.count` (the local layouts of the entries before it are made). A change to an entry forgets the
    /// places after it, so finding a line by offset or by y is a binary search over what is known.
    private(set) var placed: [(start: Int, top: Double)] = []

    mutating func invalidateAll() {
        entries = []
        lengths = []
        placed = []
        isLoaded = false
        loadedLength = 0
        localLayoutContainer = nil
        recordsContainers = []
    }

    /// Drops the placed paragraphs unless they were placed in `containers`, and notes that they now are.
    mutating func keepRecords(for containers: [ContainerSnapshot]) {
        guard containers != recordsContainers else { return }
        for index in entries.indices { entries[index].placed = nil }
        recordsContainers = containers
    }

    mutating func setPlaced(_ placed: PlacedParagraph, at index: Int) { entries[index].placed = placed }

    mutating func dropLocalLayouts() {
        for index in entries.indices { entries[index].local = nil }
        placed = []
    }

    /// Replaces the entries in `range` with entries for `paragraphs`.
    mutating func replace(_ range: Range<Int>, with new: [Entry]) {
        entries.replaceSubrange(range, with: new)
        let newLengths = new.map { $0.paragraph.length + $0.paragraph.terminatorLength }
        loadedLength += newLengths.reduce(0, +) - lengths[range].reduce(0, +)
        lengths.replaceSubrange(range, with: newLengths)
        if placed.count > range.lowerBound { placed.removeSubrange(range.lowerBound...) }
    }

    mutating func setShaped(_ shaped: ShapedParagraph, at index: Int) { entries[index].shaped = shaped }
    mutating func setLocal(
        _ local: (fragments: [LineFragment], height: Double), listItem: ListItemPlace?, at index: Int
    ) {
        entries[index].local = local
        entries[index].localListItem = listItem
        if placed.count > index + 1 { placed.removeSubrange((index + 1)...) }
    }

    /// Records where the next entry (`placed.count`) sits.
    mutating func place(start: Int, top: Double) { placed.append((start, top)) }

    /// The first UTF-16 offset of each entry.
    var starts: [Int] {
        var result: [Int] = []
        result.reserveCapacity(lengths.count)
        var offset = 0
        for length in lengths {
            result.append(offset)
            offset += length
        }
        return result
    }

    /// The sum of the lengths.
    var totalLength: Int { loadedLength }
}

extension Paragraph {
    /// What decides the paragraph's glyphs: its text, base direction, CJK spacing settings, and the shaping
    /// attributes of its runs (adjacent runs that shape alike merged). Paragraphs with equal signatures shape
    /// identically.
    var shapingSignature: ShapingSignature {
        var runs: [(Range<Int>, ShapingKey)] = []
        for run in attributeRuns {
            let key = run.attributes.shapingKey
            if let last = runs.last, last.1 == key, last.0.upperBound == run.utf16Range.lowerBound {
                runs[runs.count - 1].0 = last.0.lowerBound..<run.utf16Range.upperBound
            } else {
                runs.append((run.utf16Range, key))
            }
        }
        return ShapingSignature(
            text: Array(text), direction: style.baseWritingDirection, punctuationTrim: style.punctuationTrim,
            sharedPunctuationFromCJKFont: style.takesSharedPunctuationFromCJKFont, autospace: style.autospace,
            ranges: runs.map(\.0), keys: runs.map(\.1))
    }
}

struct ShapingSignature: Equatable {
    let text: [UInt16]
    let direction: ParagraphStyle.WritingDirection
    let punctuationTrim: ParagraphStyle.PunctuationTrim
    let sharedPunctuationFromCJKFont: Bool
    let autospace: Bool
    let ranges: [Range<Int>]
    let keys: [ShapingKey]
}

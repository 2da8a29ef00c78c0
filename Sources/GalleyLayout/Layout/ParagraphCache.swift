@_spi(Stages) import GalleyText

/// The paragraphs of a storage as one layout manager keeps them: each one's length, its shaped glyphs and its lines
/// as they were last placed (``PlacedParagraph``), so an edit re-shapes and re-places only the paragraphs it
/// touches and those the text reaches elsewhere than before (in one unbounded container without exclusions, the
/// ones below merely move).
struct ParagraphCache {
    struct Entry {
        var paragraph: Paragraph
        var shaped: ShapedParagraph?
        /// The paragraph as a layout or a window last placed it, in the containers of
        /// ``ParagraphCache/recordsContainers``; nil until placed.
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
    /// The containers the entries' placed paragraphs were placed in.
    private(set) var recordsContainers: [ContainerSnapshot] = []
    /// Where the first entries sit in a window's layout: entry `i`'s first UTF-16 offset and top y, known for
    /// `i < placed.count` (the entries before it are placed). A change to an entry forgets the
    /// places after it, so finding a line by offset or by y is a binary search over what is known.
    private(set) var placed: [(start: Int, top: Double)] = []

    mutating func invalidateAll() {
        entries = []
        lengths = []
        placed = []
        isLoaded = false
        loadedLength = 0
        recordsContainers = []
    }

    /// Drops the placed paragraphs (and the places found from them) unless they were placed in `containers`, and
    /// notes that they now are.
    mutating func keepRecords(for containers: [ContainerSnapshot]) {
        guard containers != recordsContainers else { return }
        dropRecords()
        recordsContainers = containers
    }

    /// Drops every placed paragraph and the places found from them.
    mutating func dropRecords() {
        for index in entries.indices { entries[index].placed = nil }
        placed = []
    }

    /// Keeps entry `index` as `record` placed it; the places found after it are forgotten (its height may have
    /// changed).
    mutating func setPlaced(_ record: PlacedParagraph, at index: Int) {
        entries[index].placed = record
        if placed.count > index + 1 { placed.removeSubrange((index + 1)...) }
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
    /// What decides the paragraph's glyphs: its text, base direction, CJK spacing settings, the shaping attributes
    /// of its runs (adjacent runs that shape alike merged) and its ruby, which widens its bases. Paragraphs with
    /// equal signatures shape identically.
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
            keepsMonospaceCells: style.keepsMonospaceCells, vertical: style.verticalShaping, ranges: runs.map(\.0),
            keys: runs.map(\.1),
            rubies: attributeRuns.compactMap { run in
                run.attributes.ruby.map { ShapingSignature.Ruby(range: run.utf16Range, annotation: $0) }
            })
    }
}

struct ShapingSignature: Equatable {
    let text: [UInt16]
    let direction: ParagraphStyle.WritingDirection
    let punctuationTrim: ParagraphStyle.PunctuationTrim
    let sharedPunctuationFromCJKFont: Bool
    let autospace: Bool
    let keepsMonospaceCells: Bool
    let vertical: VerticalShaping?
    let ranges: [Range<Int>]
    let keys: [ShapingKey]
    /// The runs with ruby, and their annotations.
    let rubies: [Ruby]

    /// A run with ruby: its range and annotation.
    struct Ruby: Equatable {
        let range: Range<Int>
        let annotation: RubyAnnotation
    }
}

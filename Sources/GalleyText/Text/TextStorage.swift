/// Text and its attributes: the model every layout is made from, as TextKit's `NSTextStorage`.
///
/// The text is stored as UTF-16, and every range in the API is a UTF-16 offset range (`NSRange` semantics).
/// Attributes are kept as contiguous runs covering the whole text; adjacent runs with equal attributes merge.
///
/// ```swift
/// let storage = TextStorage("Hello, 世界", attributes: TextAttributes(font: .textStyle(.body)))
/// try storage.addAttributes(TextAttributes(foregroundColor: try Color(hex: "#C03020")), range: 0..<5)
/// ```
///
/// A storage is a mutable reference type and is not thread-safe: change it from one thread at a time.
public final class TextStorage {
    /// The characters, in UTF-16.
    public private(set) var utf16: [UInt16]
    /// The attribute runs, in order, covering `0..<length` without gaps (empty when the text is empty).
    public private(set) var attributeRuns: [AttributeRun]
    /// The attributes given to characters inserted into an empty storage.
    public var typingAttributes: TextAttributes
    /// Counts every change to characters or attributes, so layouts know when what they hold is stale.
    public internal(set) var changeCount = 0
    /// The editing cycle's state: batches, the pending edit, processors and observers (TextStorage+Editing).
    var editing = EditingState()

    /// A storage holding `string` with `attributes` on every character.
    public init(_ string: String = "", attributes: TextAttributes = TextAttributes()) {
        utf16 = [UInt16](utf16Of: string)
        typingAttributes = attributes
        attributeRuns = utf16.isEmpty ? [] : [AttributeRun(utf16Range: 0..<utf16.count, attributes: attributes)]
    }

    /// A storage with the same characters and attributes as `other` (and its typing attributes), with no observers.
    public convenience init(copying other: TextStorage) {
        self.init("", attributes: other.typingAttributes)
        utf16 = other.utf16
        attributeRuns = other.attributeRuns
    }

    /// The number of UTF-16 units.
    public var length: Int { utf16.count }

    /// The text as a Swift string.
    public var string: String { String(decoding: utf16, as: UTF16.self) }

    /// The attributes of the character at UTF-16 offset `index` (the typing attributes past the end).
    public func attributes(at index: Int) -> TextAttributes {
        guard let position = runIndex(containing: index) else { return typingAttributes }
        return attributeRuns[position].attributes
    }

    /// Appends `string` with `attributes`.
    public func append(_ string: String, attributes: TextAttributes) {
        let start = utf16.count
        utf16.append(contentsOf: string.utf16)
        guard utf16.count > start else { return }
        attributeRuns.append(AttributeRun(utf16Range: start..<utf16.count, attributes: attributes))
        mergeRuns(around: attributeRuns.count - 1)
        noteEdit(.characters, replacing: start..<start, newLength: utf16.count - start)
    }

    /// Replaces every attribute of the characters in `range` (UTF-16 offsets) with `attributes`.
    public func setAttributes(_ attributes: TextAttributes, range: Range<Int>) throws {
        try modifyAttributes(in: range) { _ in attributes }
    }

    /// Lays the non-nil attributes of `attributes` over those of the characters in `range` (UTF-16 offsets).
    public func addAttributes(_ attributes: TextAttributes, range: Range<Int>) throws {
        try modifyAttributes(in: range) { $0.merging(attributes) }
    }

    /// Changes the attributes of the characters in `range` (UTF-16 offsets) with `transform`, run by run.
    public func modifyAttributes(in range: Range<Int>, _ transform: (TextAttributes) -> TextAttributes) throws {
        try checkBounds(range)
        guard !range.isEmpty else { return }
        let first = splitRun(at: range.lowerBound)
        let end = splitRun(at: range.upperBound)
        for position in first..<end {
            attributeRuns[position].attributes = transform(attributeRuns[position].attributes)
        }
        mergeRuns(in: max(0, first - 1)..<min(attributeRuns.count, end + 1))
        noteEdit(.attributes, replacing: range, newLength: range.count)
    }

    /// Replaces the characters in `range` (UTF-16 offsets) with `string`. The new characters take `attributes`,
    /// or, when nil, those of the first replaced character (of the character before, for an insertion).
    public func replaceCharacters(in range: Range<Int>, with string: String, attributes: TextAttributes? = nil) throws {
        try checkBounds(range)
        let inserted = [UInt16](utf16Of: string)
        let newAttributes =
            attributes
            ?? (range.isEmpty
                ? self.attributes(at: max(0, range.lowerBound - 1)) : self.attributes(at: range.lowerBound))
        let first = splitRun(at: range.lowerBound)
        let end = splitRun(at: range.upperBound)
        attributeRuns.removeSubrange(first..<end)
        let delta = inserted.count - range.count
        for position in first..<attributeRuns.count {
            let old = attributeRuns[position].utf16Range
            attributeRuns[position].utf16Range = (old.lowerBound + delta)..<(old.upperBound + delta)
        }
        if !inserted.isEmpty {
            let newRange = range.lowerBound..<(range.lowerBound + inserted.count)
            attributeRuns.insert(AttributeRun(utf16Range: newRange, attributes: newAttributes), at: first)
        }
        utf16.replaceSubrange(range, with: inserted)
        mergeRuns(in: max(0, first - 1)..<min(attributeRuns.count, first + 2))
        noteEdit(.characters, replacing: range, newLength: inserted.count)
    }

    // MARK: Runs

    /// The index of the run holding `offset`, by binary search; nil past the end.
    func runIndex(containing offset: Int) -> Int? {
        let index = attributeRuns.partitioningIndex { $0.utf16Range.upperBound > offset }
        return index < attributeRuns.count && attributeRuns[index].utf16Range.lowerBound <= offset ? index : nil
    }

    /// Splits the run holding `offset` so that a run starts there; returns that run's index (or the run count).
    private func splitRun(at offset: Int) -> Int {
        guard let position = runIndex(containing: offset) else { return attributeRuns.count }
        let run = attributeRuns[position]
        guard run.utf16Range.lowerBound < offset else { return position }
        attributeRuns[position].utf16Range = run.utf16Range.lowerBound..<offset
        attributeRuns.insert(
            AttributeRun(utf16Range: offset..<run.utf16Range.upperBound, attributes: run.attributes),
            at: position + 1)
        return position + 1
    }

    /// Gives the characters of each of `paragraphs` (ascending, disjoint UTF-16 ranges) its paragraph style, in
    /// one pass over the runs they cover (changing them paragraph by paragraph would insert into the run array
    /// once each: quadratic in a long text of styled paragraphs).
    func setParagraphStyles(_ paragraphs: [(range: Range<Int>, style: ParagraphStyle?)]) {
        guard let firstRange = paragraphs.first?.range, let lastRange = paragraphs.last?.range,
            let first = runIndex(containing: firstRange.lowerBound),
            let last = runIndex(containing: lastRange.upperBound - 1)
        else { return }
        var rebuilt: [AttributeRun] = []
        var next = 0
        for run in attributeRuns[first...last] {
            var start = run.utf16Range.lowerBound
            while start < run.utf16Range.upperBound {
                while next < paragraphs.count, paragraphs[next].range.upperBound <= start { next += 1 }
                var attributes = run.attributes
                var stop = run.utf16Range.upperBound
                if next < paragraphs.count, paragraphs[next].range.lowerBound <= start {
                    stop = min(stop, paragraphs[next].range.upperBound)
                    attributes.paragraphStyle = paragraphs[next].style
                } else if next < paragraphs.count {
                    stop = min(stop, paragraphs[next].range.lowerBound)
                }
                if let previous = rebuilt.last, previous.attributes == attributes {
                    rebuilt[rebuilt.count - 1].utf16Range = previous.utf16Range.lowerBound..<stop
                } else {
                    rebuilt.append(AttributeRun(utf16Range: start..<stop, attributes: attributes))
                }
                start = stop
            }
        }
        attributeRuns.replaceSubrange(first...last, with: rebuilt)
        mergeRuns(around: first + rebuilt.count)
        mergeRuns(around: first)
        let changed = firstRange.lowerBound..<lastRange.upperBound
        noteEdit(.attributes, replacing: changed, newLength: changed.count)
    }

    private func mergeRuns(around position: Int) {
        mergeRuns(in: max(0, position - 1)..<min(attributeRuns.count, position + 1))
    }

    /// Joins neighbouring runs with equal attributes among the runs in `positions`.
    private func mergeRuns(in positions: Range<Int>) {
        var position = positions.upperBound - 1
        while position > positions.lowerBound, position < attributeRuns.count {
            if attributeRuns[position - 1].attributes == attributeRuns[position].attributes {
                attributeRuns[position - 1].utf16Range =
                    attributeRuns[position - 1].utf16Range.lowerBound..<attributeRuns[position].utf16Range.upperBound
                attributeRuns.remove(at: position)
            }
            position -= 1
        }
    }

    private func checkBounds(_ range: Range<Int>) throws {
        guard range.lowerBound >= 0, range.upperBound <= utf16.count else {
            throw TextStorageError.rangeOutOfBounds(range, length: utf16.count)
        }
    }
}

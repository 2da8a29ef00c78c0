extension TextStorage {
    /// The paragraphs, in order. An empty text has one empty paragraph; a text ending in a terminator has an
    /// empty last paragraph after it, as a text view shows an empty last line.
    public var paragraphs: [Paragraph] { paragraphs(in: 0..<utf16.count) }

    /// Whether a UTF-16 unit ends a paragraph: LF, CR, NEL (U+0085) or PARAGRAPH SEPARATOR (U+2029).
    package static func isParagraphTerminator(_ unit: UInt16) -> Bool { terminatorBit(unit) != 0 }

    /// 1 when `unit` ends a paragraph, else 0: ``isParagraphTerminator(_:)`` without a branch, for scans that
    /// test many units at once.
    private static func terminatorBit(_ unit: UInt16) -> UInt16 {
        (unit == 0x0A ? 1 : 0) | (unit == 0x0D ? 1 : 0) | (unit == 0x85 ? 1 : 0) | (unit == 0x2029 ? 1 : 0)
    }

    /// The paragraphs whose characters lie in `range`, which must start at a paragraph's start and end after a
    /// terminator or at the text's end; an empty range at the end of the text gives the empty last paragraph.
    package func paragraphs(in range: Range<Int>) -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var leading: SharedAttributes?
        var start = range.lowerBound
        var offset = firstTerminator(in: start..<range.upperBound)
        while offset < range.upperBound {
            let terminator = terminatorLength(at: offset)
            paragraphs.append(paragraph(start..<offset, terminatorLength: terminator, sharing: &leading))
            offset += terminator
            start = offset
            offset = firstTerminator(in: start..<range.upperBound)
        }
        if start < range.upperBound || range.upperBound == utf16.count {
            paragraphs.append(paragraph(start..<range.upperBound, terminatorLength: 0, sharing: &leading))
        }
        return paragraphs
    }

    /// The length of the paragraph terminator at UTF-16 offset `offset`: 2 for CR LF, 1 for another, 0 where there
    /// is none (or at the text's end).
    package func terminatorLength(at offset: Int) -> Int {
        guard offset < utf16.count, Self.isParagraphTerminator(utf16[offset]) else { return 0 }
        return offset + 1 < utf16.count && CharacterClasses.isCRLF(utf16[offset], utf16[offset + 1]) ? 2 : 1
    }

    /// The start of the paragraph holding UTF-16 offset `offset`: just after the nearest terminator before it.
    package func paragraphStart(at offset: Int) -> Int {
        var start = offset
        while start > 0, !Self.isParagraphTerminator(utf16[start - 1]) { start -= 1 }
        return start
    }

    /// Where the paragraph holding UTF-16 offset `offset` ends, its terminator excluded: the first terminator at or
    /// after `offset`, or the text's end.
    package func paragraphContentEnd(from offset: Int) -> Int { firstTerminator(in: offset..<utf16.count) }

    /// The offset of the first paragraph terminator in `range` (UTF-16 offsets), or its upper bound: read through
    /// the buffer, without the array's checks at each unit of a text that is mostly one paragraph, a chunk of
    /// units at a time, each chunk tested whole (no early exit, so the compiler tests many units at once) and only
    /// a chunk holding a terminator searched unit by unit.
    private func firstTerminator(in range: Range<Int>) -> Int {
        utf16.withUnsafeBufferPointer { units in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let chunkEnd = min(offset + 64, range.upperBound)
                if UTF16Scan.containsAny(
                    in: UnsafeBufferPointer(rebasing: units[offset..<chunkEnd]), Self.terminatorBit)
                {
                    while !Self.isParagraphTerminator(units[offset]) { offset += 1 }
                    return offset
                }
                offset = chunkEnd
            }
            return range.upperBound
        }
    }

    /// Up to `limit` paragraphs from UTF-16 offset `start` (a paragraph's start) on, and the offset past them: the
    /// text's end once they include its last paragraph. Reading a long text batch by batch keeps only a batch of
    /// paragraphs (each owns a copy of its characters) in memory at once.
    package func paragraphs(from start: Int, limit: Int) -> (paragraphs: [Paragraph], end: Int) {
        var end = start, found = 0
        while end < utf16.count, found < limit {
            end = paragraphContentEnd(from: end)
            guard end < utf16.count else { break }
            end += terminatorLength(at: end)
            found += 1
        }
        return (paragraphs(in: start..<end), end)
    }

    /// The paragraph over `range`; its leading attributes reuse `shared` when they are equal, else become it.
    private func paragraph(_ range: Range<Int>, terminatorLength: Int, sharing shared: inout SharedAttributes?)
        -> Paragraph
    {
        var runs: [AttributeRun] = []
        if !range.isEmpty, var position = runIndex(containing: range.lowerBound) {
            // Attributes are read in place and copied once, into the paragraph's run: each copy of them retains
            // a dozen references.
            while position < attributeRuns.count, attributeRuns[position].utf16Range.lowerBound < range.upperBound {
                let clipped = attributeRuns[position].utf16Range.clamped(to: range)
                runs.append(
                    AttributeRun(
                        utf16Range: (clipped.lowerBound - range.lowerBound)..<(clipped.upperBound - range.lowerBound),
                        attributes: attributeRuns[position].attributes))
                position += 1
            }
        }
        // The leading attributes are the first run's (those at the range's start), or for an empty paragraph those
        // at its offset.
        if runs.isEmpty {
            let attributes = attributes(at: range.lowerBound)
            if shared?.attributes != attributes { shared = SharedAttributes(attributes) }
        } else if shared.map({ $0.attributes != runs[0].attributes }) ?? true {
            shared = SharedAttributes(runs[0].attributes)
        }
        // The paragraph owns a copy of its characters: a slice would keep the whole storage buffer alive and make
        // the storage copy it on its next edit. A paragraph that is the whole text shares it: the buffer holds
        // nothing else, and a copy now or at the next edit costs the same (a row measured once is never edited).
        let text = range == 0..<utf16.count ? utf16[...] : ArraySlice(Array(utf16[range]))
        return Paragraph(
            text: text, utf16Range: range, terminatorLength: terminatorLength, attributeRuns: runs, leading: shared!)
    }
}

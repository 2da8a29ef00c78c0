/// The paragraphs of a storage as one layout manager keeps them: each one's length, its shaped glyphs, and (for a
/// single unbounded container without exclusions) its lines laid out from y = 0, so an edit re-shapes and re-breaks
/// only the paragraphs it touches and the ones below merely move.
struct ParagraphCache {
    struct Entry {
        /// The paragraph's UTF-16 length, terminator included.
        var length: Int
        var paragraph: Paragraph
        var shaped: ShapedParagraph?
        /// The paragraph's fragments with y from 0 and characters from 0, and the height it takes (spacing
        /// before and after included); nil until laid out.
        var local: (fragments: [LineFragment], height: Double)?
    }

    var entries: [Entry] = []
    /// Whether `entries` describes the storage; false before the first use and after a change it cannot follow.
    var isLoaded = false
    /// The container snapshot the local layouts were made for.
    var localLayoutContainer: ContainerSnapshot?

    mutating func invalidateAll() {
        entries = []
        isLoaded = false
        localLayoutContainer = nil
    }

    mutating func dropLocalLayouts() {
        for index in entries.indices { entries[index].local = nil }
    }

    /// The first UTF-16 offset of each entry.
    var starts: [Int] {
        var result: [Int] = []
        result.reserveCapacity(entries.count)
        var offset = 0
        for entry in entries {
            result.append(offset)
            offset += entry.length
        }
        return result
    }
}

extension Paragraph {
    /// What decides the paragraph's glyphs: its text, base direction, and the shaping attributes of its runs
    /// (adjacent runs that shape alike merged). Paragraphs with equal signatures shape identically.
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
            text: Array(text), direction: style.baseWritingDirection, ranges: runs.map(\.0), keys: runs.map(\.1))
    }
}

struct ShapingSignature: Equatable {
    let text: [UInt16]
    let direction: ParagraphStyle.WritingDirection
    let ranges: [Range<Int>]
    let keys: [ShapingKey]
}

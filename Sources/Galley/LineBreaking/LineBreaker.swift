/// Stage 3: fits a shaped paragraph into lines of given widths, breaking at ICU's opportunities.
///
/// Shape once, break many: the paragraph's glyph advances are summed once per UTF-16 offset, so the width of any
/// candidate line is one subtraction. Only when a line edge falls where HarfBuzz marked a glyph unsafe to break
/// (inside a ligature, a kerned pair, Arabic joining) is that edge's run shaped again, by ``runs(for:shaper:)``.
public struct LineBreaker: Sendable {
    public let shaped: ShapedParagraph
    public let opportunities: BreakOpportunities
    /// `prefixWidths[i]` is the width of the paragraph's characters before UTF-16 offset `i`, in points.
    let prefixWidths: [Double]
    /// Per UTF-16 offset (the paragraph's end included): ``EdgeFlags`` of a line edge there.
    private let edges: [EdgeFlags]
    private var graphemes: GraphemeBoundaries?

    /// What a line starting or ending at an offset meets there.
    private struct EdgeFlags: OptionSet {
        let rawValue: UInt8
        /// A run starts here (or the paragraph ends): a line edge here cuts no run.
        static let runStart = EdgeFlags(rawValue: 1)
        /// A glyph of this cluster is marked unsafe to break before: shaping joined it to what precedes.
        static let unsafeToBreak = EdgeFlags(rawValue: 2)
    }

    /// Prepares `shaped` for breaking, with the language and strictness of its paragraph's first run and style.
    public init(_ shaped: ShapedParagraph) throws {
        self.shaped = shaped
        let paragraph = shaped.paragraph
        let language = paragraph.attributeRuns.first?.attributes.language
        opportunities = try BreakOpportunities(
            paragraph.text, language: language, strictness: paragraph.style.lineBreakStrictness)
        var advances = [Double](repeating: 0, count: paragraph.length + 1)
        var edges = [EdgeFlags](repeating: [], count: paragraph.length + 1)
        edges[paragraph.length] = .runStart
        for run in shaped.runs {
            if run.utf16Range.lowerBound <= paragraph.length { edges[run.utf16Range.lowerBound].insert(.runStart) }
            for glyph in run.glyphs where glyph.cluster < paragraph.length {
                advances[glyph.cluster] += glyph.advance
                if glyph.isUnsafeToBreak { edges[glyph.cluster].insert(.unsafeToBreak) }
            }
        }
        self.edges = edges
        // Each offset's advance becomes the sum of those before it, in place.
        var total = 0.0
        for offset in 0..<paragraph.length {
            let advance = advances[offset]
            advances[offset] = total
            total += advance
        }
        advances[paragraph.length] = total
        prefixWidths = advances
    }

    /// Whether a line edge at `offset` cuts a run where shaping joined the glyphs on either side, so that the
    /// run must be shaped again there.
    func cutsJoinedGlyphs(at offset: Int) -> Bool {
        let flags = edges[offset]
        return flags.contains(.unsafeToBreak) && !flags.contains(.runStart)
    }

    /// The indices of the paragraph's runs that draw characters in `range` (UTF-16 offsets): a contiguous span,
    /// as runs cover the paragraph in logical order.
    func runIndices(overlapping range: Range<Int>) -> Range<Int> {
        let runs = shaped.runs
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].utf16Range.upperBound <= range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < runs.count, runs[end].utf16Range.lowerBound < range.upperBound { end += 1 }
        return low..<end
    }

    /// The paragraph's length in UTF-16 units.
    public var length: Int { shaped.paragraph.length }

    /// The width of the characters in `range` (UTF-16 offsets from the paragraph's start), in points.
    public func width(of range: Range<Int>) -> Double {
        prefixWidths[range.upperBound] - prefixWidths[range.lowerBound]
    }

    /// The next line starting at `start`, at most `width` points wide, ending no later than `limit`.
    ///
    /// Word wrap takes the last opportunity that fits; char wrap the last grapheme boundary. When nothing fits,
    /// the line is cut between grapheme clusters (at least one cluster, so layout always moves on). Clip and
    /// truncating modes do not wrap: the line runs to the next mandatory break or the paragraph's end.
    public mutating func nextLine(
        from start: Int, width: Double, mode: ParagraphStyle.LineBreakMode = .wordWrap, limit: Int? = nil
    ) -> LineBreak {
        let end = min(limit ?? length, length)
        guard start < end else {
            return LineBreak(
                utf16Range: start..<start, contentEnd: start, width: 0, endsAtMandatoryBreak: false,
                isEmergencyBreak: false)
        }
        let candidates = opportunities.opportunities
        var index = firstOpportunity(after: start)
        switch mode {
        case .clip, .truncateHead, .truncateMiddle, .truncateTail:
            while index < candidates.count, candidates[index].offset < end, !candidates[index].isMandatory {
                index += 1
            }
            let stop = index < candidates.count ? min(candidates[index].offset, end) : end
            return line(
                start..<stop,
                mandatory: index < candidates.count && candidates[index].offset <= end && candidates[index].isMandatory)
        case .charWrap:
            return fitByGraphemes(
                from: start, width: width, end: nextMandatoryBreak(after: start, end: end), emergency: false)
        case .wordWrap:
            var best: LineBreak?
            while index < candidates.count, candidates[index].offset <= end {
                let candidate = line(start..<candidates[index].offset, mandatory: candidates[index].isMandatory)
                guard candidate.width <= width + 1e-9 else { break }
                best = candidate
                if candidate.endsAtMandatoryBreak { break }
                index += 1
            }
            if let best { return best }
            let stop = index < candidates.count ? min(candidates[index].offset, end) : end
            return fitByGraphemes(from: start, width: width, end: stop, emergency: true)
        }
    }

    /// A line over `range`, its trailing white space hanging.
    func line(_ range: Range<Int>, mandatory: Bool, emergency: Bool = false) -> LineBreak {
        var contentEnd = range.upperBound
        while contentEnd > range.lowerBound, Self.isHangingSpace(shaped.paragraph.unit(at: contentEnd - 1)) {
            contentEnd -= 1
        }
        return LineBreak(
            utf16Range: range, contentEnd: contentEnd, width: width(of: range.lowerBound..<contentEnd),
            endsAtMandatoryBreak: mandatory, isEmergencyBreak: emergency)
    }

    /// The longest run of whole grapheme clusters from `start` that fits `width` (at least one cluster).
    private mutating func fitByGraphemes(from start: Int, width: Double, end: Int, emergency: Bool) -> LineBreak {
        if graphemes == nil { graphemes = try? GraphemeBoundaries(shaped.paragraph.text) }
        let boundaries = graphemes?.offsets ?? Array((start + 1)...end)
        var low = 0, high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] <= start { low = middle + 1 } else { high = middle }
        }
        var best = low < boundaries.count ? min(boundaries[low], end) : end
        var position = low
        while position < boundaries.count, boundaries[position] <= end {
            let candidate = line(start..<boundaries[position], mandatory: false)
            guard candidate.width <= width + 1e-9 else { break }
            best = boundaries[position]
            position += 1
        }
        let mandatory = opportunities.opportunities.contains { $0.offset == best && $0.isMandatory }
        return line(start..<best, mandatory: mandatory, emergency: emergency && best < end)
    }

    private func nextMandatoryBreak(after start: Int, end: Int) -> Int {
        let candidates = opportunities.opportunities
        var index = firstOpportunity(after: start)
        while index < candidates.count, candidates[index].offset < end {
            if candidates[index].isMandatory { return candidates[index].offset }
            index += 1
        }
        return end
    }

    /// The index of the first opportunity beyond `offset`, by binary search.
    private func firstOpportunity(after offset: Int) -> Int {
        let candidates = opportunities.opportunities
        var low = 0, high = candidates.count
        while low < high {
            let middle = (low + high) / 2
            if candidates[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// White space that may hang past a line's end: spaces, ideographic space, tabs and the line-ending controls.
    static func isHangingSpace(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x0B, 0x0C, 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x2028, 0x205F, 0x3000: return true
        default: return false
        }
    }
}

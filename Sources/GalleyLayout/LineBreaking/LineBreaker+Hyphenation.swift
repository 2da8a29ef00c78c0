@_spi(Stages) import GalleyText

extension LineBreaker {
    /// The longest line from `start` that ends at a hyphenation point of `word` (the word that did not fit) and
    /// fits `width` with its hyphen; nil when none does.
    ///
    /// A word's points are found once and kept while its lines are broken (a word longer than a line is met again
    /// at each of its lines), and the point is found by bisection, as a line grows with the point it ends at: one
    /// long word costs its length, not its length per line.
    mutating func hyphenatedLine(from start: Int, word: Range<Int>, width: Double) -> LineBreak? {
        let points: [Int]
        if let memo = hyphenationMemo, memo.word.lowerBound <= word.lowerBound, memo.word.upperBound == word.upperBound
        {
            points = memo.points
        } else {
            points = hyphenationPoints(in: word)
            hyphenationMemo = (word, points)
        }
        // First the points after the line's start, then the last of them whose line fits (lines grow with their
        // end, so the ones that fit come first).
        let after = points[points.partitioningIndex { $0 > max(start, word.lowerBound) }...]
        let tooWide = after.partitioningIndex { point in
            !LineFit.fits(line(start..<point, mandatory: false, hyphenated: true).width, in: width)
        }
        guard tooWide > after.startIndex else { return nil }
        return line(start..<points[tooWide - 1], mandatory: false, hyphenated: true)
    }

    /// The hyphenation points (UTF-16 offsets from the paragraph's start) of the letters in `range`, in the
    /// language of the text there: the run's `language`, else the paragraph's first run's, else
    /// ``Hyphenator/defaultLanguage``.
    func hyphenationPoints(in range: Range<Int>) -> [Int] {
        let paragraph = shaped.paragraph
        // The word proper: its letters, without the spaces or punctuation around it.
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, !Self.isWordUnit(paragraph.unit(at: lower)) { lower += 1 }
        while upper > lower, !Self.isWordUnit(paragraph.unit(at: upper - 1)) { upper -= 1 }
        guard upper - lower >= Hyphenator.minimumWordLength,
            !(lower..<upper).contains(where: { paragraph.unit(at: $0) == 0xAD })
        else { return [] }
        let language =
            paragraph.attributeRuns.first { $0.utf16Range.contains(lower) }?.attributes.language
            ?? paragraph.attributeRuns.first?.attributes.language ?? Hyphenator.defaultLanguage
        let text = paragraph.text
        let word = text[(text.startIndex + lower)..<(text.startIndex + upper)]
        return Hyphenator.hyphenationPoints(in: word, language: language).map { $0 + lower }
    }

    /// Whether a UTF-16 unit may be part of a hyphenated word: not ASCII punctuation, digits or white space.
    private static func isWordUnit(_ unit: UInt16) -> Bool {
        unit >= 0x80
            ? !CharacterClasses.hangsAtLineEnd(unit) && unit != 0xA0
            : (0x41...0x5A).contains(unit) || (0x61...0x7A).contains(unit)
    }

    /// The hyphen a line ending after `offset` shows: the glyph of U+2010 (else U+002D) in the font of the
    /// character at `offset`, and its advance in points, shaped alone as Chromium does.
    func hyphen(after offset: Int) -> (glyph: UInt32, advance: Double)? {
        guard let run = runIndices(overlapping: offset..<(offset + 1)).first.map({ shaped.runs[$0] }) else {
            return nil
        }
        return run.font.hyphen
    }
}

@_spi(Stages) import GalleyText

/// Paragraph-level line breaking on the line-fitting kernel (``LineFit``): `balance`, `pretty` and `optimal`
/// choose a paragraph's breaks together rather than one line at a time (``ParagraphStyle/TextWrap``).
///
/// `balance` and `pretty` follow Chromium's score-based breaker (Blink's `ScoreLineBreaker`, after Android's
/// Minikin): every line costs its squared slack, a line costs a penalty proportional to the width and the font
/// size, a break before the last word costs an orphan penalty, and the cheapest sequence of breaks wins; with
/// Chromium's limits (balance: paragraphs of up to six lines, else bisecting the width; pretty: the last four
/// lines, only when the greedy last line is one short word or ends a run of hyphens). `optimal` is Knuth and
/// Plass's total fit as TeX tunes it (ParagraphBreaker+Optimal.swift), with hyphenation points as breaks.
struct ParagraphBreaker {
    /// One line the strategy chose: where it ends (UTF-16 offset from the paragraph's start) and whether it ends
    /// at a hyphenation point, showing a hyphen.
    struct PlannedLine: Equatable {
        var end: Int
        var isHyphenated: Bool
    }

    /// One place a line may end, with the kernel's figures for a line ending there and one starting there.
    struct Candidate {
        var offset: Int
        var isHyphenated: Bool
        var penalty: Float
        var start: LineFit.Start
        var end: LineFit.End
    }

    /// The cheapest way found to end a line at a candidate (Chromium's scores, in single precision as Blink keeps
    /// them).
    private struct Score {
        var score = Float.infinity
        var previous = -1
        var lineIndex = 0
    }

    /// Chromium's limits and weights (Blink's `score_line_breaker.h`, `score_line_break_context.h`).
    static let balanceLineLimit = 6
    static let prettyLineLimit = 4
    private static let overfull: Float = 1e12
    private static let orphanPenalty: Float = 10_000
    /// What `optimal` charges for a line starting with an em dash: more than any sequence of feasible lines costs,
    /// less than a line past the tolerance.
    private static let dashStartPenalty: Float = 1e9
    private static let lastLinePenaltyMultiplier: Float = 4

    let strategy: ParagraphStyle.TextWrap
    /// The paragraph's font size in points (the penalties grow with it), and whether it is justified.
    let fontSize: Double
    let isJustified: Bool
    /// At most this many consecutive lines end at hyphenation points.
    let hyphenationLineLimit: Int
    /// The width the penalties are set for, in points: a line after the first (Chromium's default line width,
    /// without the first line's indent).
    let firstWidth: Double

    /// The lines of the paragraph from `start` (UTF-16 offset) to its end as the strategy chooses them, line `i`
    /// (from 0) being `width(i)` points wide; nil where the strategy leaves the greedy lines as they are (Chromium's
    /// conditions, a word wider than its line, a forced break or a tab in the way).
    func lines(_ breaker: inout LineBreaker, from start: Int, width: (Int) -> Double) -> [PlannedLine]? {
        var weighed = 0
        return lines(&breaker, from: start, width: width, weighed: &weighed)
    }

    /// ``lines(_:from:width:)``, adding to `weighed` the number of lines the search weighed (a start tried for an
    /// end), which grows linearly with the paragraph when the lines are narrow.
    func lines(_ breaker: inout LineBreaker, from start: Int, width: (Int) -> Double, weighed: inout Int)
        -> [PlannedLine]?
    {
        guard strategy != .auto, start < breaker.length, breaker.tabOffsets.isEmpty else { return nil }
        switch strategy {
        case .auto: return nil
        case .optimal:
            guard let candidates = candidates(breaker, from: start, hyphenationPoints: true) else { return nil }
            return optimalLines(candidates, breaker: breaker, width: width, weighed: &weighed)
        case .balance, .pretty:
            let limit = strategy == .balance ? Self.balanceLineLimit : Self.prettyLineLimit
            let greedy = greedyLines(&breaker, from: start, width: width)
            guard greedy.count > 1, !greedy.contains(where: \.isEmergencyBreak) else { return nil }
            if strategy == .balance {
                guard greedy.count <= limit else { return nil }
                // Balancing evens the greedy lines out into as many lines; when the cheapest breaks make more or
                // fewer (five even lines can score below four uneven ones; a line scored without its opening mark's
                // widening can take a character that does not fit once set), Chromium bisects the width instead.
                if let candidates = candidates(breaker, from: start, hyphenationPoints: false),
                    candidates.count >= 5,
                    let balanced = best(candidates, width: width, balanced: true, weighed: &weighed),
                    balanced.count == greedy.count
                {
                    return balanced
                }
                return bisected(&breaker, from: start, lineCount: greedy.count, greedy: greedy, width: width)
            }
            // Pretty re-breaks only the paragraph's last lines, and only when the greedy result is poor there.
            let windowStart = greedy.count > limit ? greedy[greedy.count - limit - 1].utf16Range.upperBound : start
            let window = greedy.suffix(min(limit, greedy.count))
            guard prettyIsWorthIt(window, breaker: breaker, width: width(greedy.count - 1)),
                let candidates = candidates(breaker, from: windowStart, hyphenationPoints: false),
                candidates.count >= 5
            else { return nil }
            let firstIndex = greedy.count - window.count
            // As for balance, Chromium keeps the greedy lines when the cheapest breaks give another number of lines.
            guard
                let tail = best(
                    candidates, width: { width(firstIndex + $0) }, balanced: false, weighed: &weighed),
                tail.count == window.count
            else { return nil }
            return greedy.prefix(firstIndex).map {
                PlannedLine(end: $0.utf16Range.upperBound, isHyphenated: $0.isHyphenated)
            }
                + tail
        }
    }

    /// The greedy lines from `start`, as the typesetter would place them in lines of `width(i)`.
    private func greedyLines(_ breaker: inout LineBreaker, from start: Int, width: (Int) -> Double) -> [LineBreak] {
        var lines: [LineBreak] = []
        var cursor = start
        var hyphenated = 0
        while cursor < breaker.length {
            let line = breaker.nextLine(
                from: cursor, width: width(lines.count), hyphenates: hyphenated < hyphenationLineLimit)
            hyphenated = line.isHyphenated ? hyphenated + 1 : 0
            lines.append(line)
            cursor = line.utf16Range.upperBound
        }
        return lines
    }

    /// Whether a paragraph's last line `lineWidth` points wide in `available` points is an orphan, as Chromium's
    /// `pretty` counts one: it holds one word and is shorter than a third of its width. `pretty` re-breaks to
    /// avoid it, and `optimal` weighs it.
    static func isOrphan(lineWidth: Double, available: Double, holdsOneWord: Bool) -> Bool {
        holdsOneWord && lineWidth < available / 3
    }

    /// Chromium's test for `pretty`: the last line is an orphan (``isOrphan(lineWidth:available:holdsOneWord:)``),
    /// or the two lines before it both end hyphenated.
    private func prettyIsWorthIt(_ window: ArraySlice<LineBreak>, breaker: LineBreaker, width: Double) -> Bool {
        guard let last = window.last else { return false }
        let holdsOneWord = !breaker.hasBreak(inside: last.utf16Range.lowerBound..<last.contentEnd)
        if Self.isOrphan(lineWidth: last.width, available: width, holdsOneWord: holdsOneWord) { return true }
        let lines = Array(window)
        return lines.count >= 3 && lines[lines.count - 2].isHyphenated && lines[lines.count - 3].isHyphenated
    }

    /// The places a line may end from `start` to the paragraph's end, after a sentinel at `start`; nil when a
    /// forced break lies inside.
    private func candidates(_ breaker: LineBreaker, from start: Int, hyphenationPoints: Bool) -> [Candidate]? {
        // Chromium's hyphen penalty for its strategies; optimal's is TeX's, squared into demerits.
        let hyphenPenalty: Float =
            strategy == .optimal
            ? Float(Demerits.hyphenPenalty * Demerits.hyphenPenalty)
            : Float(isJustified ? widthTimesFontSize / 2 : widthTimesFontSize * 2)
        var result = [
            Candidate(
                offset: start, isHyphenated: false, penalty: 0, start: breaker.lineStart(at: start),
                end: LineFit.End(contentEnd: start, widthBeforeContentEnd: 0))
        ]
        var previous = start
        for opportunity in breaker.opportunities.opportunities where opportunity.offset > start {
            if opportunity.isMandatory, opportunity.offset < breaker.length { return nil }
            if hyphenationPoints, breaker.shaped.paragraph.style.hyphenationFactor > 0 {
                for point in breaker.hyphenationPoints(in: previous..<opportunity.offset) where point > previous {
                    result.append(
                        Candidate(
                            offset: point, isHyphenated: true, penalty: hyphenPenalty,
                            start: breaker.lineStart(at: point),
                            end: breaker.lineEnd(0..<point, hyphenated: true)))
                }
            }
            let end = breaker.lineEnd(0..<opportunity.offset)
            // Optimal keeps a dash off the start of a line (UAX #14 allows a break before —; typesetters do not),
            // unless nothing else fits.
            let startsWithDash =
                strategy == .optimal && opportunity.offset < breaker.length
                && [0x2014, 0x2015].contains(breaker.shaped.paragraph.unit(at: opportunity.offset))
            result.append(
                Candidate(
                    offset: opportunity.offset, isHyphenated: end.hyphen != 0,
                    penalty: (end.hyphen != 0 ? hyphenPenalty : 0) + (startsWithDash ? Self.dashStartPenalty : 0),
                    start: breaker.lineStart(at: opportunity.offset), end: end))
            previous = opportunity.offset
        }
        return result
    }

    /// The width times the font size that Chromium's penalties scale with (its `SetupParameters`).
    private var widthTimesFontSize: Double { firstWidth * fontSize }

    /// The cheapest breaks over `candidates` (Chromium's `ComputeScores` and `ComputeBreakPoints`).
    private func best(_ candidates: [Candidate], width: (Int) -> Double, balanced: Bool, weighed: inout Int)
        -> [PlannedLine]?
    {
        var candidates = candidates
        if candidates.count >= 4 {
            // Chromium: the break before the last word (and the hyphenated breaks just before it) costs an orphan's
            // penalty.
            for index in stride(from: candidates.count - 2, through: 0, by: -1) {
                candidates[index].penalty += Self.orphanPenalty
                if !candidates[index].isHyphenated { break }
            }
        }
        let linePenalty = Float(isJustified ? 0 : widthTimesFontSize * 4)
        // Each candidate's start as lines are scored from it, once: the loop below weighs many lines from each.
        let starts = candidates.map { scoredStart($0.start) }
        var scores = [Score](repeating: Score(), count: candidates.count)
        scores[0] = Score(score: 0, previous: -1, lineIndex: 0)
        var active = 0
        let last = candidates.count - 1
        for endIndex in 1...last {
            let end = candidates[endIndex]
            let isLast = endIndex == last
            var best = Score()
            var bestHope: Float = 0
            weighed += endIndex - active
            for start in active..<endIndex {
                let origin = scores[start]
                guard origin.score < .infinity else { continue }
                if origin.score + bestHope >= best.score { continue }
                let available = width(origin.lineIndex)
                let natural = LineFit.width(from: starts[start], to: end.end)
                let lineWidth = LineFit.fitted(natural, end: end.end, available: available) ?? natural
                let delta = Float(available + LineFit.tolerance - lineWidth)
                let fits = LineFit.fits(lineWidth, in: available)
                var widthScore: Float = 0
                var additional: Float = 0
                if !fits {
                    widthScore = Self.overfull
                    active = start + 1
                } else if isLast && !balanced {
                    additional = Self.lastLinePenaltyMultiplier * candidates[start].penalty
                } else {
                    widthScore = delta * delta
                }
                if fits { bestHope = widthScore }
                let score = origin.score + widthScore + additional
                if score <= best.score {
                    best = Score(score: score, previous: start, lineIndex: origin.lineIndex + 1)
                }
            }
            best.score = best.score + end.penalty + linePenalty  // Blink's order of the single-precision sums
            scores[endIndex] = best
        }
        guard scores[last].score < Self.overfull else { return nil }
        var lines: [PlannedLine] = []
        var index = last
        while index > 0 {
            guard scores[index].previous >= 0 else { return nil }
            lines.append(PlannedLine(end: candidates[index].offset, isHyphenated: candidates[index].isHyphenated))
            index = scores[index].previous
        }
        return lines.reversed()
    }

    /// What a line from `start` is scored from. Chromium scores `balance` and `pretty` with the positions of the
    /// paragraph shaped whole (its `LineBreakCandidate`s), where an opening mark set half-width after the
    /// punctuation before it stays so: the full width it takes back at a line's start (``LineFit/Start/widening``)
    /// counts only when the line is set. `optimal`, Galley's own, scores the line as it is set.
    private func scoredStart(_ start: LineFit.Start) -> LineFit.Start {
        guard strategy != .optimal else { return start }
        var scored = start
        scored.widening = 0
        return scored
    }

    /// Chromium's fallback for balancing (`ParagraphLineBreaker`): the narrowest width, found by bisection to
    /// 1 point, at which the greedy breaker still gives `lineCount` lines.
    private func bisected(
        _ breaker: inout LineBreaker, from start: Int, lineCount: Int, greedy: [LineBreak], width: (Int) -> Double
    ) -> [PlannedLine]? {
        var upper = width(0)
        guard (1..<lineCount).allSatisfy({ width($0) == upper }) else { return nil }
        let average = greedy.reduce(0) { $0 + $1.width } / Double(lineCount)
        var lower = (average * 0.8 * 64).rounded() / 64
        var best = greedy
        while lower + 1 < upper {
            let middle = ((upper + lower) / 2 * 64).rounded(.down) / 64
            let lines = greedyLines(&breaker, from: start, width: { _ in middle })
            if lines.count > lineCount || lines.contains(where: \.isEmergencyBreak) {
                lower = middle
            } else {
                upper = middle
                best = lines
            }
        }
        return best.map { PlannedLine(end: $0.utf16Range.upperBound, isHyphenated: $0.isHyphenated) }
    }
}

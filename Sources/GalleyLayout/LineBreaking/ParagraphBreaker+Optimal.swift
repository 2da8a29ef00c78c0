@_spi(Stages) import GalleyText

/// `optimal`: Knuth and Plass's total-fit breaking as TeX tunes it. Each line's badness is its slack against what
/// it may stretch (a justified line: half a word space at each gap ``JustificationGaps`` counts; a ragged one: a
/// fixed two ems, TeX's `\raggedright`), cubed; a line past the tolerance is used only where no feasible
/// alternative exists; demerits add TeX's line penalty, hyphen penalty, and the demerits for two hyphens in a row,
/// a hyphen ending the penultimate line and a very loose line next to a decent one (fitness classes), plus a cost
/// for a last line shorter than a third of the width. The cheapest sequence of breaks wins.
extension ParagraphBreaker {
    /// TeX's plain values (`\linepenalty`, `\hyphenpenalty`, `\doublehyphendemerits`, `\finalhyphendemerits`,
    /// `\adjdemerits`), the stretch ratios that bound the fitness classes, and Galley's tolerance and last-line cost.
    enum Demerits {
        static let linePenalty = 10.0
        static let hyphenPenalty = 50.0
        static let doubleHyphen = 10_000.0
        /// Ten times TeX's: a paragraph ending in the tail of a hyphenated word (`wid-` / `ows.`) reads worse than
        /// a loose line before it.
        static let finalHyphen = 50_000.0
        static let adjacentFitness = 10_000.0
        /// A last line shorter than a third of the width costs up to this, growing with the square of how short.
        static let shortLastLine = 10_000.0
        /// A last line of one short word (``ParagraphBreaker/isOrphan(lineWidth:available:holdsOneWord:)``) costs
        /// this more: as much as a line stretched about twice what it may, so the lines before give up a word
        /// unless that leaves one of them very loose.
        static let orphan = 1_000_000.0
        /// What a line past the tolerance adds: more than any sequence of feasible lines costs.
        static let infeasible = 1e12
        /// The largest stretch ratio of a feasible line: a justified word space at three times its natural width.
        static let tolerance = 4.0
        /// A ragged line's stretch, in ems (TeX's `\raggedright` gives `\rightskip` 2 em of stretch).
        static let raggedStretch = 2.0
        /// A justified gap's stretch, as a fraction of the paragraph's word space (TeX's fonts: half the space).
        static let gapStretch = 0.5
    }

    /// The fitness class of a line stretched `ratio` times its stretch: decent (up to ½), loose (up to 1), very
    /// loose. Galley never shrinks a line, so TeX's tight class is not used.
    static func fitnessClass(_ ratio: Double) -> Int { ratio <= 0.5 ? 0 : ratio <= 1 ? 1 : 2 }

    /// TeX's badness of a line stretched `ratio` times its stretch: 100 r³ (TeX caps it at 10,000, which would make
    /// every line past the tolerance as bad as the next; Galley keeps them apart).
    static func badness(_ ratio: Double) -> Double { ratio.isFinite ? 100 * ratio * ratio * ratio : 1e30 }

    /// The cheapest breaks over `candidates` (from ``candidates(_:from:hyphenationPoints:)``) for `breaker`'s
    /// paragraph, with a state per fitness class and per number of consecutive hyphenated lines, so that no more
    /// than ``hyphenationLineLimit`` follow each other; nil when every way overflows a line.
    func optimalLines(
        _ candidates: [Candidate], breaker: LineBreaker, width: (Int) -> Double, weighed: inout Int
    ) -> [PlannedLine]? {
        let paragraph = breaker.shaped.paragraph
        let gaps = isJustified ? JustificationGaps(paragraph, from: candidates[0].offset) : nil
        let stretchPerGap = Self.wordSpace(candidates, fontSize: fontSize) * Demerits.gapStretch
        let raggedStretch = Demerits.raggedStretch * fontSize
        let hasHyphens = candidates.contains(where: \.isHyphenated)
        // A limit past a handful of lines is no limit in practice; then only whether the line before ended
        // hyphenated is tracked (for the demerits of two in a row).
        let limited = hasHyphens && hyphenationLineLimit <= 16
        let hyphenStates = limited ? hyphenationLineLimit + 1 : hasHyphens ? 2 : 1
        let fitnessStates = 3
        let states = hyphenStates * fitnessStates
        // scores[index * states + hyphens * 3 + fitness]: the cheapest way to end a line at candidate `index`
        // after `hyphens` hyphenated lines in a row (this one included), the line being of class `fitness`.
        var scores = [OptimalScore](repeating: OptimalScore(), count: candidates.count * states)
        scores[0] = OptimalScore(score: 0, previous: -1, previousState: 0, lineIndex: 0)
        var active = 0
        let last = candidates.count - 1
        // The break before the last word: a last line starting there or later holds one word.
        let lastWordStart = candidates[..<last].lastIndex { !$0.isHyphenated } ?? 0
        for endIndex in 1...last {
            // Cancelled work gives up the plan (the greedy lines stand), and the typesetter's next check stops it.
            if endIndex & 1023 == 0, Cancellation.current?.isCancelled == true { return nil }
            let end = candidates[endIndex]
            let isLast = endIndex == last
            weighed += endIndex - active
            for start in active..<endIndex {
                let natural = LineFit.width(from: candidates[start].start, to: end.end)
                // What the line may stretch depends on its text only, not on the state it follows.
                let stretch =
                    gaps.map { Double($0.count(in: candidates[start].offset..<end.end.contentEnd)) * stretchPerGap }
                    ?? raggedStretch
                var fitsSomewhere = false
                for originState in 0..<states {
                    let origin = scores[start * states + originState]
                    guard origin.score < .infinity else { continue }
                    let available = width(origin.lineIndex)
                    guard let lineWidth = LineFit.fitted(natural, end: end.end, available: available) else { continue }
                    fitsSomewhere = true
                    let originHyphens = originState / fitnessStates
                    var hyphens = 0
                    if end.isHyphenated {
                        hyphens = originHyphens + 1
                        if hyphens >= hyphenStates {
                            if limited { continue }
                            hyphens = hyphenStates - 1
                        }
                    }
                    var demerits: Double
                    var fitness = 0
                    if isLast {
                        demerits = Demerits.linePenalty * Demerits.linePenalty
                        if lineWidth < available / 3 {
                            let short = (available / 3 - lineWidth) / (available / 3)
                            demerits += Demerits.shortLastLine * short * short
                        }
                        if candidates[start].isHyphenated { demerits += Demerits.finalHyphen }
                        if Self.isOrphan(
                            lineWidth: lineWidth, available: available, holdsOneWord: start >= lastWordStart)
                        {
                            demerits += Demerits.orphan
                        }
                    } else {
                        let slack = max(0, available - lineWidth)
                        let ratio = slack <= LineFit.tolerance ? 0 : stretch > 0 ? slack / stretch : .infinity
                        let badness = Self.badness(ratio)
                        demerits = (Demerits.linePenalty + badness) * (Demerits.linePenalty + badness)
                        if ratio > Demerits.tolerance {
                            demerits += Demerits.infeasible * (1 + ratio - Demerits.tolerance)
                        }
                        fitness = Self.fitnessClass(ratio)
                    }
                    demerits += Double(end.penalty)
                    if end.isHyphenated, originHyphens > 0 { demerits += Demerits.doubleHyphen }
                    if abs(fitness - originState % fitnessStates) > 1 { demerits += Demerits.adjacentFitness }
                    let state = hyphens * fitnessStates + fitness
                    let score = origin.score + demerits
                    if score < scores[endIndex * states + state].score {
                        scores[endIndex * states + state] = OptimalScore(
                            score: score, previous: start, previousState: originState,
                            lineIndex: origin.lineIndex + 1)
                    }
                }
                // A start no line from reaches this end leaves the window: every later end is further away.
                if start == active, !fitsSomewhere { active = start + 1 }
            }
        }
        let finalState = (0..<states).min { scores[last * states + $0].score < scores[last * states + $1].score } ?? 0
        guard scores[last * states + finalState].score < .infinity else { return nil }
        var lines: [PlannedLine] = []
        var (index, state) = (last, finalState)
        while index > 0 {
            let score = scores[index * states + state]
            guard score.previous >= 0 else { return nil }
            lines.append(PlannedLine(end: candidates[index].offset, isHyphenated: candidates[index].isHyphenated))
            (index, state) = (score.previous, score.previousState)
        }
        return lines.reversed()
    }

    /// The paragraph's word space in points: the median width of the spaces its breaks hang, a quarter em when it
    /// has none (Chinese or Japanese without spaces).
    private static func wordSpace(_ candidates: [Candidate], fontSize: Double) -> Double {
        var spaces: [Double] = []
        for candidate in candidates.dropFirst() where !candidate.isHyphenated {
            let space = candidate.start.widthBefore - candidate.end.widthBeforeContentEnd
            if space > 0 { spaces.append(space) }
        }
        guard !spaces.isEmpty else { return fontSize / 4 }
        spaces.sort()
        return spaces[spaces.count / 2]
    }

    /// The cheapest way found to end a line at a candidate in one state, in demerits (in double precision: a line
    /// past the tolerance adds more than a float could add the rest to).
    struct OptimalScore {
        var score = Double.infinity
        var previous = -1
        var previousState = 0
        var lineIndex = 0
    }
}

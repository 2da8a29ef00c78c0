@_spi(Stages) import GalleyText

/// The line-fitting kernel: how wide a candidate line is, whether it fits, which break a greedy line takes and how
/// tall a band grows. The line breaker (over a shaped paragraph's live figures), prepared text (over its packed
/// breaks), the typesetter and the paragraph-level strategies all ask these functions, so a line rule is written
/// once and every caller gives the same lines.
enum LineFit {
    /// How far a line may pass its width and still fit, in points: less than Chromium's layout unit (1/64 px), as
    /// Blink keeps a line that overflows its box by less than a unit.
    static let tolerance = 1.0 / 64

    /// How much a line's width may be off from the sum of its advances, in points: it is a difference of two sums
    /// of the paragraph's advances, which rounding leaves about 1e-13 off at a few thousand points (far below the
    /// 1/65536 px Chromium's glyph advances are rounded to).
    static let summingError = 1e-9

    /// Whether a line `width` points wide fits `available` points: it passes them by less than ``tolerance``. A line
    /// exactly ``tolerance`` past them does not fit, even when the sums' rounding (``summingError``) puts it a hair
    /// below: Chromium, whose advances are rounded to 1/65536 px, breaks such a line (Inter's
    /// "`` `git commit -m fix`? Line ``" is 200.015625 px at 17 px by the font's units; the parity-exact-fit rows).
    static func fits(_ width: Double, in available: Double) -> Bool { width < available + tolerance - summingError }

    /// What a line starting at a break (or at the paragraph's start) adds to its width there.
    struct Start: Equatable {
        /// Where the line starts, as a UTF-16 offset from the paragraph's start.
        var offset: Int
        /// The width of the paragraph's text before the line's first character, in points.
        var widthBefore: Double
        /// An opening mark set half-width after the punctuation before it takes its full width back at a line's
        /// start (CSS `text-spacing-trim`), in points.
        var widening = 0.0
        /// How much wider the first word is once shaped without what precedes it (a cut inside joined glyphs).
        var correction = 0.0
        /// The advance of the opening mark at the paragraph's start that hangs past the start edge
        /// (``ParagraphStyle/HangingPunctuation/first``), in points; 0 for none.
        var hang = 0.0
    }

    /// What a line ending at a break adds to or takes from its width there.
    struct End: Equatable {
        /// Where the line's hanging white space starts, as a UTF-16 offset from the paragraph's start.
        var contentEnd: Int
        /// The width of the paragraph's text before the line's hanging white space, in points (tab advances in
        /// the line included).
        var widthBeforeContentEnd: Double
        /// The autospace after the last character, never shown at a line's end.
        var autospace = 0.0
        /// How much wider the last word is once shaped without what follows (a cut inside joined glyphs).
        var correction = 0.0
        /// The advance of the hyphen a line ending here shows (a soft hyphen or a hyphenation point); 0 for none.
        var hyphen = 0.0
        /// What setting a full-width closing mark at the end half-width gives back, when the line would not fit
        /// otherwise (CSS `text-spacing-trim`).
        var closingTrim = 0.0
        /// The advance of the mark at the end that may hang past the end edge (``ParagraphStyle/HangingPunctuation``),
        /// in points; 0 for none.
        var hang = 0.0
        /// Whether that mark always hangs (`forceEnd`, or `last` at the paragraph's end) rather than only when
        /// the line would not fit otherwise (`allowEnd`).
        var hangs = false
    }

    /// The width of a line from `start` to `end`, in points, before any closing-mark trim or hang that is taken
    /// only when the line would not fit otherwise: the text between them, the corrections at cuts inside joined
    /// glyphs, the hyphen, less the autospace at the end and the marks that always hang, plus the opening mark's
    /// widening. A line of hanging white space alone is 0 wide: it has no edge to adjust.
    static func width(from start: Start, to end: End) -> Double {
        guard end.contentEnd > start.offset else { return 0 }
        return (end.widthBeforeContentEnd - start.widthBefore) + (end.correction + start.correction) + end.hyphen
            - end.autospace + start.widening - start.hang - (end.hangs ? end.hang : 0)
    }

    /// A line's break as the greedy rule chooses it: the index of the break it ends at, and the closing-mark trim or
    /// the hang of its last mark it takes to fit (0 when it fits as it is).
    struct Choice: Equatable {
        var index: Int
        var trim: Double
        var hang = 0.0
    }

    /// The greedy rule: the last of the breaks `candidates` (in order, each ending a line from `start`) whose line
    /// fits `available` points, stopping at the first mandatory break; a break whose line fits only once its last
    /// closing mark is set half-width, or its last stop or comma hangs (`allowEnd`), is taken so (with the white
    /// space after it), and ends the search. `end(i)` gives the figures of break `i` (up to index `count`, from
    /// `first`), `isMandatory(i)` whether a line must end there. A line whose content is a single UTF-16 unit keeps
    /// its mark full-width.
    ///
    /// When the caller knows that every break from `first` up to `knownToFit` (exclusive) fits and none is
    /// mandatory, the search starts there with the break before it chosen: what asking each of them would give.
    ///
    /// Returns the choice (nil when not even the first break's line fits) and the index where the search stopped:
    /// the first break past the choice that was tried and did not fit, or the end of the candidates.
    static func greedy(
        from start: Start, available: Double, first: Int, knownToFit: Int? = nil, count: Int, end: (Int) -> End,
        isMandatory: (Int) -> Bool
    ) -> (choice: Choice?, stop: Int) {
        var index = max(first, knownToFit ?? first)
        var best: Choice? = index > first ? Choice(index: index - 1, trim: 0) : nil
        // Once a line fits only trimmed or hung, the breaks after it that add nothing but white space (hanging:
        // `line-break: anywhere` breaks before and between spaces) fit as well, and the line takes them. `end` is
        // called in one place only, so that the caller's figures inline into this loop.
        var trimmed: (contentEnd: Int, stop: Int)?
        while index < count {
            let figures = end(index)
            if let trimmed {
                guard figures.contentEnd == trimmed.contentEnd, !isMandatory(index - 1) else {
                    return (best, trimmed.stop)
                }
                best?.index = index
                index += 1
                continue
            }
            let lineWidth = width(from: start, to: figures)
            guard fits(lineWidth, in: available) else {
                if let hang = allowedHang(figures, width: lineWidth, available: available) {
                    best = Choice(index: index, trim: 0, hang: hang)
                } else if let trim = closingTrim(
                    figures.closingTrim, ofLineFrom: start.offset, to: figures.contentEnd, width: lineWidth,
                    available: available)
                {
                    best = Choice(index: index, trim: trim)
                }
                guard best?.index == index else { return (best, index) }
                trimmed = (figures.contentEnd, index)
                index += 1
                continue
            }
            best = Choice(index: index, trim: 0)
            if isMandatory(index) { return (best, index) }
            index += 1
        }
        return (best, trimmed?.stop ?? index)
    }

    /// The first of the breaks from `first` up to `count` whose line from `start` the greedy rule must measure
    /// (its `knownToFit`): every break before it surely fits `available` points and none is mandatory (the first
    /// mandatory one is break `mandatory`, or `count`). Found by bisection over `widthBefore(i)`, the width of the
    /// text before break `i`, which ascends and bounds a line's width from above once the line's start is taken
    /// off: an end adds at most `largestEndWidening` (the largest correction at a cut inside joined glyphs) and
    /// otherwise only takes width away (the autospace it drops, a mark that hangs). A row of Chinese has a break
    /// after every character, and measuring each cost more than the rest of placing the line.
    static func firstBreakToTry(
        from start: Start, available: Double, first: Int, count: Int, mandatory: Int, largestEndWidening: Double,
        widthBefore: (Int) -> Double
    ) -> Int {
        guard first < count else { return first }
        // A line to a break is at most this much narrower than the text before the break (the terms of `width`
        // from the start, and the most its end can add).
        let offset = start.widthBefore - start.correction - start.widening + start.hang - largestEndWidening
        var low = first, high = count
        while low < high {
            let middle = (low + high) / 2
            if fits(widthBefore(middle) - offset, in: available) {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return max(first, min(low - 1, mandatory))
    }

    /// The closing-mark trim that makes a line `width` points wide, from `start` with its content ending at
    /// `contentEnd` (UTF-16 offsets), fit `available` points: `trim` (what setting the full-width closing mark at
    /// its end half-width gives back, 0 for none) when that is enough; nil when the line has no such mark, would
    /// still not fit, or holds a single UTF-16 unit (a line of one mark keeps it full-width).
    static func closingTrim(_ trim: Double, ofLineFrom start: Int, to contentEnd: Int, width: Double, available: Double)
        -> Double?
    {
        trim != 0 && contentEnd > start + 1 && fits(width - trim, in: available) ? trim : nil
    }

    /// Whether a line ending at `lineEnd` with its content ending at `contentEnd` (UTF-16 offsets) may set the
    /// full-width closing mark that ends its content half-width: only where the mark ends the line, as Chromium
    /// trims it (a space after it, hanging at the line's end, keeps it full-width: `……」 `).
    static func mayTrimClosingMark(contentEnd: Int, lineEnd: Int) -> Bool { contentEnd == lineEnd }

    /// The hang that makes a line `width` points wide, ending at `end`, fit `available` points: the advance of its
    /// last mark when that may hang but does not always (``ParagraphStyle/HangingPunctuation/End/allow``) and
    /// hanging it is enough; nil otherwise.
    static func allowedHang(_ end: End, width: Double, available: Double) -> Double? {
        end.hang != 0 && !end.hangs && fits(width - end.hang, in: available) ? end.hang : nil
    }

    /// The width of a line `width` points wide, ending at `end`, once fitted to `available` points: as it is when
    /// it fits, less its last mark when hanging that mark (`allowEnd`) makes it fit; nil when neither fits.
    static func fitted(_ width: Double, end: End, available: Double) -> Double? {
        if fits(width, in: available) { return width }
        return allowedHang(end, width: width, available: available).map { width - $0 }
    }

    /// The height of a band whose first character alone needs `firstCharacterHeight` points and whose lines need
    /// `lineHeight` points: the band is reserved for its first character and grows only when its lines need more
    /// (by more than rounding).
    static func bandHeight(firstCharacterHeight: Double, lineHeight: Double) -> Double {
        bandGrows(from: firstCharacterHeight, to: lineHeight) ? lineHeight : firstCharacterHeight
    }

    /// Whether a band reserved `height` points tall must grow for lines that need `needed` points.
    static func bandGrows(from height: Double, to needed: Double) -> Bool { needed > height + 1e-6 }
}

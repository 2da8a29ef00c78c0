import CHarfBuzz
@_spi(Stages) import GalleyText

extension Shaper {
    /// The CJK spacing of a paragraph shaped into `runs` (logical order): what its style's ``ParagraphStyle/
    /// punctuationTrim`` and ``ParagraphStyle/autospace`` ask for. Text without a character from U+2E80 up
    /// gets none without a look at its characters.
    func cjkSpacing(of paragraph: Paragraph, runs: [GlyphRun], memos: inout ShapingMemos) -> CJKSpacing {
        let style = paragraph.style
        let trims = style.punctuationTrim != .none
        guard trims || style.autospace, paragraph.text.contains(where: { UInt32($0) >= CharacterClasses.firstCJK })
        else { return .none }
        let clreq = style.takesSharedPunctuationFromCJKFont
        var spacing = CJKSpacing()
        // The marks `halt` halves, by increasing offset (runs come in logical order).
        var marks: [(offset: Int, effect: HalfWidthEffect, em: Double, run: Int)] = []
        marks.reserveCapacity(16)  // a row of Chinese has several: grown from empty, they took three allocations
        // Autospace: the class and run of the previous character, and its cluster's start.
        var previous: (offset: Int, end: Int, kind: AutospaceClass, cluster: Int, em: Double, ltr: Bool)?
        // The runs read in place: a run copied per iteration retained its style, glyphs and script.
        paragraph.text.withUnsafeBufferPointer { units in
            runs.withUnsafeBufferPointer { runs in
                for runIndex in runs.indices {
                    let run = runs.baseAddress.unsafelyUnwrapped + runIndex
                    // The face asked unretained: shared by every worker, it would be retained and released per run
                    // (with the itemizer's and fallback's unretained references, 1.6% of `galley measure`:
                    // ARCHITECTURE.md).
                    let halves =
                        trims
                        && Unmanaged.passUnretained(run.pointee.font.face)._withUnsafeGuaranteedRef {
                            $0.hasHalfWidthPunctuation
                        }
                    guard halves || style.autospace else { continue }
                    // The glyphs' clusters in increasing order (a right-to-left run's sorted), walked beside the
                    // characters: a search per character cost more than the rest of its autospace.
                    let clusters =
                        !style.autospace
                        ? []
                        : run.pointee.isRightToLeft
                            ? run.pointee.glyphs.map(\.cluster).sorted() : run.pointee.glyphs.map(\.cluster)
                    var clustersPassed = 0
                    var offset = run.pointee.utf16Range.lowerBound
                    while offset < run.pointee.utf16Range.upperBound {
                        let (scalar, length) = UTF16Decoding.scalar(in: units, at: offset)
                        if halves, Self.mayBeFullWidthPunctuation(scalar, clreq: clreq) {
                            let effect = halfWidthEffect(of: scalar, in: run.pointee, memos: &memos)
                            if effect.kind != nil {
                                marks.append((offset, effect, run.pointee.font.size, runIndex))
                            }
                        }
                        if style.autospace {
                            // A combined group (tate-chu-yoko) stands as one ideograph, as CSS Text 4 says and
                            // Chromium sets `4月2日`: no autospace beside it.
                            let kind =
                                run.pointee.shaping.orientation == .combined ? .ideograph : AutospaceClass(scalar)
                            while clustersPassed < clusters.count, clusters[clustersPassed] <= offset {
                                clustersPassed += 1
                            }
                            let cluster = clustersPassed > 0 ? clusters[clustersPassed - 1] : offset
                            if let before = previous, before.end == offset, before.ltr,
                                (before.kind == .ideograph && kind == .letterOrNumeral)
                                    || (before.kind == .letterOrNumeral && kind == .ideograph)
                            {
                                let amount = before.em / 8
                                spacing.adjustments[before.cluster, default: .init()].advance += amount
                                spacing.autospace[offset] = amount
                            }
                            previous = (
                                offset, offset + length, kind, cluster, run.pointee.font.size,
                                !run.pointee.isRightToLeft
                            )
                        }
                        offset += length
                    }
                }
            }
        }
        // A neighbour's role is read in the mark's own font, as Chromium does: a curly quote drawn by the Latin font
        // still counts as a quotation mark next to a full-width comma.
        func role(at offset: Int, besideMarkOf run: Int) -> PunctuationKind? {
            guard offset >= 0, offset < paragraph.length else { return nil }
            let index = marks.partitioningIndex { $0.offset >= offset }
            if index < marks.count, marks[index].offset == offset { return marks[index].effect.kind }
            let scalar = Unicode.Scalar(paragraph.unit(at: offset)) ?? " "
            guard Self.mayBeFullWidthPunctuation(scalar, clreq: clreq) else { return nil }
            return halfWidthEffect(of: scalar, in: runs[run], memos: &memos).kind
        }
        // The trims' adjustments come in increasing order, as the marks do, but among the autospace's: gathered
        // apart and merged once, as inserting each among them moved the entries after it (quadratic in a long
        // paragraph).
        var trimAdjustments = OffsetTable<CJKSpacing.Adjustment>()
        for mark in marks {
            let offset = mark.offset
            guard let kind = mark.effect.kind else { continue }
            let trimmed: Bool
            switch kind {
            case .opening:
                trimmed =
                    offset > 0
                    && (paragraph.unit(at: offset - 1) == 0x3000 || role(at: offset - 1, besideMarkOf: mark.run) != nil)
            case .closing:
                let next = role(at: offset + 1, besideMarkOf: mark.run)
                trimmed = next == .closing || next == .middle
                if !trimmed, mark.effect.isClosingBracketOrQuote {
                    spacing.closingTrim[offset + 1] = -mark.effect.advance * mark.em
                }
            case .middle:
                trimmed = false
            }
            if trimmed {
                trimAdjustments[offset, default: .init()].advance += mark.effect.advance * mark.em
                trimAdjustments[offset, default: .init()].xOffset += mark.effect.xOffset * mark.em
                if kind == .opening { spacing.openingTrim[offset] = -mark.effect.advance * mark.em }
            }
        }
        spacing.adjustments.merge(trimAdjustments) {
            CJKSpacing.Adjustment(advance: $0.advance + $1.advance, xOffset: $0.xOffset + $1.xOffset)
        }
        return spacing
    }

    /// The characters `halt` may halve: curly quotes, the middle dots, and punctuation of the CJK symbols and the
    /// full-width forms blocks: opening and closing brackets and quotes, and `、。，．：；`; with `clreq`, `！？`
    /// too (CLREQ sets `！”` in 1.5 em where the font's `halt` halves `！`; Chromium keeps both full-width).
    private static func mayBeFullWidthPunctuation(_ scalar: Unicode.Scalar, clreq: Bool) -> Bool {
        switch scalar.value {
        case 0x2018, 0x2019, 0x201C, 0x201D, 0x00B7, 0x30FB, 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B:
            return true
        case 0xFF01, 0xFF1F:
            return clreq
        case 0x3008...0x301F, 0xFE59...0xFE5E, 0xFF01...0xFF65:
            switch scalar.properties.generalCategory {
            case .openPunctuation, .closePunctuation: return true
            default: return false
            }
        default:
            return false
        }
    }

    /// What `halt` does to `scalar` in the run's font, script and language (`vhal` down the column, where the run
    /// stands upright in a vertical line): shaped alone with and without it once per face and language, then
    /// looked up.
    private func halfWidthEffect(of scalar: Unicode.Scalar, in run: GlyphRun, memos: inout ShapingMemos)
        -> HalfWidthEffect
    {
        let language = run.shaping.language.flatMap { memos.harfBuzzLanguage($0) }
        let vertical = run.shaping.orientation.isTopToBottom
        let key = HalfWidthKey(
            scalar: scalar.value, script: run.script.code,
            language: UInt(bitPattern: language.map { Int(bitPattern: $0) } ?? 0), vertical: vertical)
        // The shaper's own memo first (no lock); it holds the face, so the face's identity stays its own. Asked by
        // the face's identity: the face itself, shared by every worker, was retained and released at each mark.
        if let memo = memos.halfWidth.effect(in: ObjectIdentifier(run.font.face), for: key) { return memo }
        let face = run.font.face
        if let known = face.shapingFacts.halfWidthPunctuation.withLock({ $0[key] }) {
            memos.halfWidth.keep(known, in: face, for: key)
            return known
        }
        var units = Array(String(Character(scalar)).utf16)
        func shapeAlone(halt: Bool) -> (advance: Double, xOffset: Double)? {
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf16(buffer, &units, Int32(units.count), 0, Int32(units.count))
            hb_buffer_set_direction(buffer, vertical ? HB_DIRECTION_TTB : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, run.script.harfBuzzScript)
            if let language { hb_buffer_set_language(buffer, language) }
            var features = [
                hb_feature_t(
                    tag: OpenTypeTag.value(of: vertical ? "vhal" : "halt"), value: 1, start: 0, end: UInt32.max)
            ]
            hb_shape(run.font.instance.hbFont, buffer, &features, halt ? 1 : 0)
            var count: UInt32 = 0
            guard let positions = hb_buffer_get_glyph_positions(buffer, &count), count == 1 else { return nil }
            let ems = run.font.pointsPerUnit / FontInstance.subunits / run.font.size
            // Down the column is the line's direction: HarfBuzz's y grows upwards.
            return vertical
                ? (-Double(positions[0].y_advance) * ems, -Double(positions[0].y_offset) * ems)
                : (Double(positions[0].x_advance) * ems, Double(positions[0].x_offset) * ems)
        }
        var effect = HalfWidthEffect.none
        let category = scalar.properties.generalCategory
        effect.isClosingBracketOrQuote = category == .closePunctuation || category == .finalPunctuation
        if let plain = shapeAlone(halt: false), abs(plain.advance - 1) < 0.1, let half = shapeAlone(halt: true) {
            let advance = half.advance - plain.advance
            let xOffset = half.xOffset - plain.xOffset
            if advance < -0.3 {
                effect.advance = advance
                effect.xOffset = xOffset
                if abs(xOffset - advance) < 0.1 {
                    effect.kind = .opening
                } else if abs(xOffset) < 0.1 {
                    effect.kind = .closing
                } else if abs(xOffset - advance / 2) < 0.1 {
                    effect.kind = .middle
                }
            }
        }
        face.shapingFacts.halfWidthPunctuation.withLock { $0[key] = effect }
        memos.halfWidth.keep(effect, in: face, for: key)
        return effect
    }
}

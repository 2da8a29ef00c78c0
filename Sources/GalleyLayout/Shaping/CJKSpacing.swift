import CICU
@_spi(Stages) import GalleyText

/// The spacing CJK typography adds to a shaped paragraph: full-width punctuation set half-width next to other
/// punctuation (CSS Text 4 `text-spacing-trim`), and 1/8 em between ideographs and Latin letters or digits
/// (`text-autospace: normal`); with what a line ending at each place gives back.
///
/// Offsets are UTF-16 offsets from the paragraph's start. Made by the `Shaper` and kept in the
/// ``ShapedParagraph``, so that a run shaped again at a line's edge gets the same spacing.
public struct CJKSpacing: Sendable {
    /// A change to one glyph cluster, in points: its last glyph's advance grows by `advance` (negative for a
    /// trimmed mark), and all its glyphs move right by `xOffset`.
    struct Adjustment: Sendable {
        var advance = 0.0
        var xOffset = 0.0
    }

    /// Per cluster start: the change made to that cluster.
    var adjustments = OffsetTable<Adjustment>()
    /// Per boundary: the autospace put before it, which a line ending there does not show.
    var autospace = OffsetTable<Double>()
    /// Per opening mark set half-width because of the mark before it: the width it takes back when it starts a
    /// line, where it has no neighbour (Chromium keeps opening marks full-width at a line's start).
    var openingTrim = OffsetTable<Double>()
    /// Per boundary: how much the full-width closing mark before it loses when a line ends there and would not fit
    /// otherwise (as Chromium does for closing brackets and quotation marks).
    var closingTrim = OffsetTable<Double>()

    /// No spacing at all.
    static let none = CJKSpacing()

    /// Applies the adjustments to the clusters of `runs` (a paragraph's, in logical order), in place: a run with
    /// no adjusted cluster is not touched, and the others change their own glyphs (a copy of each run's glyphs,
    /// and a lookup per cluster, was the cost of every Chinese paragraph with punctuation).
    func apply(to runs: inout [GlyphRun]) {
        guard !adjustments.isEmpty else { return }
        for runIndex in runs.indices {
            let range = runs[runIndex].utf16Range
            let first = adjustments.index(of: range.lowerBound)
            guard first < adjustments.count, adjustments.entries[first].offset < range.upperBound else { continue }
            Self.apply(adjustments, from: first, to: &runs[runIndex].glyphs)
        }
    }

    /// Adds `other`'s adjustments and give-backs to these (ruby's room beside the CJK spacing).
    mutating func add(_ other: CJKSpacing) {
        for (offset, adjustment) in other.adjustments.entries {
            adjustments[offset, default: .init()].advance += adjustment.advance
            adjustments[offset, default: .init()].xOffset += adjustment.xOffset
        }
        for (offset, value) in other.autospace.entries { autospace[offset] = (autospace[offset] ?? 0) + value }
    }

    /// `run` (one shaped again at a line's edge) with the adjustments of its clusters applied.
    func applied(to run: GlyphRun) -> GlyphRun {
        guard !adjustments.isEmpty else { return run }
        var run = run
        Self.apply(adjustments, from: 0, to: &run.glyphs)
        return run
    }

    /// Applies `adjustments`, from its entry `first` (the first at or past the glyphs' first cluster) on, to
    /// `glyphs`. Clusters that increase (a left-to-right run's) are matched by walking the entries beside them;
    /// from the first cluster that goes back (a right-to-left run), each is looked up.
    private static func apply(_ adjustments: OffsetTable<Adjustment>, from first: Int, to glyphs: inout [ShapedGlyph]) {
        var ahead = OffsetTable.AscendingReader(adjustments, from: first)  // read while the clusters increase
        var increasing = true
        var previous = Int.min
        var index = 0
        while index < glyphs.count {
            let cluster = glyphs[index].cluster
            var last = index
            while last + 1 < glyphs.count, glyphs[last + 1].cluster == cluster { last += 1 }
            increasing = increasing && cluster >= previous
            previous = cluster
            let adjustment = increasing ? ahead.entry(at: cluster) : adjustments[cluster]
            if let adjustment {
                for glyph in index...last { glyphs[glyph].xOffset += adjustment.xOffset }
                glyphs[last].advance += adjustment.advance
            }
            index = last + 1
        }
    }
}

/// A shaper's memo of ``HalfWidthEffect``s by face and ``HalfWidthKey``: a slot per hash of the two, the newest
/// answer kept. A row of Chinese asks it at every full-width mark, and hashing a dictionary's key cost more than
/// the rest of the lookup; a fixed table also never grows.
struct HalfWidthMemo {
    /// A slot: trivial, so that a lookup reads it in place and retains nothing (its face is held in ``faces``).
    private struct Slot {
        let face: ObjectIdentifier
        let key: HalfWidthKey
        let effect: HalfWidthEffect
    }

    /// A power of two: more than the marks and faces a text uses at once.
    private static let slotCount = 256
    private var slots = [Slot?](repeating: nil, count: slotCount)
    /// Each slot's face, held so that its identity is not reused while the slot answers for it.
    private var faces = [FontFace?](repeating: nil, count: slotCount)

    private static func slot(of face: ObjectIdentifier, _ key: HalfWidthKey) -> Int {
        var mixed = UInt(key.scalar) ^ UInt(bitPattern: Int(key.script)) &<< 21 ^ key.language
        mixed ^= UInt(bitPattern: face)
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> 56) & (slotCount - 1)
    }

    /// The effect kept for `key` in the face `face` identifies, if any.
    func effect(in face: ObjectIdentifier, for key: HalfWidthKey) -> HalfWidthEffect? {
        guard let slot = slots[Self.slot(of: face, key)], slot.face == face, slot.key == key else { return nil }
        return slot.effect
    }

    /// Keeps `effect` for `key` in `face`, in place of what its slot held.
    mutating func keep(_ effect: HalfWidthEffect, in face: FontFace, for key: HalfWidthKey) {
        let index = Self.slot(of: ObjectIdentifier(face), key)
        slots[index] = Slot(face: ObjectIdentifier(face), key: key, effect: effect)
        faces[index] = face
    }
}

/// How `text-autospace` sees a character: CSS Text 4's text-spacing classes as Chromium 156 applies them, measured
/// one character at a time beside an ideograph (CSS names only letters and numerals; Chromium spaces most other
/// punctuation too).
enum AutospaceClass {
    /// Han ideographs, kana and other non-punctuation of U+3041…U+31FF.
    case ideograph
    /// Letters, marks and decimal digits that are not full-width, and other punctuation (`, . : ; ! ? % @ # & \`,
    /// `¡ ¿ § ¶ • ‰ ′ ※`…) that is not wide, full-width or half-width, except `" ' * / · † ‡ …`.
    case letterOrNumeral
    /// Everything else: spaces, brackets, quotes, dashes, symbols and wide punctuation stop autospace.
    case other

    /// The ASCII characters of ``letterOrNumeral``, as a bit per value below 128.
    private static let asciiLetterOrNumeral: (low: UInt64, high: UInt64) = {
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for scalar in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz,.:;!?%@#&\\".unicodeScalars {
            let value = scalar.value
            if value < 64 { bits.low |= 1 << value } else { bits.high |= 1 << (value - 64) }
        }
        return bits
    }()

    /// Other punctuation outside ASCII that Chromium does not space.
    private static let unspacedPunctuation: Set<UInt32> = [0xB7, 0x2020, 0x2021, 0x2026]

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if value < 0x80 {
            let bits =
                value < 64 ? Self.asciiLetterOrNumeral.low >> value : Self.asciiLetterOrNumeral.high >> (value - 64)
            self = bits & 1 == 1 ? .letterOrNumeral : .other
            return
        }
        if CharacterClasses.isInUnifiedIdeographsBlock(value) {
            self = .ideograph
            return
        }
        let category = scalar.properties.generalCategory
        if (0x3041...0x30FF).contains(value) || (0x31C0...0x31FF).contains(value) {
            self = category.isPunctuation ? .other : .ideograph
        } else if Script(of: scalar) == .han {
            self = .ideograph
        } else if category.isLetterMarkOrDigit, !scalar.isFullWidth {
            self = .letterOrNumeral
        } else if category == .otherPunctuation, !scalar.isWide, !Self.unspacedPunctuation.contains(value) {
            self = .letterOrNumeral
        } else {
            self = .other
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }

    fileprivate var isLetterMarkOrDigit: Bool {
        switch self {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark, .enclosingMark, .decimalNumber:
            return true
        default: return false
        }
    }
}

extension Unicode.Scalar {
    /// Whether Unicode's East Asian Width is Fullwidth (the FF01… forms), from ICU.
    fileprivate var isFullWidth: Bool {
        CICU_u_getIntPropertyValue(Int32(value), CICU_PROPERTY_EAST_ASIAN_WIDTH) == CICU_EA_FULLWIDTH
    }

    /// Whether the character's East Asian Width is wide, full-width or half-width.
    fileprivate var isWide: Bool {
        [CICU_EA_HALFWIDTH, CICU_EA_FULLWIDTH, CICU_EA_WIDE].contains(
            CICU_u_getIntPropertyValue(Int32(value), CICU_PROPERTY_EAST_ASIAN_WIDTH))
    }
}

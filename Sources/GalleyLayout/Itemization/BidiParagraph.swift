import CICU
@_spi(Stages) import GalleyText

/// The Unicode Bidirectional Algorithm (UAX #9) run by ICU over one paragraph: an embedding level per UTF-16
/// unit, and the visual order of any line of it.
///
/// Even levels are left-to-right, odd levels right-to-left.
package struct BidiParagraph: Sendable {
    /// The paragraph's base level: 0 left-to-right, 1 right-to-left.
    package let baseLevel: UInt8
    /// One resolved level per UTF-16 unit of the paragraph.
    package let levels: [UInt8]

    /// The most characters one paragraph may hold for ICU's bidi (its `int32_t` lengths, with headroom).
    package static let lengthLimit = 1 << 30

    /// Resolves the levels of `text` (UTF-16) with base direction `direction`.
    ///
    /// Text with no right-to-left character and a left-to-right base skips ICU: every level is 0.
    package init(_ text: ArraySlice<UInt16>, direction: ParagraphStyle.WritingDirection) throws {
        if direction != .rightToLeft, !text.withUnsafeBufferPointer(Self.holdsRightToLeft) {
            baseLevel = 0
            levels = [UInt8](repeating: 0, count: text.count)
            return
        }
        guard text.count < Self.lengthLimit else {
            throw ICUError(
                operation: "ubidi_setPara", code: "paragraph of \(text.count) units over \(Self.lengthLimit)")
        }
        guard let bidi = CICU_ubidi_open() else { throw ICUError(operation: "ubidi_open", code: "no memory") }
        defer { CICU_ubidi_close(bidi) }
        let requested: UInt8 =
            switch direction {
            case .natural: 0xFE  // UBIDI_DEFAULT_LTR: the first strong character decides, else left-to-right.
            case .leftToRight: 0
            case .rightToLeft: 1
            }
        var status: Int32 = 0
        var resolved: [UInt8] = []
        // ICU keeps a pointer to the text until the UBiDi object is closed, so every call stays inside the closure.
        try text.withUnsafeBufferPointer { buffer in
            CICU_ubidi_setPara(bidi, buffer.baseAddress, Int32(buffer.count), requested, &status)
            try ICU.check(status, "ubidi_setPara")
            guard buffer.count > 0 else { return }
            let levels = CICU_ubidi_getLevels(bidi, &status)
            try ICU.check(status, "ubidi_getLevels")
            guard let levels else { return }
            resolved = Array(UnsafeBufferPointer(start: levels, count: buffer.count))
        }
        baseLevel = CICU_ubidi_getParaLevel(bidi)
        levels = resolved
    }

    /// Whether the paragraph is right-to-left at its base.
    package var isRightToLeft: Bool { baseLevel & 1 == 1 }

    /// Whether any of `units` may start a right-to-left or bidi-control character: Hebrew through Arabic Extended,
    /// RTL presentation forms, the explicit bidi controls, and surrogates (RTL scripts beyond the BMP). Asked of
    /// every paragraph: every unit is tested, each range as one wrapping subtraction and comparison, without
    /// stopping at the first match and without a branch, so the compiler tests many units at once (paragraphs are
    /// mostly read to their end either way).
    static func holdsRightToLeft(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        UTF16Scan.containsAny(in: units) { unit in
            let hebrewToArabic: UInt16 = unit &- 0x0590 <= 0x08FF - 0x0590 ? 1 : 0
            let marks: UInt16 = unit &- 0x200E <= 1 ? 1 : 0
            let embeddings: UInt16 = unit &- 0x202A <= 4 ? 1 : 0
            let isolates: UInt16 = unit &- 0x2066 <= 3 ? 1 : 0
            let surrogates: UInt16 = unit &- 0xD800 <= 0x07FF ? 1 : 0
            let formsA: UInt16 = unit &- 0xFB1D <= 0xFDFF - 0xFB1D ? 1 : 0
            let formsB: UInt16 = unit &- 0xFE70 <= 0xFEFF - 0xFE70 ? 1 : 0
            return hebrewToArabic | marks | embeddings | isolates | surrogates | formsA | formsB
        }
    }

    /// The visual order of the items whose levels are `levels` (rule L2): element `i` of the result is the
    /// logical index of the item shown `i`-th from the left.
    package static func visualOrder(levels: [UInt8]) -> [Int] {
        guard !levels.isEmpty else { return [] }
        if levels.allSatisfy({ $0 == 0 }) { return Array(levels.indices) }
        var map = [Int32](repeating: 0, count: levels.count)
        levels.withUnsafeBufferPointer { CICU_ubidi_reorderVisual($0.baseAddress, Int32($0.count), &map) }
        return map.map(Int.init)
    }
}

extension CharacterClasses {
    // White space, one place for each question a stage asks of it. CSS answers each question with its own set, so
    // the sets differ on purpose; each is named for its question and every stage asks here.

    /// White space that may hang past a line's end (CSS Text §4.1.3, `white-space: normal`): spaces, the
    /// ideographic space, tabs and the line-ending controls; the no-break space does not hang.
    @inlinable public static func hangsAtLineEnd(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x0B, 0x0C, 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x2028, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// The spaces after which Chromium always allows a break and before which never (its ASCII line-break table's
    /// space, tab and line feed).
    @inlinable public static func isBreakableSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A
    }

    /// The word separators justification stretches (CSS Text §7.1: the space, the no-break space and the
    /// ideographic space among the scripts Galley sets).
    @inlinable public static func separatesWords(_ value: UInt32) -> Bool {
        value == 0x20 || value == 0xA0 || value == 0x3000
    }

    /// The spaces a PDF's text leaves to the gaps between glyphs: they draw nothing, and extractors read a gap as
    /// a space, so a space kept as text too came out twice (`Typography  is`).
    @inlinable public static func isLeftToGlyphGaps(_ unit: UInt16) -> Bool {
        unit == 0x09 || separatesWords(UInt32(unit))
    }

    /// The characters a by-word decoration (`text-decoration-skip: spaces`) leaves undecorated: spaces, the tab,
    /// the no-break and ideographic spaces and the fixed-width spaces.
    @inlinable public static func isSkippedByWordDecoration(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0xA0 || unit == 0x3000 || (0x2000...0x200B).contains(unit)
    }
}

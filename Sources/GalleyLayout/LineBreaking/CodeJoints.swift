@_spi(Stages) import GalleyText

/// Where code may break that prose rules do not see (``ParagraphStyle/breaksCodeAtJoints``): the joints between
/// names, after `.`, `::` or `->` (`TextMeasurer.` | `prepare`, `std::` | `vector`, `node->` | `next`), and before
/// a `(` that opens arguments after a name (`prepare` | `(width: 320)`, but not `prepare()`, whose empty parentheses
/// stay with it). Names are ASCII letters, digits and `_`; what follows a joint must start one (a letter or `_`), so
/// `3.14`, `../` and `a.` at a sentence's end are left as UAX #14 leaves them.
enum CodeJoints {
    /// The UTF-16 offsets strictly inside `ranges` (of `text`, increasing) where a line may break at a joint of
    /// code.
    static func offsets(in ranges: [Range<Int>], of text: ArraySlice<UInt16>) -> [Int] {
        var found: [Int] = []
        let base = text.startIndex
        func unit(_ offset: Int) -> UInt16 { text[base + offset] }
        for range in ranges where range.count > 2 {
            for offset in (range.lowerBound + 2)..<range.upperBound where isJoint(at: offset, in: range, unit) {
                found.append(offset)
            }
        }
        return found
    }

    /// Whether a break before `offset` (inside `range`, at least two units from its start) is at a joint.
    private static func isJoint(at offset: Int, in range: Range<Int>, _ unit: (Int) -> UInt16) -> Bool {
        let after = unit(offset), before = unit(offset - 1)
        if after == UInt8(ascii: "(") {
            // Arguments: a name before, and something other than the closing parenthesis after.
            return isName(before) && (offset + 1 >= range.upperBound || unit(offset + 1) != UInt8(ascii: ")"))
        }
        guard startsName(after) else { return false }
        switch before {
        case UInt16(UInt8(ascii: ".")):
            return isName(unit(offset - 2))
        case UInt16(UInt8(ascii: ":")), UInt16(UInt8(ascii: ">")):
            let first: UInt8 = before == UInt16(UInt8(ascii: ":")) ? UInt8(ascii: ":") : UInt8(ascii: "-")
            return offset - 3 >= range.lowerBound && unit(offset - 2) == first && isName(unit(offset - 3))
        default:
            return false
        }
    }

    private static func isName(_ unit: UInt16) -> Bool {
        startsName(unit) || (unit >= UInt8(ascii: "0") && unit <= UInt8(ascii: "9"))
    }

    private static func startsName(_ unit: UInt16) -> Bool {
        (unit >= UInt8(ascii: "a") && unit <= UInt8(ascii: "z"))
            || (unit >= UInt8(ascii: "A") && unit <= UInt8(ascii: "Z"))
            || unit == UInt8(ascii: "_")
    }
}

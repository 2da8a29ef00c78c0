/// Code-point offsets of UTF-16 offsets, for output that counts code points (`measure`'s `line_starts`, `layout`'s
/// ranges and clusters): one conversion for every command. Kept as the offsets where surrogate pairs start
/// (usually none), so it costs what the text's characters outside the BMP do, not eight bytes per UTF-16 unit.
struct ScalarOffsets {
    private let pairStarts: [Int]
    private let length: Int

    init(_ text: String) {
        var pairStarts: [Int] = [], offset = 0
        var text = text
        // Read from the string's UTF-8 (its storage): every byte that is not a continuation byte starts a
        // character, one UTF-16 unit long, or two when it leads four bytes (a character beyond the BMP).
        text.withUTF8 { bytes in
            for byte in bytes where byte & 0xC0 != 0x80 {
                if byte >= 0xF0 {
                    pairStarts.append(offset)
                    offset += 2
                } else {
                    offset += 1
                }
            }
        }
        self.pairStarts = pairStarts
        length = offset
    }

    /// The code point holding UTF-16 offset `utf16Offset` (both units of a pair give the same one).
    subscript(utf16Offset: Int) -> Int {
        let offset = min(max(0, utf16Offset), length)
        return offset - pairStarts.partitioningIndex { $0 >= offset }
    }
}

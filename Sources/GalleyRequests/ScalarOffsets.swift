import Galley
import GalleyDocuments
@_spi(Stages) import GalleyText

/// Code-point offsets of UTF-16 offsets, for output that counts code points (`measure`'s `line_starts`, `layout`'s
/// ranges and clusters): one conversion for every command. Kept as the offsets where surrogate pairs start
/// (usually none), so it costs what the text's characters outside the BMP do, not eight bytes per UTF-16 unit.
package struct ScalarOffsets {
    private let pairStarts: [Int]
    private let length: Int

    package init(_ text: String) {
        var pairStarts: [Int] = []
        var text = text
        // Read from the string's UTF-8 (its storage), as Galley transcodes it.
        let length = text.withUTF8 { UTF8ToUTF16.length(of: $0) { pairStarts.append($0) } }
        self.pairStarts = pairStarts
        self.length = length
    }

    /// The code point holding UTF-16 offset `utf16Offset` (both units of a pair give the same one).
    package subscript(utf16Offset: Int) -> Int {
        let offset = min(max(0, utf16Offset), length)
        // Most texts have no pair: no search.
        return pairStarts.isEmpty ? offset : offset - pairStarts.partitioningIndex { $0 >= offset }
    }
}

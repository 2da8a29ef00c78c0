/// A PDF's cross-reference table as cairo writes it, the last thing in the file: `xref`, one subsection `0 N` of
/// N entries of 20 bytes (a 10-digit offset, then its generation and kind), the trailer, `startxref`. What Galley
/// writes into a finished PDF (``PDFCatalog``, ``PDFActualText``) writes the table again with the objects' new
/// offsets.
struct PDFCrossReferenceTable {
    /// Where the table starts (its `xref`), and each object's offset, by number.
    let start: Int
    let offsets: [Int]
    /// Each entry's bytes after its offset, and the trailer's bytes up to `startxref`.
    private let rests: [ArraySlice<UInt8>]
    private let trailer: ArraySlice<UInt8>
    /// The catalog's object number, as the trailer's `/Root` names it.
    let rootObject: Int?

    /// The table of `bytes`; nil when they do not end in one as cairo writes it.
    init?(_ bytes: [UInt8]) {
        let keyword = Array("startxref\n".utf8)
        guard let found = Self.lastIndex(of: keyword, in: bytes),
            let (start, _) = Self.number(in: bytes, at: found + keyword.count), start < found,
            bytes[start...].starts(with: Array("xref\n0 ".utf8)),
            let (count, afterCount) = Self.number(in: bytes, at: start + 7), bytes.indices.contains(afterCount),
            bytes[afterCount] == UInt8(ascii: "\n")
        else { return nil }
        let first = afterCount + 1
        guard count > 0, first + 20 * count <= found else { return nil }
        var offsets: [Int] = [], rests: [ArraySlice<UInt8>] = []
        for index in 0..<count {
            let entry = first + 20 * index
            guard let (offset, end) = Self.number(in: bytes, at: entry), end == entry + 10 else { return nil }
            offsets.append(offset)
            rests.append(bytes[(entry + 10)..<(entry + 20)])
        }
        self.start = start
        self.offsets = offsets
        self.rests = rests
        trailer = bytes[(first + 20 * count)..<found]
        let root = Array("/Root ".utf8)
        rootObject = trailer.firstRange(of: root).flatMap { Self.number(in: bytes, at: $0.upperBound)?.value }
    }

    /// Whether object `number` is in use (its entry's kind is `n`), so that its offset locates it.
    func isInUse(_ number: Int) -> Bool { rests.indices.contains(number) && rests[number].contains(UInt8(ascii: "n")) }

    /// The table written again after the file's bytes were changed by `edits` (each a place and the bytes it
    /// gained there, negative for bytes lost; every one before the table and none inside an object's header):
    /// every offset of an object past an edit moved by what it gained, `startxref` with them.
    func written(moving edits: [(at: Int, delta: Int)]) -> [UInt8] {
        func moved(_ offset: Int) -> Int { offset + edits.reduce(0) { $1.at < offset ? $0 + $1.delta : $0 } }
        var table = Array("xref\n0 \(offsets.count)\n".utf8)
        for (offset, rest) in zip(offsets, rests) {
            let digits = String(rest.contains(UInt8(ascii: "n")) ? moved(offset) : offset)
            table += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits).utf8) + rest
        }
        return table + trailer + Array("startxref\n\(moved(start))\n%%EOF\n".utf8)
    }

    /// The decimal number at `index` of `bytes` and the index after its digits; nil when no digit is there.
    static func number(in bytes: [UInt8], at index: Int) -> (value: Int, end: Int)? {
        var value = 0, end = index
        while end < bytes.count, end - index < 12, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
            value = value * 10 + Int(bytes[end] - UInt8(ascii: "0"))
            end += 1
        }
        return end > index ? (value, end) : nil
    }

    /// Where the last occurrence of `pattern` in `bytes` starts.
    private static func lastIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = bytes.count - pattern.count
        while index >= 0 {
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index -= 1
        }
        return nil
    }
}

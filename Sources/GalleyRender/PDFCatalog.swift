import Foundation
@_spi(Stages) import GalleyText

/// What cairo 1.16 cannot write into a PDF's document catalog, written into the finished file: the natural
/// language of its text (`/Lang`, PDF 1.7 § 14.9.2), which screen readers and text extraction read to pronounce and
/// hyphenate it.
///
/// cairo writes one classic cross-reference table, its catalog the object the trailer's `/Root` names; an entry is
/// inserted at the catalog's start and every offset after it in the table (and `startxref`) moved by its length.
enum PDFCatalog {
    /// `pdf` with `language` (a BCP 47 tag as ``LanguageTag/isValid(_:)`` accepts it, at most 35 characters, as
    /// `zh-Hans-CN`; an `_` written as `-`) as its catalog's `/Lang`; `pdf` unchanged for another tag, a catalog that
    /// already has one, or a file whose structure is not cairo's. A valid tag's characters need no escaping in a
    /// PDF string.
    static func settingLanguage(_ language: String, in pdf: Data) -> Data {
        guard LanguageTag.isValid(language), language.utf8.count <= 35 else { return pdf }
        let bytes = [UInt8](pdf)
        guard let table = CrossReferenceTable(bytes), let root = table.rootObject, root < table.offsets.count else {
            return pdf
        }
        // The catalog's dictionary opens right after its object header.
        let header = Array("\(root) 0 obj\n<<".utf8)
        let start = table.offsets[root]
        guard start + header.count <= bytes.count, Array(bytes[start..<(start + header.count)]) == header,
            let end = bytes[start..<table.start].firstRange(of: Array("endobj".utf8))?.lowerBound,
            bytes[start..<end].firstRange(of: Array("/Lang".utf8)) == nil
        else { return pdf }
        let insertion = start + header.count
        let entry = Array(" /Lang (\(language.replacingOccurrences(of: "_", with: "-")))".utf8)
        var result = Array(bytes[..<insertion]) + entry + Array(bytes[insertion..<table.start])
        result += table.written(movingOffsetsPast: insertion, by: entry.count)
        return Data(result)
    }
}

/// A PDF's cross-reference table as cairo writes it, the last thing in the file: `xref`, one subsection `0 N` of
/// N entries of 20 bytes (a 10-digit offset, then its generation and kind), the trailer, `startxref`.
private struct CrossReferenceTable {
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

    /// The table written again with every offset of an object past `insertion` moved by `delta` bytes (the
    /// bytes inserted there), `startxref` with it.
    func written(movingOffsetsPast insertion: Int, by delta: Int) -> [UInt8] {
        var table = Array("xref\n0 \(offsets.count)\n".utf8)
        for (offset, rest) in zip(offsets, rests) {
            let moved = rest.contains(UInt8(ascii: "n")) && offset > insertion ? offset + delta : offset
            let digits = String(moved)
            table += Array((String(repeating: "0", count: max(0, 10 - digits.count)) + digits).utf8) + rest
        }
        return table + trailer + Array("startxref\n\(start + delta)\n%%EOF\n".utf8)
    }

    /// The decimal number at `index` of `bytes` and the index after its digits; nil when no digit is there.
    private static func number(in bytes: [UInt8], at index: Int) -> (value: Int, end: Int)? {
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

import CZlib
import Foundation

/// What cairo 1.16 cannot give a PDF's marked content, written into the finished file: the text a span of glyphs
/// shows (`/ActualText`, PDF 1.7 § 14.9.4), which text extraction and search read in place of the glyphs.
///
/// Vertical text needs it. A column's glyphs stand one under another, and extractors that read text by position
/// (poppler's `pdftotext`, the viewers built on it) make each a line of its own, so a column's words cannot be
/// found. The renderer draws each vertical paragraph's glyphs inside a ``tag`` (cairo writes `/Span << /MCID n >>
/// BDC … EMC` into the page's contents) and notes its text; each span is then given its text, in drawing order.
enum PDFActualText {
    /// The structure tag a span of glyphs whose text is written afterwards is drawn inside.
    static let tag = "Span"

    /// `pdf` with `texts` as the `/ActualText` of its ``tag`` spans, the first text the first span's in the file's
    /// page contents (cairo writes pages in order); `pdf` unchanged when its spans do not number as many as
    /// `texts`, or a stream is not as cairo writes it.
    static func inserting(_ texts: [String], into pdf: Data) -> Data {
        guard !texts.isEmpty else { return pdf }
        let bytes = [UInt8](pdf)
        guard let table = PDFCrossReferenceTable(bytes) else { return pdf }
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var remaining = texts[...]
        // Only the pages' contents hold spans: fonts, pictures and character maps are not inflated.
        let pages = pageContents(in: bytes, table: table)
        let objects = pages.sorted { table.offsets[$0] < table.offsets[$1] }
        for number in objects {
            guard let stream = Stream(in: bytes, at: table.offsets[number], table: table) else { continue }
            guard let contents = inflate(bytes[stream.data]) else { return pdf }
            guard let (marked, count) = markingSpans(in: contents, with: remaining) else { continue }
            guard count <= remaining.count else { return pdf }
            remaining = remaining.dropFirst(count)
            guard let deflated = deflate(marked) else { return pdf }
            edits.append((stream.data, deflated))
            edits.append((stream.length, Array("\(deflated.count)".utf8)))
        }
        guard remaining.isEmpty, !edits.isEmpty else { return pdf }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var result: [UInt8] = []
        var cursor = 0
        for edit in edits {
            guard edit.range.lowerBound >= cursor else { return pdf }
            result += bytes[cursor..<edit.range.lowerBound] + edit.bytes
            cursor = edit.range.upperBound
        }
        result += bytes[cursor..<table.start]
        return Data(
            result + table.written(moving: edits.map { ($0.range.lowerBound, $0.bytes.count - $0.range.count) }))
    }

    /// The object numbers of the pages' contents: each page's `/Contents N 0 R` (cairo's page dictionaries open
    /// `<< /Type /Page `).
    private static func pageContents(in bytes: [UInt8], table: PDFCrossReferenceTable) -> Set<Int> {
        var numbers: Set<Int> = []
        for number in table.offsets.indices where table.isInUse(number) {
            let start = table.offsets[number]
            let header = Array("\(number) 0 obj\n<< /Type /Page ".utf8)
            guard bytes[start...].starts(with: header),
                let end = bytes[start..<table.start].firstRange(of: Array("endobj".utf8))?.lowerBound,
                let key = bytes[start..<end].firstRange(of: Array("/Contents ".utf8)),
                let (contents, _) = PDFCrossReferenceTable.number(in: bytes, at: key.upperBound),
                table.isInUse(contents)
            else { continue }
            numbers.insert(contents)
        }
        return numbers
    }

    /// A Flate stream as cairo writes it: `N 0 obj\n<< /Length M 0 R …/Filter /FlateDecode\n>>\nstream\n`, its data,
    /// and the length as object M (`M 0 obj\n   980\nendobj`), or directly in the dictionary.
    private struct Stream {
        /// Where the stream's data lies, and the digits of its length.
        let data: Range<Int>
        let length: Range<Int>

        init?(in bytes: [UInt8], at offset: Int, table: PDFCrossReferenceTable) {
            let limit = min(bytes.count, offset + 200)
            guard let open = bytes[offset..<limit].firstRange(of: Array("<<".utf8)),
                let close = bytes[open.upperBound..<limit].firstRange(of: Array(">>\nstream\n".utf8))
            else { return nil }
            let dictionary = bytes[open.upperBound..<close.lowerBound]
            guard dictionary.firstRange(of: Array("/Filter /FlateDecode".utf8)) != nil,
                let key = dictionary.firstRange(of: Array("/Length ".utf8)),
                let (value, end) = PDFCrossReferenceTable.number(in: bytes, at: key.upperBound)
            else { return nil }
            let dataLength: Int
            if bytes[end...].starts(with: Array(" 0 R".utf8)) {
                // An indirect length: object `value`, a number after spaces.
                guard table.isInUse(value) else { return nil }
                let object = table.offsets[value]
                let header = Array("\(value) 0 obj\n".utf8)
                guard object + header.count < bytes.count, bytes[object...].starts(with: header) else { return nil }
                var digits = object + header.count
                while digits < bytes.count, bytes[digits] == UInt8(ascii: " ") { digits += 1 }
                guard let (count, countEnd) = PDFCrossReferenceTable.number(in: bytes, at: digits) else { return nil }
                dataLength = count
                length = digits..<countEnd
            } else {
                dataLength = value
                length = key.upperBound..<end
            }
            let start = close.upperBound
            guard dataLength >= 0, start + dataLength <= bytes.count else { return nil }
            data = start..<(start + dataLength)
        }
    }

    /// `contents` (a page's drawing operators, one a line as cairo writes them) with each ``tag`` span's properties
    /// given the next of `texts`, and how many spans it has (more than `texts` when they ran out); nil when it has
    /// none. cairo marks a glyph whose characters it cannot map through the font with an `/ActualText` span of its
    /// own; inside a span given its text those are dropped, as extractors read no span inside another.
    private static func markingSpans(in contents: [UInt8], with texts: ArraySlice<String>) -> ([UInt8], Int)? {
        enum Span { case given, dropped, other }
        let opening = Array("/\(tag) << /MCID ".utf8), nested = Array("/\(tag) << /ActualText ".utf8)
        let markEnd = Array("EMC".utf8), markStart = Array(" BDC".utf8)
        var result: [UInt8] = []
        var spans: [Span] = []
        var count = 0
        for line in contents.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let beginsSpan = line.count >= markStart.count && line.suffix(markStart.count).elementsEqual(markStart)
            if beginsSpan, line.starts(with: opening) {
                // Past the last text, spans are only counted: the caller refuses the file.
                if count < texts.count {
                    result += Array("/\(tag) << /ActualText \(hexString(texts[texts.startIndex + count])) /MCID ".utf8)
                    result += line.dropFirst(opening.count)
                    result.append(UInt8(ascii: "\n"))
                    spans.append(.given)
                } else {
                    spans.append(.other)
                }
                count += 1
                continue
            }
            if beginsSpan {
                let drops = line.starts(with: nested) && spans.contains(.given)
                spans.append(drops ? .dropped : .other)
                if drops { continue }
            } else if line.elementsEqual(markEnd), spans.popLast() == .dropped {
                continue
            }
            result += line
            result.append(UInt8(ascii: "\n"))
        }
        guard count > 0 else { return nil }
        // The split added a line break after the last line, which had none.
        if contents.last != UInt8(ascii: "\n") { result.removeLast() }
        return (result, count)
    }

    /// `text` as a PDF text string: UTF-16BE after its byte-order mark, in hexadecimal.
    static func hexString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { String(format: "%04X", $0) }.joined() + ">"
    }

    /// The bytes a zlib stream holds; nil when they are not one.
    private static func inflate(_ compressed: ArraySlice<UInt8>) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = Array(compressed)
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            var status = Z_OK
            while status == Z_OK {
                status = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[0..<(chunk.count - Int(stream.avail_out))]
            }
            return status
        }
        return status == Z_STREAM_END ? output : nil
    }

    /// `bytes` as a zlib stream.
    private static func deflate(_ bytes: [UInt8]) -> [UInt8]? {
        var size = compressBound(UInt(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { buffer in
            compress2(buffer.baseAddress, &size, bytes, UInt(bytes.count), Z_DEFAULT_COMPRESSION)
        }
        return status == Z_OK ? Array(output[0..<Int(size)]) : nil
    }
}

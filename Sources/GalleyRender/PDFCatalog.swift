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
        guard let table = PDFCrossReferenceTable(bytes), let root = table.rootObject, root < table.offsets.count else {
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
        result += table.written(moving: [(insertion, entry.count)])
        return Data(result)
    }
}

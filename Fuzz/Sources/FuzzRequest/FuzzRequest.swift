import Foundation
import FuzzSupport
import Galley
import GalleyDocuments
import GalleyRequests

/// The request decoder: the input's first line as a query string (`galley serve`'s parameters), the rest as a
/// `measure` row. Decoding never crashes, and no option or row key reads a file outside the folders allowed (none
/// here): a decoded font file or picture would have had to pass the access.
@main
enum Target {
    static func main() { runFuzzer(fuzz) }
}

func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    let newline = text.firstIndex(of: "\n") ?? text.endIndex
    let query = String(text[..<newline])
    let access = FileAccess.only([])
    for work in [RequestSetting.Work.document, .measure] {
        guard let items = try? RequestQuery.items(query),
            let options = try? RequestOptions(items: items, from: .query, work: work, access: access)
        else { continue }
        if case .file? = options.values[.font]?.last { fatalError("a font file passed an access that allows none") }
        _ = options.textSettings
        _ = options.fontRequest
        _ = options.widths
    }
    guard newline < text.endIndex, let library = try? FontLibrary.bundledOnly,
        let defaults = try? MeasureRow.Defaults(
            RequestOptions(work: .measure, access: access), library: library, width: 320, access: access)
    else { return }
    var id = "null"
    _ = try? MeasureRow.decode(
        String(text[text.index(after: newline)...]), defaults: defaults, library: library, id: &id)
}

import Foundation

/// The benchmark corpus (Corpus/notes.txt, made by Corpus/make-corpus): 5,000 note rows, one per line.
public enum Corpus {
    /// The directory of the Galley repository.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL

    /// The rows, or none when the file is missing.
    public static let rows: [String] = {
        let url = repository.appendingPathComponent("Benchmarks/Corpus/notes.txt")
        return (try? String(contentsOf: url, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
    }()

    /// The first rows joined with newlines until the note reaches 3,000 Unicode scalars (as compare-pango builds it).
    public static let note: String = {
        var note = "", scalars = 0
        for row in rows {
            if scalars >= 3_000 { break }
            note += (note.isEmpty ? "" : "\n") + row
            scalars += (scalars == 0 ? 0 : 1) + row.unicodeScalars.count
        }
        return note
    }()
}
